/**
 * GET /dashboard's numbers, from the daily sums of the tracking sessions
 * queued in the range (summed per agent: the attendants' rows, whose totals
 * are the counters) and the tickets' current states for what is happening now.
 *
 * Formulas (reference §6): times in minutes, averaged over positive values
 * only (wait = queued → started, service = started → service end); NPS over
 * the rated sessions: promoters 9–10, passives 7–8, detractors 0–6, each a
 * percentage, score = promoters% − detractors% (taken from the counts).
 */
import db from '@adonisjs/lucid/services/db'
import { User } from '#core/models'
import { tenantTable } from '#core/tenancy'
import type { DayRange } from './range.js'

export interface Filters {
  queueId?: number | null
  userId?: number | null
}

const round2 = (v: unknown) => (v === null || v === undefined ? 0 : Math.round(Number(v) * 100) / 100)
const pct = (part: number, whole: number) => (whole > 0 ? round2((part * 100) / whole) : 0)

function sessions(range: DayRange, filters: Filters) {
  const q = tenantTable('dashboard_ticket_sessions as s')
    .where('s.queued_at', '>=', range.from)
    .where('s.queued_at', '<', range.to)
  if (filters.queueId) q.where('s.queue_id', filters.queueId)
  if (filters.userId) q.where('s.user_id', filters.userId)
  return q
}

/** Per-agent sums of the range's sessions (agent null included): one scan feeds counters and attendants. */
interface Sums {
  user_id: number | null
  tickets: number
  finished: number
  wait_sum: number
  wait_n: number
  service_sum: number
  service_n: number
  wait_rating: number
  without_rating: number
  with_rating: number
  rated: number
  rate_sum: number
  promoters: number
  passives: number
  detractors: number
}

/** The range's daily sums per agent (dashboard_daily, kept by tracking): a month is a few hundred rows. */
async function sums(range: DayRange, filters: Filters): Promise<Sums[]> {
  const q = tenantTable('dashboard_daily as d').whereBetween('d.day', [range.fromDay, range.toDay])
  if (filters.queueId) q.where('d.queue_key', filters.queueId)
  if (filters.userId) q.where('d.user_key', filters.userId)
  const counts = ['tickets', 'finished', 'wait_n', 'service_n', 'wait_rating', 'without_rating', 'with_rating']
  const more = ['rated', 'rate_sum', 'promoters', 'passives', 'detractors']
  const rows = await q
    .groupBy('d.user_key')
    .select(
      'd.user_key',
      ...[...counts, ...more].map((c) => db.raw(`sum(d.${c})::int AS ${c}`)),
      db.raw('sum(d.wait_sum)::float8 AS wait_sum'),
      db.raw('sum(d.service_sum)::float8 AS service_sum')
    )
  return rows.map((r: any) => ({ ...r, user_id: r.user_key === 0 ? null : r.user_key }))
}

const avg = (sum: number, n: number) => (n > 0 ? round2(sum / n) : 0)

function counterValues(groups: Sums[], live: (status: string) => number) {
  const total = (k: keyof Omit<Sums, 'user_id'>) => groups.reduce((acc, g) => acc + Number(g[k]), 0)
  const rated = total('rated')
  const promoters = total('promoters')
  const detractors = total('detractors')
  const tickets = total('tickets')
  const withRating = total('with_rating')
  return {
    supportHappening: live('open'),
    supportPending: live('pending'),
    supportFinished: total('finished'),
    avgSupportTime: avg(total('service_sum'), total('service_n')),
    avgWaitTime: avg(total('wait_sum'), total('wait_n')),
    npsPromotersPerc: pct(promoters, rated),
    npsPassivePerc: pct(total('passives'), rated),
    npsDetractorsPerc: pct(detractors, rated),
    // from the counts, not the rounded percentages (66.67 − 33.33 would give 33.34)
    npsScore: pct(promoters - detractors, rated),
    tickets,
    waitRating: total('wait_rating'),
    withoutRating: total('without_rating'),
    withRating,
    percRating: pct(withRating, tickets),
  }
}

async function liveStates(filters: Filters) {
  const now = tenantTable('dashboard_ticket_states as t').whereIn('t.status', ['open', 'pending'])
  if (filters.queueId) now.where('t.queue_id', filters.queueId)
  if (filters.userId) now.where('t.user_id', filters.userId)
  const states: { status: string; n: number }[] = await now
    .groupBy('t.status')
    .select('t.status', db.raw('count(*)::int AS n'))
  return (status: string) => states.find((s) => s.status === status)?.n ?? 0
}

const attendantsQuery = (filters: Filters) => {
  const users = User.query()
  if (filters.userId) users.where('id', filters.userId)
  return users
}

/** The attendants table's row count (one row per user of the company, or the filtered one). */
export async function attendantCount(filters: Filters) {
  const [row] = await attendantsQuery(filters).count('* as n')
  return Number(row.$extras.n)
}

/** GET /dashboard's body: the counters and one row per user of the company. */
export async function dashboard(range: DayRange, filters: Filters) {
  const users = attendantsQuery(filters).select('id', 'name', 'online').orderBy('name')
  const [groups, live, list] = await Promise.all([sums(range, filters), liveStates(filters), users])
  const byUser = new Map(groups.filter((g) => g.user_id !== null).map((g) => [g.user_id!, g]))
  return {
    counters: counterValues(groups, live),
    attendants: list.map((u) => {
      const g = byUser.get(u.id)
      return {
        id: u.id,
        name: u.name,
        online: u.online,
        tickets: g?.tickets ?? 0,
        rating: g ? avg(g.rate_sum, g.rated) : 0,
        countRating: g?.rated ?? 0,
        avgWaitTime: g ? avg(g.wait_sum, g.wait_n) : 0,
        avgSupportTime: g ? avg(g.service_sum, g.service_n) : 0,
      }
    }),
  }
}

/** Sessions per agent in the range (the "tickets per attendant" chart). */
export async function ticketsPerUser(range: DayRange) {
  const rows = await tenantTable('dashboard_daily as d')
    .whereBetween('d.day', [range.fromDay, range.toDay])
    .where('d.user_key', '>', 0)
    .groupBy('d.user_key')
    .select('d.user_key as user_id', db.raw('sum(d.tickets)::int AS quantity'))
  const names = new Map(
    (
      await User.query()
        .whereIn(
          'id',
          rows.map((r: any) => r.user_id)
        )
        .select('id', 'name')
    ).map((u) => [u.id, u.name])
  )
  return rows
    .map((r: any) => ({ userId: r.user_id, name: names.get(r.user_id) ?? '', quantity: r.quantity }))
    .sort((a: any, b: any) => b.quantity - a.quantity || a.name.localeCompare(b.name))
}

/** Sessions per day in the company's time zone, every day of the range listed; per hour for a single day. */
export async function ticketsPerDay(range: DayRange) {
  const single = range.fromDay === range.toDay
  // hours of one day from its sessions; days from the daily sums
  const rows = single
    ? await sessions(range, {})
        .select(
          db.raw(`to_char(s.queued_at AT TIME ZONE ?, 'HH24') AS label`, [range.zone]),
          db.raw('count(*)::int AS quantity')
        )
        .groupByRaw('1')
    : await tenantTable('dashboard_daily as d')
        .whereBetween('d.day', [range.fromDay, range.toDay])
        .select(db.raw(`to_char(d.day, 'YYYY-MM-DD') AS label`), db.raw('sum(d.tickets)::int AS quantity'))
        .groupByRaw('1')
  const counts = new Map<string, number>(rows.map((r: any) => [r.label, r.quantity]))
  const labels: string[] = []
  if (single) for (let h = 0; h < 24; h++) labels.push(String(h).padStart(2, '0'))
  else {
    const { DateTime } = await import('luxon')
    for (let d = DateTime.fromISO(range.fromDay); d.toISODate()! <= range.toDay; d = d.plus({ days: 1 }))
      labels.push(d.toISODate()!)
  }
  return { period: single ? 'hour' : 'day', data: labels.map((label) => ({ label, quantity: counts.get(label) ?? 0 })) }
}
