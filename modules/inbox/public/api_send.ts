/**
 * Sending for the messaging API (modules/messaging-api, reference §5.6): one
 * message to a number on a connection, in the caller's unit of work, with the
 * reference's ticket rules:
 * - the contact is upserted and the live ticket of the contact on the
 *   connection is reused, else one is created (pending, or open with userId);
 * - a live ticket an agent holds is answered with 409 ERR_OTHER_OPEN_TICKET
 *   when the call names another agent or another queue ("Ticket em outro
 *   atendimento"), never taken from them;
 * - closeTicket closes it afterwards without a farewell (no unread, last
 *   message = the body); otherwise userId opens it for that agent and queue.
 * The message is queued to the outbox after the commit. Runs in the caller's
 * tenancy scope.
 */
import { outbox } from '#core/pipeline'
import { AppError } from '#core/errors'
import { Queue, User } from '#core/models'
import { tenancy, tenantTable } from '#core/tenancy'
import type { UnitOfWork } from '#core/unit_of_work'
import type Ticket from '../models/ticket.js'
import { upsertContact } from '../services/contact_upsert.js'
import { LIVE, findLiveTicket, insertTicketIfNone } from '../services/find_or_create_ticket.js'
import { storeOutgoing } from '../services/outgoing.js'
import { logTicket } from '../services/ticket_logs.js'
import { inboxEvents } from '../services/inbox_events.js'
import { otherOpenTicketError } from '../services/ticket_conflict.js'

export interface ApiSend {
  number: string
  whatsappId: number
  channel: string
  body: string
  mediaType?: string | null
  /** a storage key of the company, or an outside https address */
  mediaUrl?: string | null
  mediaName?: string | null
  userId?: number | null
  queueId?: number | null
  closeTicket?: boolean
}

export interface ApiSendResult {
  messageId: number
  ticketId: number
  contactId: number
  ticketCreated: boolean
}

/** Stores the message and applies the ticket rules in uow; queues the send after the commit. */
export async function storeApiSend(uow: UnitOfWork, m: ApiSend): Promise<ApiSendResult> {
  const trx = uow.trx
  const companyId = tenancy.requireCompanyId()
  if (m.queueId && !(await Queue.query({ client: trx }).where('id', m.queueId).first())) {
    throw new AppError('ERR_NO_QUEUE_FOUND', 422)
  }
  if (m.userId && !(await User.query({ client: trx }).where('id', m.userId).first())) {
    throw new AppError('ERR_NO_USER_FOUND', 422)
  }
  const contact = await upsertContact(trx, { number: m.number, channel: m.channel })
  const live = await findLiveTicket(trx, contact.id, m.whatsappId)
  if (live && live.status === 'open' && live.user_id) {
    const otherUser = m.userId && m.userId !== live.user_id
    const otherQueue = m.queueId && live.queue_id && m.queueId !== live.queue_id
    if (otherUser || otherQueue) throw await otherOpenTicketError(live.id)
  }
  let ticket = live
  let created = false
  if (!ticket) {
    const result = await insertTicketIfNone(trx, {
      contactId: contact.id,
      whatsappId: m.whatsappId,
      channel: m.channel,
      isGroup: false,
      status: m.userId && !m.closeTicket ? 'open' : 'pending',
      userId: m.userId && !m.closeTicket ? m.userId : null,
      queueId: m.queueId ?? null,
      isActiveDemand: true,
    })
    ticket = result.ticket
    created = result.created
  }
  const before = created ? undefined : { status: ticket.status, userId: ticket.user_id, queueId: ticket.queue_id }
  const ticketLike = {
    id: ticket.id,
    contactId: contact.id,
    whatsappId: m.whatsappId,
    queueId: ticket.queue_id,
  } as unknown as Ticket
  const messageId = await storeOutgoing(trx, ticketLike, {
    body: m.body,
    userId: m.userId ?? null,
    mediaType: m.mediaType ?? null,
    mediaUrl: m.mediaUrl ?? null,
    mediaName: m.mediaName ?? null,
  })

  if (m.closeTicket) {
    // closed quietly: no farewell, nothing unread, the sent text as last message
    const rows = await tenantTable('tickets', trx)
      .where('id', ticket.id)
      .whereIn('status', LIVE)
      .update({
        status: 'closed',
        unread_messages: 0,
        last_message: (m.body || (m.mediaType ? `[${m.mediaType}]` : '')).slice(0, 255),
        updated_at: new Date(),
      })
      .returning('id')
    if (rows.length) await logTicket(trx, ticket.id, 'closed', { userId: m.userId ?? null, queueId: ticket.queue_id })
  } else if (m.userId && !(ticket.status === 'open' && ticket.user_id === m.userId && !m.queueId)) {
    const queueId = m.queueId ?? ticket.queue_id
    const rows = await tenantTable('tickets', trx)
      .where('id', ticket.id)
      .whereIn('status', ['pending', 'open'])
      .where((q) => q.whereNull('user_id').orWhere('user_id', m.userId!))
      .update({ status: 'open', user_id: m.userId, queue_id: queueId, is_bot: false, updated_at: new Date() })
      .returning('id')
    if (rows.length && !created) await logTicket(trx, ticket.id, 'open', { userId: m.userId, queueId })
  }

  const now = await tenantTable('tickets', trx).where('id', ticket.id).select('status', 'user_id', 'queue_id').first()
  const shown = { id: ticket.id, status: now.status, userId: now.user_id, queueId: now.queue_id }
  inboxEvents.ticketChanged(uow, ticket.id, before)
  inboxEvents.messageCreated(uow, messageId, shown)
  uow.afterCommit(() => outbox.enqueue(companyId, messageId, m.whatsappId).catch(() => {})) // the outbox sweep retries
  return { messageId, ticketId: ticket.id, contactId: contact.id, ticketCreated: created }
}
