/**
 * Outreach: sending to a number that may have no contact or ticket yet (bulk
 * campaigns), inside the caller's transaction, so the caller's own record of
 * the send (e.g. a campaign's shipping row) commits together with the message
 * or not at all: a crash can never leave a message sent twice or a record
 * without its message. The message is handed to the outbox after the commit;
 * if the process dies before that, the inbox's outbox recovery queues it.
 *
 * Also: the delivery state of messages sent that way (the outbox's acks), and
 * whether a number is in a live ticket with an agent. All in the caller's
 * tenancy scope.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { outbox } from '#core/pipeline'
import { Whatsapp } from '#core/models'
import { AppError } from '#core/errors'
import { tenancy, tenantTable } from '#core/tenancy'
import Ticket from '../models/ticket.js'
import { upsertContact } from '../services/contact_upsert.js'
import { findLiveTicket, insertTicketIfNone } from '../services/find_or_create_ticket.js'
import { storeOutgoing } from '../services/outgoing.js'
import { emitMessage } from '../services/message_events.js'
import { emitTicketUpdate } from '../services/ticket_events.js'

export interface OutreachMessage {
  number: string
  /** the contact's name when it is created */
  name?: string
  whatsappId: number
  /** the connection's channel when the caller knows it (saves a lookup per message) */
  channel?: string
  body: string
  mediaType?: string | null
  mediaUrl?: string | null
  mediaName?: string | null
  /**
   * A live ticket of the contact on the connection is reused; otherwise one is
   * created with this status ('closed' keeps the message on record without
   * putting the contact in anyone's queue).
   */
  newTicketStatus: 'open' | 'pending' | 'closed'
  userId?: number | null
  queueId?: number | null
}

export interface OutreachResult {
  messageId: number
  ticketId: number
  contactId: number
  /** call once the caller's transaction committed: queues the send and tells the screens */
  afterCommit: () => Promise<void>
}

/** Stores one outgoing message in trx (contact and ticket found or created); see afterCommit. */
export async function storeOutreach(trx: TransactionClientContract, m: OutreachMessage): Promise<OutreachResult> {
  const companyId = tenancy.requireCompanyId()
  const whatsapp = m.channel
    ? { id: m.whatsappId, channel: m.channel }
    : await Whatsapp.query({ client: trx }).where('id', m.whatsappId).select('id', 'channel').first()
  if (!whatsapp) throw new AppError('ERR_NO_WAPP_FOUND', 404)
  const contact = await upsertContact(trx, { number: m.number, name: m.name, channel: whatsapp.channel })
  let ticketRow = await findLiveTicket(trx, contact.id, whatsapp.id)
  let created = false
  if (!ticketRow) {
    const status = m.newTicketStatus
    const result = await insertTicketIfNone(trx, {
      contactId: contact.id,
      whatsappId: whatsapp.id,
      channel: whatsapp.channel,
      isGroup: false,
      status,
      userId: status === 'open' ? (m.userId ?? null) : null,
      queueId: m.queueId ?? null,
      isActiveDemand: true,
    })
    ticketRow = result.ticket as any
    created = result.created
  }
  const ticketLike = {
    id: ticketRow!.id,
    contactId: contact.id,
    whatsappId: whatsapp.id,
    queueId: ticketRow!.queue_id,
  } as unknown as Ticket
  const messageId = await storeOutgoing(trx, ticketLike, {
    body: m.body,
    userId: null,
    mediaType: m.mediaType ?? null,
    mediaUrl: m.mediaUrl ?? null,
    mediaName: m.mediaName ?? null,
  })
  const ticketId = ticketRow!.id
  return {
    messageId,
    ticketId,
    contactId: contact.id,
    afterCommit: async () => {
      await tenancy.run(companyId, async () => {
        await outbox.enqueue(companyId, messageId, whatsapp.id).catch(() => {}) // the outbox sweep retries
        const ticket = await Ticket.find(ticketId)
        if (!ticket) return
        if (created) await emitTicketUpdate(ticket)
        await emitMessage('create', messageId, ticket)
      })
    },
  }
}

export interface DeliveryState {
  /** 0 queued, 1 sent, 2 delivered, 3 read, 4 played */
  ack: number
  /** the outbox gave up (or the plan dropped the channel) */
  sendError: string | null
}

/** The delivery state of messages of the scope's company, by id (unknown ids are left out). */
export async function deliveryStates(messageIds: number[]): Promise<Map<number, DeliveryState>> {
  const out = new Map<number, DeliveryState>()
  if (!messageIds.length) return out
  const rows = await tenantTable('messages').whereIn('id', messageIds).select('id', 'ack', 'send_error')
  for (const r of rows) out.set(Number(r.id), { ack: Number(r.ack), sendError: r.send_error ?? null })
  return out
}

/** Whether the number has a live ticket on the connection that an agent took (open with a user). */
export async function inAgentTicket(number: string, whatsappId: number): Promise<boolean> {
  const row = await tenantTable('tickets as t')
    .join('contacts as c', 'c.id', 't.contact_id')
    .where('c.number', number)
    .where('t.whatsapp_id', whatsappId)
    .where('t.status', 'open')
    .whereNotNull('t.user_id')
    .first()
  return Boolean(row)
}
