/**
 * Marks a ticket's inbound messages read and zeroes its unread count
 * (reference §11), then queues the read receipts: the connection's channel
 * driver (markRead of #core/channels) sends them in a job, never on the
 * request path.
 */
import db from '@adonisjs/lucid/services/db'
import { queueMarkRead, type ReadKey } from '#core/channels'
import { tenantTable } from '#core/tenancy'
import type Ticket from '../models/ticket.js'
import { emitUnread } from './ticket_events.js'

/** receipts for at most this many of the newest unread messages */
const MAX_RECEIPTS = 200

export async function markTicketRead(ticket: Ticket) {
  if (ticket.unreadMessages <= 0) return
  const read = await db.transaction(async (trx) => {
    const rows: { wid: string; participant: string | null; whatsapp_id: number | null }[] = await tenantTable(
      'messages',
      trx
    )
      .where({ ticket_id: ticket.id, read: false, from_me: false })
      .update({ read: true })
      .returning(['wid', 'participant', 'whatsapp_id'])
    await tenantTable('messages', trx).where({ ticket_id: ticket.id, read: false }).update({ read: true })
    await tenantTable('tickets', trx).where({ id: ticket.id }).update({ unread_messages: 0 })
    const contact = ticket.contactId
      ? await tenantTable('contacts', trx).where({ id: ticket.contactId }).select('number').first()
      : null
    return { rows, number: contact?.number as string | undefined }
  })
  ticket.unreadMessages = 0
  await emitUnread(ticket)
  const whatsappId = ticket.whatsappId
  if (!whatsappId || !read.number || !read.rows.length) return
  const keys: ReadKey[] = read.rows
    .filter((m) => (m.whatsapp_id ?? whatsappId) === whatsappId && m.wid)
    .slice(-MAX_RECEIPTS)
    .map((m) => ({
      chat: { number: read.number!, isGroup: Boolean(ticket.isGroup) },
      providerId: m.wid,
      participant: ticket.isGroup ? m.participant : null,
    }))
  await queueMarkRead({ companyId: ticket.companyId, whatsappId, keys })
}
