/**
 * Keeps dashboard_daily in step with the sessions: every write of a session
 * takes its old contribution out and puts its new one in, in the session's
 * own transaction, so the sums always equal what the sessions say.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Company } from '#core/models'
import { tenancy, tenantInsert } from '#core/tenancy'

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

async function add(trx: TransactionClientContract, s: SessionRow, sign: 1 | -1, zone: string) {
  const v = contribution(s)
  const day = DateTime.fromJSDate(new Date(s.queued_at)).setZone(zone).toISODate()
  const row: Record<string, unknown> = { day, user_key: s.user_id ?? 0, queue_key: s.queue_id ?? 0 }
  for (const f of FIELDS) row[f] = v[f] * sign
  const merge = Object.fromEntries(FIELDS.map((f) => [f, trx.raw(`dashboard_daily.${f} + excluded.${f}`)]))
  await tenantInsert('dashboard_daily', row, trx)
    .onConflict(['company_id', 'day', 'user_key', 'queue_key'])
    .merge(merge)
}

/** Moves a session's contribution from its old state (null when new) to its new one. */
export async function rollup(trx: TransactionClientContract, before: SessionRow | null, after: SessionRow) {
  const zone = await zoneOf(tenancy.requireCompanyId(), trx)
  if (before) await add(trx, before, -1, zone)
  await add(trx, after, 1, zone)
}
