/**
 * The dashboard's date range in the company's time zone: whole days, the end
 * day included. Default: from the first of the current month to today.
 */
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'

export interface DayRange {
  /** first instant of the first day */
  from: Date
  /** first instant after the last day */
  to: Date
  fromDay: string
  toDay: string
  zone: string
}

const MAX_DAYS = 366

function day(text: string, zone: string) {
  const d = DateTime.fromISO(text, { zone })
  if (!d.isValid)
    throw new AppError('ERR_DASHBOARD_FILTER', 400, {
      fields: [{ field: 'date', rule: 'date', message: 'YYYY-MM-DD' }],
    })
  return d.startOf('day')
}

export function dayRange(
  input: { from?: string | null; to?: string | null; days?: number | null },
  zone: string,
  now: DateTime = DateTime.now()
): DayRange {
  const today = now.setZone(zone).startOf('day')
  let start: DateTime
  let end: DateTime
  if (input.from || input.to) {
    start = input.from ? day(input.from, zone) : today.startOf('month')
    end = input.to ? day(input.to, zone) : today
  } else if (input.days) {
    end = today
    start = today.minus({ days: input.days - 1 })
  } else {
    start = today.startOf('month')
    end = today
  }
  if (start > end || end.diff(start, 'days').days >= MAX_DAYS) throw new AppError('ERR_DASHBOARD_FILTER', 400)
  return {
    from: start.toJSDate(),
    to: end.plus({ days: 1 }).toJSDate(),
    fromDay: start.toISODate()!,
    toDay: end.toISODate()!,
    zone,
  }
}
