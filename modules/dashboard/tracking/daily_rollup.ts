/**
 * Keeps dashboard_daily in step with the sessions: every write of a session
 * takes its old contribution out and puts its new one in, in the session's
 * own transaction, so the sums always equal what the sessions say (summed over
 * a key's slots).
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Company } from '#core/models'
import { tenancy } from '#core/tenancy'
import { prepared } from '#core/prepared'

export interface SessionRow {
  user_id: number | null
  queue_id: number | null
  queued_at: Date | string
  started_at: Date | string | null
  closed_at: Date | string | null
  nps_at: Date | string | null
  finished_at: Date | string | null
  rate: number | null
}

const FIELDS = [
  'tickets',
  'finished',
  'wait_sum',
  'wait_n',
  'service_sum',
  'service_n',
  'wait_rating',
  'without_rating',
  'with_rating',
  'rated',
  'rate_sum',
  'promoters',
  'passives',
  'detractors',
] as const
type Vector = Record<(typeof FIELDS)[number], number>

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime())
const minutesBetween = (a: Date | string | null, b: Date | string | null) => {
  const x = ms(a)
  const y = ms(b)
  return x !== null && y !== null && y > x ? (y - x) / 60_000 : null
}

/** What one session adds to its day's sums (the formulas of the dashboard, per row). */
export function contribution(s: SessionRow): Vector {
  const wait = minutesBetween(s.queued_at, s.started_at)
  const service = minutesBetween(s.started_at, s.closed_at)
  const finished = s.finished_at !== null
  const rated = s.rate !== null
  const rate = s.rate ?? 0
  return {
    tickets: 1,
    finished: finished ? 1 : 0,
    wait_sum: wait ?? 0,
    wait_n: wait !== null ? 1 : 0,
    service_sum: service ?? 0,
    service_n: service !== null ? 1 : 0,
    wait_rating: s.nps_at !== null && !finished ? 1 : 0,
    without_rating: finished && !rated ? 1 : 0,
    with_rating: finished && rated ? 1 : 0,
    rated: rated ? 1 : 0,
    rate_sum: rate,
    promoters: rated && rate >= 9 ? 1 : 0,
    passives: rated && rate >= 7 && rate <= 8 ? 1 : 0,
    detractors: rated && rate <= 6 ? 1 : 0,
  }
}

/**
 * The date (YYYY-MM-DD) of an instant in a time zone, from one Intl formatter per zone (luxon's
 * zone conversion per session was a twentieth of the worker's CPU in a burst of new tickets); a
 * zone the runtime does not know counts as UTC.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>()
export function dayIn(zone: string, at: Date) {
  let format = dayFormats.get(zone)
  if (!format) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone })
    } catch {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' })
    }
    if (dayFormats.size >= 500) dayFormats.clear()
    dayFormats.set(zone, format)
  }
  const parts: Record<string, string> = {}
  for (const p of format.formatToParts(at)) parts[p.type] = p.value
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** the company's time zone, cached briefly (a change applies to the days written after it) */
const zones = new Map<number, { zone: string; at: number }>()
async function zoneOf(companyId: number, trx: TransactionClientContract) {
  const hit = zones.get(companyId)
  if (hit && Date.now() - hit.at < 60_000) return hit.zone
  // in the caller's transaction: a second pool connection while holding one can starve the pool
  const company = await Company.find(companyId, { client: trx })
  const zone = company?.timezone || 'America/Sao_Paulo'
  zones.set(companyId, { zone, at: Date.now() })
  return zone
}

/**
 * One statement that moves the given contributions in dashboard_daily: a
 * session's old one out (-1) and its new one in (+1), summed per day, agent
 * and queue first (one upsert may not touch a row twice), in key order (two
 * trackers locking the same two rows in opposite orders would deadlock).
 */
export type SumChange = { s: SessionRow; sign: 1 | -1 }

/**
 * Rows per company, day, agent and queue: every change of a company's tickets adds to its day's
 * "no agent, no queue" row, and writers on one row wait for each other's commit. Readers sum a
 * key's rows; a slot's share may be negative (a move out of a contribution another slot added).
 */
const DAILY_SLOTS = 8

function dailyUpsert(companyId: number, changes: SumChange[], zone: string) {
  const rows = new Map<string, { day: string; userKey: number; queueKey: number; v: Vector }>()
  for (const { s, sign } of changes) {
    const day = dayIn(zone, new Date(s.queued_at))
    const userKey = s.user_id ?? 0
    const queueKey = s.queue_id ?? 0
    const key = `${day}|${userKey}|${queueKey}`
    const row = rows.get(key) ?? { day, userKey, queueKey, v: Object.fromEntries(FIELDS.map((f) => [f, 0])) as Vector }
    const c = contribution(s)
    for (const f of FIELDS) row.v[f] += c[f] * sign
    rows.set(key, row)
  }
  const list = [...rows.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.userKey - b.userKey || a.queueKey - b.queueKey
  )
  // the writing connection's slot: concurrent writers add to rows of their own (one slot per
  // statement, so its rows are still locked in key order)
  const placeholders = `(?, ?, ?, ?, pg_backend_pid() % ${DAILY_SLOTS}, ${FIELDS.map(() => '?').join(', ')})`
  return {
    sql: `INSERT INTO dashboard_daily (company_id, day, user_key, queue_key, slot, ${FIELDS.join(', ')})
          VALUES ${list.map(() => placeholders).join(', ')}
          ON CONFLICT (company_id, day, user_key, queue_key, slot) DO UPDATE SET
          ${FIELDS.map((f) => `${f} = dashboard_daily.${f} + excluded.${f}`).join(', ')}`,
    bindings: list.flatMap((r) => [companyId, r.day, r.userKey, r.queueKey, ...FIELDS.map((f) => r.v[f])]),
    rows: list.length,
  }
}

/** one text per number of rows: only the common small statements are kept prepared */
const run = (query: ReturnType<TransactionClientContract['rawQuery']>, rows: number) =>
  rows <= 4 ? prepared(query) : query

/** Moves a session's contribution from its old state (null when new) to its new one, in one statement. */
export async function rollup(trx: TransactionClientContract, before: SessionRow | null, after: SessionRow) {
  await moveSums(trx, [...(before ? [{ s: before, sign: -1 as const }] : []), { s: after, sign: 1 as const }])
}

/** Moves the given contributions in the daily sums, in one statement (rows in key order). */
export async function moveSums(trx: TransactionClientContract, changes: SumChange[]) {
  if (!changes.length) return
  const companyId = tenancy.requireCompanyId()
  const upsert = dailyUpsert(companyId, changes, await zoneOf(companyId, trx))
  await run(trx.rawQuery(upsert.sql, upsert.bindings as any[]), upsert.rows)
}

/**
 * Stores new sessions and adds them to the daily sums, with the other
 * contributions `moved` by the same transaction, in one statement (the insert
 * is a WITH clause in front of the sums' upsert): a transaction that touches
 * the shared daily rows once, in key order, cannot deadlock with another.
 */
export async function insertSessions(
  trx: TransactionClientContract,
  sessions: (SessionRow & Record<string, unknown>)[],
  moved: SumChange[] = []
) {
  if (!sessions.length) return moveSums(trx, moved)
  const companyId = tenancy.requireCompanyId()
  const zone = await zoneOf(companyId, trx)
  const columns = Object.keys(sessions[0])
  const upsert = dailyUpsert(companyId, [...moved, ...sessions.map((s) => ({ s, sign: 1 as const }))], zone)
  const row = `(?, ${columns.map(() => '?').join(', ')})`
  await run(
    trx.rawQuery(
      `WITH session AS (
       INSERT INTO dashboard_ticket_sessions (company_id, ${columns.join(', ')})
       VALUES ${sessions.map(() => row).join(', ')}
     ) ${upsert.sql}`,
      [...sessions.flatMap((s) => [companyId, ...columns.map((c) => s[c] ?? null)]), ...upsert.bindings] as any[]
    ),
    sessions.length + upsert.rows
  )
}
