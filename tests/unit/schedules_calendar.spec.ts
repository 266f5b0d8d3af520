/**
 * The events the schedules calendar draws (remotes/schedules/src/calendar.ts), in the process's
 * time zone, which is the browser's in the page.
 */
import { test } from '@japa/runner'
import { toEvents } from '../../remotes/schedules/src/calendar.js'
import type { Schedule } from '../../remotes/schedules/src/types.js'

const at = (h: number, m: number) => new Date(2026, 10, 28, h, m).toISOString()
const schedule = (sendAt: string) =>
  ({ id: 1, contactId: 2, contact: { id: 2, name: 'Ana' }, body: 'Oi', sendAt, status: 'AGENDADA' }) as Schedule

test.group('schedules calendar events', () => {
  test('a send is a 30-minute block that ends with its day, so one near midnight stays a one-day event', ({
    assert,
  }) => {
    const [morning] = toEvents([schedule(at(9, 0))])
    assert.equal(morning.end.getTime() - morning.start.getTime(), 30 * 60_000)
    const [late] = toEvents([schedule(at(23, 50))])
    assert.equal(late.start.toISOString(), at(23, 50))
    assert.equal(late.end.getDate(), late.start.getDate())
    assert.isAbove(late.end.getTime(), late.start.getTime())
    assert.equal(late.end.getTime(), new Date(2026, 10, 28, 23, 59, 59, 999).getTime())
  })

  test('a projected later send is drawn the same way, keyed by its schedule and time', ({ assert }) => {
    const [event] = toEvents([], [{ scheduleId: 7, sendAt: at(23, 45), body: 'Oi', contact: { id: 2, name: 'Ana' } }])
    assert.equal(event.key, `o-7-${at(23, 45)}`)
    assert.equal(event.status, 'PROJECTED')
    assert.equal(event.end.getDate(), 28)
  })
})
