/**
 * The inbox's tickets as other modules use them: create, read, close what a
 * history import opened. Runs in the caller's tenancy scope (a request or
 * tenancy.run(companyId, ...)); never touch the tickets table directly.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AppError } from '#core/errors'
import { Whatsapp } from '#core/models'
import Ticket from '../models/ticket.js'
import Contact from '../models/contact.js'
import { insertTicketIfNone } from '../services/find_or_create_ticket.js'
import { emitTicketUpdate } from '../services/ticket_events.js'
import { closeImportedTickets as closeImported } from '../services/close_imported.js'

export interface TicketInfo {
  id: number
  uuid: string
  status: string
  channel: string
  contactId: number
  whatsappId: number | null
  queueId: number | null
  userId: number | null
  isGroup: boolean
  unreadMessages: number
  lastMessage: string | null
  createdAt: string | null
  updatedAt: string | null
}

const info = (t: Ticket): TicketInfo => ({
  id: t.id,
  uuid: t.uuid,
  status: t.status,
  channel: t.channel,
  contactId: t.contactId,
  whatsappId: t.whatsappId,
  queueId: t.queueId,
  userId: t.userId,
  isGroup: t.isGroup,
  unreadMessages: t.unreadMessages,
  lastMessage: t.lastMessage,
  createdAt: t.createdAt?.toISO() ?? null,
  updatedAt: t.updatedAt?.toISO() ?? null,
})

/**
 * One ticket of the scope's company, or null. Inside a transaction, pass it:
 * a second pool connection taken while holding one can starve the pool.
 */
export async function getTicket(id: number, trx?: TransactionClientContract): Promise<TicketInfo | null> {
  const t = await Ticket.find(id, trx ? { client: trx } : undefined)
  return t ? info(t) : null
}

export interface CreateTicket {
  contactId: number
  whatsappId: number
  /** default 'pending' ('group' for a group contact) */
  status?: 'open' | 'pending'
  userId?: number | null
  queueId?: number | null
  isBot?: boolean
}

/**
 * Opens a ticket for the contact on the connection, unless one is live
 * (open, pending, group, NPS or LGPD): then that one is returned with
 * created = false. Logged ('create') and broadcast like the inbox's own.
 */
export async function createTicket(input: CreateTicket): Promise<{ ticket: TicketInfo; created: boolean }> {
  const contact = await Contact.find(input.contactId)
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
  const whatsapp = await Whatsapp.find(input.whatsappId)
  if (!whatsapp) throw new AppError('ERR_NO_WAPP_FOUND', 404)
  const status = contact.isGroup ? 'group' : (input.status ?? 'pending')
  const result = await db.transaction((trx) =>
    insertTicketIfNone(trx, {
      contactId: contact.id,
      whatsappId: whatsapp.id,
      channel: whatsapp.channel,
      isGroup: contact.isGroup,
      status,
      userId: status === 'pending' ? null : (input.userId ?? null),
      queueId: input.queueId ?? null,
      isBot: input.isBot ?? false,
      isActiveDemand: true,
    })
  )
  const ticket = await Ticket.findOrFail(result.ticket.id)
  if (result.created) await emitTicketUpdate(ticket)
  return { ticket: info(ticket), created: result.created }
}

/**
 * Closes the pending tickets a history import opened on a connection (created
 * between `since` and `until` plus a margin), with a 'closed' log each;
 * returns their ids.
 */
export function closeImportedTickets(whatsappId: number, window: { since: Date; until?: Date | null }) {
  return closeImported(whatsappId, window)
}
