/**
 * The inbox's live tickets for the attendance panel (GET /usersMoments,
 * /dashboard/moments): only what the caller may see, by the inbox's one
 * visibility rule, as the same views its realtime ticket events carry, so a
 * panel can apply those events as deltas instead of refetching.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { callerOf } from '../services/request_context.js'
import { scopeTickets } from '../services/viewer.js'
import { ticketViewQuery, viewsInOrder } from '../services/ticket_views.js'

export interface MomentsFilter {
  /** one status; default the tickets being served or waiting (open, pending) */
  status?: string | null
  /** the caller's "show all" (only for who may use it); default true */
  showAll?: boolean
  queueIds?: number[]
  userId?: number | null
  /** updated at or after (the panel's window) */
  since: Date
  /** updated before */
  until?: Date | null
  limit: number
}

/** Tickets for the panel, most recently updated first (index tickets_list_status). */
export async function momentTickets(ctx: HttpContext, f: MomentsFilter) {
  const { viewer, mask } = await callerOf(ctx)
  const query = ticketViewQuery()
    .whereIn('t.status', f.status ? [f.status] : ['open', 'pending'])
    .where('t.updated_at', '>=', f.since)
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(f.limit)
  if (f.until) query.where('t.updated_at', '<', f.until)
  if (f.queueIds?.length) query.whereIn('t.queue_id', f.queueIds)
  if (f.userId) query.where('t.user_id', f.userId)
  // a profile "user" sees the panel of their own reach only
  scopeTickets(query, viewer, f.showAll !== false && viewer.canShowAll, 't')
  const rows = await query
  return viewsInOrder(
    rows,
    rows.map((r: any) => r.id),
    mask
  )
}
