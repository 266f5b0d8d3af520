/**
 * Calendar helpers in the browser's time zone (pure): the range a
 * react-big-calendar view shows (what the page loads), the default send time
 * of a new schedule (spec 3 §9: now plus 1 hour), datetime-local values and
 * the events the calendar draws.
 */
import { DateTime } from 'luxon'
import type { Occurrence, Schedule, ScheduleStatus } from './types.js'

export type View = 'month' | 'week' | 'work_week' | 'day' | 'agenda'
export const VIEWS: View[] = ['month', 'week', 'work_week', 'day', 'agenda']
/** the agenda lists this many days from its date (react-big-calendar's `length`) */
export const AGENDA_DAYS = 30
/** weeks start on Sunday, as the products' calendar does in Portuguese (luxon: 7) */
export const FIRST_DAY_OF_WEEK = 7

/** a Sunday-first week's start */
function weekStart(d: DateTime) {
  return d.startOf('day').minus({ days: d.weekday % 7 })
}

/**
 * The time a view shows, [start, end), with a margin of whole weeks around a
 * month (react-big-calendar fills its grid with the neighbours' days).
 */
export function viewRange(view: View, date: Date): { start: Date; end: Date } {
  const d = DateTime.fromJSDate(date)
  let start: DateTime
  let end: DateTime
  if (view === 'day') [start, end] = [d.startOf('day'), d.startOf('day').plus({ days: 1 })]
  else if (view === 'week' || view === 'work_week') [start, end] = [weekStart(d), weekStart(d).plus({ days: 7 })]
  else if (view === 'agenda') [start, end] = [d.startOf('day'), d.startOf('day').plus({ days: AGENDA_DAYS + 1 })]
  else {
    start = weekStart(d.startOf('month'))
    end = start.plus({ days: 42 })
  }
  return { start: start.toJSDate(), end: end.toJSDate() }
}

/** the luxon locale of the user's language (i18next: pt, en, es) */
export function calendarLocale(language: string | undefined) {
  const lang = (language || 'pt').slice(0, 2)
  return lang === 'en' ? 'en-US' : lang === 'es' ? 'es' : 'pt-BR'
}

/** spec 3 §9: a new schedule goes out in one hour, unless a future slot was chosen */
export function defaultSendAt(now: Date, slot?: Date | null): Date {
  if (slot && slot.getTime() > now.getTime()) return slot
  return new Date(now.getTime() + 3600_000)
}

/**
 * The send time of a slot clicked in the calendar: a time-grid slot is its
 * time; a whole day (month view) is 9:00 that day, or an hour from now today.
 */
export function slotTime(start: Date, wholeDay: boolean, now = new Date()): Date {
  if (!wholeDay) return start
  const nine = DateTime.fromJSDate(start).startOf('day').set({ hour: 9 }).toJSDate()
  return nine.getTime() > now.getTime() ? nine : defaultSendAt(now)
}

/** a Date as the value of an <input type="datetime-local"> */
export function toLocalInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}

/** the value of an <input type="datetime-local"> (local time) as a Date, or null */
export function fromLocalInput(v: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(v)
  if (!m) return null
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]))
  return Number.isNaN(d.getTime()) ? null : d
}

export const upperFirst = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1)

export interface CalendarEvent {
  key: string
  title: string
  start: Date
  end: Date
  status: ScheduleStatus | 'PROJECTED'
  schedule?: Schedule
  occurrence?: Occurrence
}

/**
 * An event is drawn 30 minutes long, so a short message is still a readable block; it ends with
 * its day, so a send at 23:50 stays in that day's time column (an event past midnight would be a
 * two-day event, moved to the week's all-day row).
 */
const EVENT_MINUTES = 30

export function toEvents(schedules: Schedule[], occurrences: Occurrence[] = []): CalendarEvent[] {
  const block = (iso: string) => {
    const start = new Date(iso)
    const dayEnd = new Date(start)
    dayEnd.setHours(23, 59, 59, 999)
    return { start, end: new Date(Math.min(start.getTime() + EVENT_MINUTES * 60_000, dayEnd.getTime())) }
  }
  return [
    ...schedules.map((s) => ({
      key: `s-${s.id}`,
      title: `${s.contact?.name ?? s.contactId}: ${s.body}`,
      ...block(s.sendAt),
      status: s.status,
      schedule: s,
    })),
    ...occurrences.map((o) => ({
      key: `o-${o.scheduleId}-${o.sendAt}`,
      title: `${o.contact.name}: ${o.body}`,
      ...block(o.sendAt),
      status: 'PROJECTED' as const,
      occurrence: o,
    })),
  ]
}
