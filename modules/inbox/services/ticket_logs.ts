import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { tenantInsert } from '#core/tenancy'

export type TicketLogType =
  | 'create'
  | 'access'
  | 'open'
  | 'reopen'
  | 'pending'
  | 'closed'
  | 'transfered'
  | 'receivedTransfer'
  | 'queue'
  | 'chatBot'
  | 'nps'
  | 'lgpd'
  | 'delete'
  | 'clientClosed'
  | 'autoClose'
  | 'redirect'
  | 'userDefine'

/** One row per transition; written in the caller's transaction when there is one. */
export async function logTicket(
  client: TransactionClientContract | import('@adonisjs/lucid/types/database').QueryClientContract,
  ticketId: number,
  type: TicketLogType,
  who: { userId?: number | null; queueId?: number | null } = {}
) {
  await tenantInsert(
    'ticket_logs',
    { ticket_id: ticketId, type, user_id: who.userId ?? null, queue_id: who.queueId ?? null },
    client
  )
}
