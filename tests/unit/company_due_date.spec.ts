import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Company from '#models/company'

/** A company due on `due`, in São Paulo (UTC-3) unless told. */
function company(due: string, timezone = 'America/Sao_Paulo') {
  const c = new Company()
  c.dueDate = DateTime.fromISO(due)
  c.timezone = timezone
  return c
}

test.group('company due date', () => {
  test("days left and expiry count in the company's time zone, not the server's or the browser's", ({ assert }) => {
    // 01:00 UTC on the 27th is still the 26th in São Paulo
    const night = DateTime.fromISO('2026-11-27T01:00:00Z')
    assert.equal(company('2026-11-26').daysLeft(night), 0)
    assert.isFalse(company('2026-11-26').isExpired(night))
    assert.equal(company('2026-11-25').daysLeft(night), -1)
    assert.isTrue(company('2026-11-25').isExpired(night))
    assert.equal(company('2026-11-29').daysLeft(night), 3)
    // the same moment in Lisbon is already the 27th
    assert.equal(company('2026-11-26', 'Europe/Lisbon').daysLeft(night), -1)
  })

  test('a company without a due date never expires', ({ assert }) => {
    const none = new Company()
    none.timezone = 'America/Sao_Paulo'
    assert.isNull(none.daysLeft())
    assert.isFalse(none.isExpired())
  })
})
