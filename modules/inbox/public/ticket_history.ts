/**
 * The inbox's record of its tickets' past, read-only, for modules that keep
 * their own derived data (the dashboard's tracking backfill): tickets in id
 * order with their status log. Runs in the caller's tenancy scope.
 */
import { tenantTable } from '#core/tenancy'

export interface TicketLogEntry {
  type: string
  userId: number | null
  queueId: number | null
  at: Date
}

export interface TicketHistory {
  id: number
  status: string
  userId: number | null
  queueId: number | null
  isGroup: boolean
  createdAt: Date
  updatedAt: Date
  logs: TicketLogEntry[]
}

/** Up to `limit` tickets with an id above `afterId`, oldest first, each with its log in order. */
export async function ticketHistories(afterId: number, limit: number): Promise<TicketHistory[]> {
  const tickets = await tenantTable('tickets')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(Math.min(Math.max(limit, 1), 1000))
    .select('id', 'status', 'user_id', 'queue_id', 'is_group', 'created_at', 'updated_at')
  if (!tickets.length) return []
  const logs = await tenantTable('ticket_logs')
    .whereIn(
      'ticket_id',
      tickets.map((t: any) => t.id)
    )
    .orderBy('id')
    .select('ticket_id', 'type', 'user_id', 'queue_id', 'created_at')
  const byTicket = new Map<number, TicketLogEntry[]>()
  for (const l of logs) {
    const list = byTicket.get(l.ticket_id) ?? []
    list.push({ type: l.type, userId: l.user_id, queueId: l.queue_id, at: new Date(l.created_at) })
    byTicket.set(l.ticket_id, list)
  }
  return tickets.map((t: any) => ({
    id: t.id,
    status: t.status,
    userId: t.user_id,
    queueId: t.queue_id,
    isGroup: t.is_group,
    createdAt: new Date(t.created_at),
    updatedAt: new Date(t.updated_at),
    logs: byTicket.get(t.id) ?? [],
  }))
}

/** How many tickets the scope's company has (a backfill's total). */
export async function ticketCount(): Promise<number> {
  const [{ total }] = await tenantTable('tickets').count('* as total')
  return Number(total)
}
