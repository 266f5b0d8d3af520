/**
 * The reports of spec 1 §2, one row per ticket session: calls (every
 * conversation), surveys (those asked for a rating), ticket duration (those
 * finished) and group tickets. Rows come from tracking; names from the core's
 * users and queues and, for contacts and connections, the inbox's public API.
 */
import { Queue, User } from '#core/models'
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
  const [rows, [{ total }]] = await Promise.all([
    base
      .clone()
      .orderBy('s.queued_at', 'desc')
      .orderBy('s.id', 'desc')
      .offset((page.number - 1) * page.size)
      .limit(page.size)
      .select('s.*'),
    base.clone().count('* as total'),
  ])
  const count = Number(total)
  const userIds = [...new Set(rows.map((r: any) => r.user_id).filter(Boolean))] as number[]
  const queueIds = [...new Set(rows.map((r: any) => r.queue_id).filter(Boolean))] as number[]
  const [users, queues, labels] = await Promise.all([
    userIds.length ? User.query().whereIn('id', userIds).select('id', 'name') : [],
    queueIds.length ? Queue.query().whereIn('id', queueIds).select('id', 'name') : [],
    ticketLabels(rows.map((r: any) => r.ticket_id)),
  ])
  const userName = new Map(users.map((u) => [u.id, u.name]))
  const queueName = new Map(queues.map((q) => [q.id, q.name]))
  return {
    rows: rows.map((r: any) => ({
      id: Number(r.id),
      ticketId: r.ticket_id,
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
      rate: r.rate,
    })),
    count,
    hasMore: count > page.number * page.size,
  }
}
