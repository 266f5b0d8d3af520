/** Marks a ticket's inbound messages read and zeroes its unread count (reference §11). */
import db from '@adonisjs/lucid/services/db'
import type Ticket from '../models/ticket.js'
import { emitUnread } from './ticket_events.js'

export async function markTicketRead(ticket: Ticket) {
  if (ticket.unreadMessages <= 0) return
  await db.transaction(async (trx) => {
    await trx.from('messages').where({ ticket_id: ticket.id, read: false }).update({ read: true })
    await trx.from('tickets').where('id', ticket.id).update({ unread_messages: 0 })
  })
  ticket.unreadMessages = 0
  await emitUnread(ticket)
}
