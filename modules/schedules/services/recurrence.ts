/**
 * Recurring schedules with RFC 5545 rules (the rrule library). A schedule row
 * is one occurrence; its `rrule` (FREQ, BYDAY, the month-end set, UNTIL; no
 * DTSTART) is read from the row's own sendAt, and `repeatCount` is how many
 * sends are left including this one. After a send the scheduler writes the
 * next occurrence as a row of its own with the same rule and one send fewer.
 *
 * Times: rrule.js has no real time zones, so rules run on "wall time" dates
 * (a UTC Date whose fields are the company zone's clock, the library's
 * floating-time idiom) and are turned back into instants with luxon. That
 * keeps 09:00 at 09:00 across a daylight-saving change. UNTIL is a wall time
 * too (the end day's 23:59:59 in the company's zone).
 */
import rrulePkg from 'rrule'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import type { RepeatEvery } from '../models/schedule.js'

const { RRule } = rrulePkg
type Options = ConstructorParameters<typeof RRule>[0]

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type WeekdayCode = (typeof WEEKDAYS)[number]
/** sends of one series at most (spec 3 leaves it open; the products had no recurrence) */
export const MAX_SENDS = 365

const FREQ: Record<Exclude<RepeatEvery, 'none'>, number> = {
  daily: RRule.DAILY,
  weekly: RRule.WEEKLY,
  monthly: RRule.MONTHLY,
}
const DEFAULT_ZONE = 'America/Sao_Paulo'

/** an instant as the wall-time Date rrule works on (seconds precision) */
function wall(ms: number, zone: string): Date {
  const t = DateTime.fromMillis(ms, { zone: zone || DEFAULT_ZONE })
  return new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second))
}

/** a wall-time Date back to an instant in the zone */
function instant(d: Date, zone: string): number {
  return DateTime.fromObject(
    {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    },
    { zone: zone || DEFAULT_ZONE }
  ).toMillis()
}

/** What the dialog and the API speak; the row stores it as `rrule` + `repeatCount`. */
export interface Repeat {
  every: RepeatEvery
  weekdays: WeekdayCode[]
  /** sends in all, this one included (ending after N times) */
  count: number | null
  /** the last day (yyyy-MM-dd, company zone) a send may fall on (ending on a date) */
  until: string | null
}

/** The repeat of a stored row (a row of before the rrule column has only repeatEvery). */
export function repeatOf(row: { rrule: string | null; repeatEvery: RepeatEvery; repeatCount: number }): Repeat {
  if (row.repeatEvery === 'none') return { every: 'none', weekdays: [], count: null, until: null }
  const o = row.rrule ? RRule.parseString(row.rrule) : {}
  const days = (Array.isArray(o.byweekday) ? o.byweekday : o.byweekday ? [o.byweekday] : []) as any[]
  const weekdays = days.map((d) => WEEKDAYS[typeof d === 'number' ? d : d.weekday]).filter(Boolean)
  const until = o.until
    ? `${o.until.getUTCFullYear()}-${String(o.until.getUTCMonth() + 1).padStart(2, '0')}-${String(o.until.getUTCDate()).padStart(2, '0')}`
    : null
  return { every: row.repeatEvery, weekdays, count: until ? null : row.repeatCount, until }
}

/** The stored rule of a repeat that starts at `sendAt` (ms). Throws the ERR_SCHEDULE_REPEAT_* codes. */
export function buildRule(r: Repeat, sendAt: number, zone: string): { rrule: string | null; repeatCount: number } {
  if (r.every === 'none') return { rrule: null, repeatCount: 1 }
  if (r.weekdays.length && r.every !== 'weekly') throw new AppError('ERR_SCHEDULE_REPEAT_WEEKDAYS', 422)
  if ((r.count === null) === (r.until === null)) throw new AppError('ERR_SCHEDULE_REPEAT_END', 422)
  const start = wall(sendAt, zone)
  const options: Partial<Options> = { freq: FREQ[r.every] }
  if (r.every === 'weekly' && r.weekdays.length) {
    options.byweekday = r.weekdays.map((d) => WEEKDAYS.indexOf(d))
  }
  // the 29th–31st stay the month's last such day in a shorter month (RFC 5545 would skip that month)
  const day = start.getUTCDate()
  if (r.every === 'monthly' && day > 28) {
    options.bymonthday = Array.from({ length: day - 27 }, (_, i) => 28 + i)
    options.bysetpos = -1
  }
  if (r.until) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(r.until)
    const until = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59)) : null
    const real = until && until.getUTCMonth() === Number(m![2]) - 1 && until.getUTCDate() === Number(m![3])
    if (!until || !real || until < start) throw new AppError('ERR_SCHEDULE_REPEAT_UNTIL', 422)
    options.until = until
  }
  const rrule = RRule.optionsToString(options).replace(/^RRULE:/, '')
  let repeatCount = r.count ?? 0
  if (r.until) {
    // ending on a date: the sends up to it, counted now (the row then counts down like "after N times")
    repeatCount = 1 + following(sendAt, rrule, MAX_SENDS + 1, zone).length
  }
  if (repeatCount > MAX_SENDS) throw new AppError('ERR_SCHEDULE_REPEAT_TOO_MANY', 422)
  return { rrule, repeatCount: Math.max(1, repeatCount) }
}

/** the legacy rule of a row written before the rrule column */
const legacyRule = (every: RepeatEvery) =>
  every === 'none' ? null : `FREQ=${{ daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY' }[every]}`

/**
 * The occurrences after `sendAt` (ms), at most `limit`, stopping at `beforeMs`
 * when given. The sub-second part of sendAt is kept, so the next row's time is
 * exact to the millisecond like the first one's.
 */
export function following(sendAt: number, rrule: string, limit: number, zone: string, beforeMs?: number): number[] {
  const start = wall(sendAt, zone)
  const rule = new RRule({ ...RRule.parseString(rrule), dtstart: start })
  const ms = ((sendAt % 1000) + 1000) % 1000
  const out: number[] = []
  rule.all((d) => {
    if (out.length >= limit) return false
    if (d <= start) return true
    const at = instant(d, zone) + ms
    if (beforeMs !== undefined && at >= beforeMs) return false
    out.push(at)
    return out.length < limit
  })
  return out
}

/** The next send of a recurring row, or null (its last send, or a rule that has ended). */
export function nextOccurrence(
  row: { sendAt: DateTime; rrule: string | null; repeatEvery: RepeatEvery; repeatCount: number },
  zone: string
): number | null {
  const rule = row.rrule ?? legacyRule(row.repeatEvery)
  if (!rule || row.repeatCount <= 1) return null
  return following(row.sendAt.toMillis(), rule, 1, zone)[0] ?? null
}

/** The sends of a recurring row after its own, inside [from, to) (the calendar's projection). */
export function occurrencesIn(
  row: { sendAt: DateTime; rrule: string | null; repeatEvery: RepeatEvery; repeatCount: number },
  from: number,
  to: number,
  zone: string
): number[] {
  const rule = row.rrule ?? legacyRule(row.repeatEvery)
  if (!rule || row.repeatCount <= 1) return []
  return following(row.sendAt.toMillis(), rule, row.repeatCount - 1, zone, to).filter((t) => t >= from)
}
