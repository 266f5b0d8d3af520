/**
 * Closes the pending tickets a history import opened on one connection
 * (reference §10 closedimported), without farewell or rating messages: nobody
 * is being served on an imported conversation. Only tickets created inside the
 * import's window are touched; each gets a 'closed' ticket log. The one path
 * for it: the connections module calls it (through #modules/inbox/public) when
 * an import finishes with "close imported tickets" on and from
 * POST /closedimported/:id.
 */
import db from '@adonisjs/lucid/services/db'
import { realtime } from '#core/realtime'
import { tenancy, tenantTable } from '#core/tenancy'
import { logTicket } from './ticket_logs.js'
import { fireTicketChanged } from '../public/events.js'

/** the window's end is the import's end plus this (messages of the import still arriving) */
export const IMPORT_CLOSE_MARGIN = '5 hours'

export async function closeImportedTickets(whatsappId: number, window: { since: Date; until?: Date | null }) {
  const companyId = tenancy.requireCompanyId()
  const closed = await db.transaction(async (trx) => {
    const rows: { id: number; user_id: number | null; queue_id: number | null }[] = await tenantTable('tickets', trx)
      .where({ whatsapp_id: whatsappId, status: 'pending' })
      .where('created_at', '>=', window.since)
      .whereRaw(`created_at <= coalesce(?::timestamptz, now()) + interval '${IMPORT_CLOSE_MARGIN}'`, [
        window.until ?? null,
      ] as any[])
      .update({ status: 'closed', unread_messages: 0, updated_at: db.raw('now()') })
      .returning(['id', 'user_id', 'queue_id'])
    for (const r of rows) await logTicket(trx, Number(r.id), 'closed', { queueId: r.queue_id })
    return rows
  })
  for (const r of closed) {
    realtime.toCompany(companyId, 'ticket', { action: 'delete', ticketId: Number(r.id) })
    await fireTicketChanged({
      companyId,
      ticketId: Number(r.id),
      status: 'closed',
      userId: r.user_id,
      queueId: r.queue_id,
      before: { status: 'pending', userId: r.user_id, queueId: r.queue_id },
    })
  }
  return closed.map((r) => Number(r.id))
}
