/**
 * Service hours: is a company, connection or queue open now? Evaluated in the
 * company's time zone (not the database server's). A weekday entry has two
 * shifts, A and B; an empty start means 00:00, an empty end means the shift is
 * not used. A day without an entry counts as open (nothing configured), as the
 * product always behaved.
 */
import { DateTime } from 'luxon'

export interface WeekdaySchedule {
  weekdayEn: string
  startTimeA?: string
  endTimeA?: string
  startTimeB?: string
  endTimeB?: string
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number)
  return h * 60 + m
}

function inShift(now: number, start: string | undefined, end: string | undefined) {
  if (!end) return false
  const from = start ? minutes(start) : 0
  const to = minutes(end)
  // an overnight shift (22:00-06:00) wraps around midnight
  return from <= to ? now >= from && now <= to : now >= from || now <= to
}

export function isWithinHours(
  schedules: WeekdaySchedule[] | null | undefined,
  timezone: string,
  at: DateTime<boolean> = DateTime.now()
) {
  const local = at.setZone(timezone)
  const day = local.setLocale('en').toFormat('cccc').toLowerCase()
  const entry = (schedules ?? []).find((s) => s.weekdayEn === day)
  if (!entry) return true
  const now = local.hour * 60 + local.minute
  return inShift(now, entry.startTimeA, entry.endTimeA) || inShift(now, entry.startTimeB, entry.endTimeB)
}
