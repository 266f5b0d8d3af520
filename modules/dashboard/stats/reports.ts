/**
 * The reports of spec 1 §2, one row per ticket session: calls (every
 * conversation), surveys (those asked for a rating), ticket duration (those
 * finished) and group tickets. Rows come from tracking; names from the core's
 * users and queues and, for contacts and connections, the inbox's public API.
 */
import { Queue, User } from '#core/models'
import db from '@adonisjs/lucid/services/db'
import { tenantTable } from '#core/tenancy'
import { ticketLabels } from '#modules/inbox/public/ticket_labels'
import type { DayRange } from './range.js'

export const REPORTS = ['calls', 'surveys', 'duration', 'groups'] as const
export type ReportKind = (typeof REPORTS)[number]

export interface ReportFilter {
  kind: ReportKind
  queueId?: number | null
  userId?: number | null
  whatsappId?: number | null
}

const minutes = (a: Date | null, b: Date | null) =>
  a && b && b > a ? Math.round((new Date(b).getTime() - new Date(a).getTime()) / 600) / 100 : null
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

function reportQuery(range: DayRange, f: ReportFilter) {
  const q = tenantTable('dashboard_ticket_sessions as s')
    .where('s.queued_at', '>=', range.from)
    .where('s.queued_at', '<', range.to)
  if (f.queueId) q.where('s.queue_id', f.queueId)
  if (f.userId) q.where('s.user_id', f.userId)
  if (f.whatsappId) q.where('s.whatsapp_id', f.whatsappId)
  if (f.kind === 'groups') q.where('s.is_group', true)
  else q.where('s.is_group', false)
  if (f.kind === 'surveys') q.whereNotNull('s.nps_at')
  if (f.kind === 'duration') q.whereNotNull('s.finished_at')
  return q
}

/** One page of the report (newest first) and its total. */
export async function report(range: DayRange, f: ReportFilter, page: { number: number; size: number }) {
  const base = reportQuery(range, f)
  const [rows, count] = await Promise.all([
    base
      .clone()
      .orderBy('s.queued_at', 'desc')
      .orderBy('s.id', 'desc')
      .offset((page.number - 1) * page.size)
      .limit(page.size)
      .select('s.*'),
    reportCount(range, f),
  ])
  return { rows: await named(rows), count, hasMore: count > page.number * page.size }
}

/** How many rows the report has. */
export async function reportCount(range: DayRange, f: ReportFilter) {
  const [{ total }] = await reportQuery(range, f).count('* as total')
  return Number(total)
}

/**
 * Every row of the report, newest first, in keyset pages of `size` handed to
 * `visit` as they are read (an export of a year of tickets never holds it whole).
 */
export async function eachReportPage(
  range: DayRange,
  f: ReportFilter,
  size: number,
  visit: (rows: ReportRow[]) => void | Promise<void>
) {
  // the cursor's time as PostgreSQL's text: a JavaScript Date drops the microseconds, and rows would be skipped
  let after: { queuedAt: string; id: number } | null = null
  for (;;) {
    const q = reportQuery(range, f)
    // the time bound alone is what the index (company_id, queued_at) can start from; the pair breaks ties
    if (after)
      q.whereRaw('s.queued_at <= ?::timestamptz AND (s.queued_at, s.id) < (?::timestamptz, ?)', [
        after.queuedAt,
        after.queuedAt,
        after.id,
      ])
    const rows = await q
      .orderBy('s.queued_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(size)
      .select('s.*', db.raw('s.queued_at::text as cursor_at'))
    if (!rows.length) return
    await visit(await named(rows))
    const last = rows[rows.length - 1]
    after = { queuedAt: last.cursor_at, id: Number(last.id) }
    if (rows.length < size) return
  }
}

export type ReportRow = Awaited<ReturnType<typeof named>>[number]

/** Sessions as the report's rows, with their attendant's, queue's, contact's and connection's names. */
async function named(rows: any[]) {
  const userIds = [...new Set(rows.map((r) => r.user_id).filter(Boolean))] as number[]
  const queueIds = [...new Set(rows.map((r) => r.queue_id).filter(Boolean))] as number[]
  const [users, queues, labels] = await Promise.all([
    userIds.length ? User.query().whereIn('id', userIds).select('id', 'name') : [],
    queueIds.length ? Queue.query().whereIn('id', queueIds).select('id', 'name') : [],
    ticketLabels(rows.map((r) => r.ticket_id)),
  ])
  const userName = new Map(users.map((u) => [u.id, u.name]))
  const queueName = new Map(queues.map((q) => [q.id, q.name]))
  return rows.map((r) => ({
    id: Number(r.id),
    ticketId: r.ticket_id as number,
    contact: labels.get(r.ticket_id)?.contactName ?? null,
    connection: labels.get(r.ticket_id)?.whatsappName ?? null,
    user: r.user_id ? (userName.get(r.user_id) ?? null) : null,
    queue: r.queue_id ? (queueName.get(r.queue_id) ?? null) : null,
    queuedAt: iso(r.queued_at),
    startedAt: iso(r.started_at),
    closedAt: iso(r.closed_at),
    finishedAt: iso(r.finished_at),
    waitMinutes: minutes(r.queued_at, r.started_at),
    serviceMinutes: minutes(r.started_at, r.closed_at),
    rate: r.rate as number | null,
  }))
}
