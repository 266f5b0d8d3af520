/**
 * Tickets' current status, agent and queue by id, read-only, for modules that
 * keep a derived copy (the dashboard's tracking) and need to check it: a
 * missing id is a deleted ticket. Runs in the caller's tenancy scope.
 */
import { tenantTable } from '#core/tenancy'

export interface TicketStatus {
  status: string
  userId: number | null
  queueId: number | null
}

export async function ticketStatuses(ids: number[]): Promise<Map<number, TicketStatus>> {
  const found = new Map<number, TicketStatus>()
  if (!ids.length) return found
  const rows = await tenantTable('tickets')
    .whereIn('id', ids.slice(0, 5000))
    .select('id', 'status', 'user_id', 'queue_id')
  for (const r of rows) found.set(r.id, { status: r.status, userId: r.user_id, queueId: r.queue_id })
  return found
}
