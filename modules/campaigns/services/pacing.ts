/**
 * When a connection may send its next campaign message (pure: the caller
 * passes the time, the settings and the random source).
 *
 * - messageInterval is randomised within ±50 % so sends never fall on a fixed beat;
 * - after every longerIntervalAfter sends the pause is greaterInterval instead;
 * - a send time outside startHour–endHour, or on a Saturday/Sunday that is off,
 *   moves to the next allowed start, in the company's time zone.
 */
import { DateTime } from 'luxon'
import type { CampaignSettings } from './campaign_settings.js'

type Window = Pick<CampaignSettings, 'startHour' | 'endHour' | 'sabado' | 'domingo'>
type Pace = Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** Seconds to wait after the sentCount-th send (1-based). */
export function pauseAfter(sentCount: number, pace: Pace, random: () => number = Math.random): number {
  if (pace.longerIntervalAfter > 0 && sentCount > 0 && sentCount % pace.longerIntervalAfter === 0) {
    return pace.greaterInterval
  }
  if (pace.messageInterval <= 0) return 0
  return pace.messageInterval * (0.5 + random())
}

function dayAllowed(local: DateTime, w: Window) {
  if (local.weekday === 6) return w.sabado
  if (local.weekday === 7) return w.domingo
  return true
}

/** The first instant ≥ t (ms) inside the sending window, in the zone. */
export function nextAllowed(t: number, w: Window, zone: string): number {
  const start = minutesOf(w.startHour)
  const end = minutesOf(w.endHour)
  let local = DateTime.fromMillis(t, { zone })
  if (!local.isValid) local = DateTime.fromMillis(t, { zone: 'America/Sao_Paulo' })
  for (let i = 0; i < 9; i++) {
    const dayStart = local.startOf('day')
    const minute = local.hour * 60 + local.minute
    if (dayAllowed(local, w)) {
      if (minute < start) return dayStart.plus({ minutes: start }).toMillis()
      if (minute < end) return local.toMillis()
    }
    local = dayStart.plus({ days: 1 })
  }
  // no day allowed at all (both weekend days off is still 5 days): unreachable with a sane window
  return t
}

/** Whether t is inside the window. */
export const insideWindow = (t: number, w: Window, zone: string) => nextAllowed(t, w, zone) === t

/** The time of the next send after one at `now` that was the sentCount-th on its connection. */
export function nextSendAt(now: number, sentCount: number, s: Pace & Window, zone: string, random?: () => number) {
  return nextAllowed(now + Math.round(pauseAfter(sentCount, s, random) * 1000), s, zone)
}
