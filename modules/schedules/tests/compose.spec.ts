import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import { compose, greeting } from '../services/compose.js'
import { buildRule, nextOccurrence, occurrencesIn, repeatOf, type Repeat } from '../services/recurrence.js'

const ZONE = 'America/Sao_Paulo'

test.group('schedules: placeholders and recurrence (pure)', () => {
  test('placeholders are filled; unknown ones stay as typed', ({ assert }) => {
    const now = DateTime.fromISO('2026-12-02T08:15:00', { zone: ZONE }).toMillis()
    const out = compose(
      '{{ms}} {{firstName}} ({{name}}, {{number}}) — {{user}} {{date}} {{hour}} {{nope}} {{ connection }}',
      {
        contact: { name: 'Maria da Silva', number: '5511999990000', email: null },
        userName: 'Marcos',
        connectionName: 'Loja',
        now,
        timezone: ZONE,
      }
    )
    assert.equal(out, 'Bom dia Maria (Maria da Silva, 5511999990000) — Marcos 02/12/2026 08:15 {{nope}} Loja')
    assert.equal(greeting(13), 'Boa tarde')
    assert.equal(greeting(19), 'Boa noite')
  })

  test('rrule: daily, weekly, monthly in the company zone (a month end stays one)', ({ assert }) => {
    const at = DateTime.fromISO('2026-01-31T09:00:00', { zone: ZONE })
    const fmt = (ms: number | null) => DateTime.fromMillis(ms!, { zone: ZONE }).toISO()
    const next = (r: Partial<Repeat>) => {
      const rule = buildRule({ every: 'none', weekdays: [], count: 5, until: null, ...r }, at.toMillis(), ZONE)
      return nextOccurrence({ sendAt: at, repeatEvery: r.every ?? 'none', ...rule }, ZONE)
    }
    assert.equal(fmt(next({ every: 'daily' })), at.plus({ days: 1 }).toISO())
    assert.equal(fmt(next({ every: 'weekly' })), at.plus({ weeks: 1 }).toISO())
    assert.equal(fmt(next({ every: 'monthly' })), '2026-02-28T09:00:00.000-03:00')
    assert.isNull(next({ every: 'none' }))
    // weekly on weekdays: Saturday 31st → Monday 2nd, then Wednesday 4th
    const weekly = buildRule({ every: 'weekly', weekdays: ['MO', 'WE'], count: 3, until: null }, at.toMillis(), ZONE)
    assert.equal(weekly.rrule, 'FREQ=WEEKLY;BYDAY=MO,WE')
    const row = { sendAt: at, repeatEvery: 'weekly' as const, ...weekly }
    assert.deepEqual(
      occurrencesIn(row, 0, Number.MAX_SAFE_INTEGER, ZONE).map(fmt),
      ['2026-02-02T09:00:00.000-03:00', '2026-02-04T09:00:00.000-03:00'],
      'count 3: this send and two more'
    )
    assert.deepEqual(repeatOf(row), { every: 'weekly', weekdays: ['MO', 'WE'], count: 3, until: null })
    // a month end: March 31st after February 28th (the rule remembers the 31st)
    const monthly = buildRule({ every: 'monthly', weekdays: [], count: 3, until: null }, at.toMillis(), ZONE)
    const feb = DateTime.fromMillis(next({ every: 'monthly' })!, { zone: ZONE })
    assert.equal(
      fmt(nextOccurrence({ sendAt: feb, repeatEvery: 'monthly', ...monthly, repeatCount: 2 }, ZONE)),
      '2026-03-31T09:00:00.000-03:00'
    )
    // a date ends it: the sends up to that day are counted (31st, 1st, 2nd, 3rd)
    const until = buildRule({ every: 'daily', weekdays: [], count: null, until: '2026-02-03' }, at.toMillis(), ZONE)
    assert.equal(until.repeatCount, 4)
    assert.deepInclude(repeatOf({ repeatEvery: 'daily', ...until }), { until: '2026-02-03', count: null })
  })

  test('rrule: bad rules are refused with their ERR_ code', ({ assert }) => {
    const at = DateTime.fromISO('2026-01-31T09:00:00', { zone: ZONE }).toMillis()
    const code = (r: Partial<Repeat>) => {
      try {
        buildRule({ every: 'daily', weekdays: [], count: null, until: null, ...r }, at, ZONE)
        return null
      } catch (e) {
        return e instanceof AppError ? e.code : String(e)
      }
    }
    assert.equal(code({}), 'ERR_SCHEDULE_REPEAT_END')
    assert.equal(code({ count: 3, until: '2026-03-01' }), 'ERR_SCHEDULE_REPEAT_END')
    assert.equal(code({ count: 3, weekdays: ['MO'] }), 'ERR_SCHEDULE_REPEAT_WEEKDAYS')
    assert.equal(code({ until: '2026-01-30' }), 'ERR_SCHEDULE_REPEAT_UNTIL')
    assert.equal(code({ until: '2026-02-30' }), 'ERR_SCHEDULE_REPEAT_UNTIL')
    assert.equal(code({ until: '2028-01-31' }), 'ERR_SCHEDULE_REPEAT_TOO_MANY')
    assert.isNull(code({ every: 'none' }))
  })
})
