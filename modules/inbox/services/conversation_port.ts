/**
 * The inbox side of the conversation contract (#core/conversation): what the
 * engine may do to tickets, messages and contacts, always inside the caller's
 * transaction (the unit of work); realtime and outbox queueing run after its commit.
 */
import { outbox } from '#core/pipeline'
import { tenancy, tenantTable } from '#core/tenancy'
import type {
  BotMessage,
  ConversationContact,
  ConversationTicket,
  ConversationTx,
  InboxPort,
  TicketLogEntry,
  TicketPatch,
  TicketSweep,
} from '#core/conversation'
import type Ticket from '../models/ticket.js'
import { storeOutgoing } from './outgoing.js'
import { inboxEvents } from './inbox_events.js'
import { logTicket, type TicketLogType } from './ticket_logs.js'

/** U+200E marks bot/system text as ours (the product's convention). */
export const BOT_MARK = '\u200e'

const date = (v: unknown) => (v ? new Date(v as string) : null)

/** A contacts row as the conversation engine reads it. */
export function toConversationContact(row: Record<string, any>): ConversationContact {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    isGroup: Boolean(row.is_group),
    disableBot: Boolean(row.disable_bot),
    acceptAudioMessage: Boolean(row.accept_audio_message),
    lgpdAcceptedAt: date(row.lgpd_accepted_at),
  }
}

export function toConversationTicket(row: Record<string, any>): ConversationTicket {
  return {
    id: Number(row.id),
    status: row.status,
    contactId: row.contact_id,
    whatsappId: row.whatsapp_id ?? null,
    queueId: row.queue_id ?? null,
    userId: row.user_id ?? null,
    isGroup: Boolean(row.is_group),
    isBot: Boolean(row.is_bot),
    fromMe: Boolean(row.from_me),
    amountUsedBotQueues: Number(row.amount_used_bot_queues ?? 0),
    botAnsweredAt: date(row.bot_answered_at),
    chatbotStageId: row.chatbot_stage_id ?? null,
    isOutOfHour: Boolean(row.is_out_of_hour),
    lgpdSentAt: date(row.lgpd_sent_at),
    lgpdAcceptedAt: date(row.lgpd_accepted_at),
    npsAttempts: Number(row.nps_attempts ?? 0),
    sendInactiveMessage: Boolean(row.send_inactive_message),
    useIntegration: Boolean(row.use_integration),
    integrationId: row.integration_id ?? null,
    updatedAt: new Date(row.updated_at),
  }
}

const COLUMNS: Record<keyof TicketPatch, string> = {
  status: 'status',
  queueId: 'queue_id',
  userId: 'user_id',
  isBot: 'is_bot',
  amountUsedBotQueues: 'amount_used_bot_queues',
  botAnsweredAt: 'bot_answered_at',
  chatbotStageId: 'chatbot_stage_id',
  isOutOfHour: 'is_out_of_hour',
  lgpdSentAt: 'lgpd_sent_at',
  lgpdAcceptedAt: 'lgpd_accepted_at',
  npsAttempts: 'nps_attempts',
  sendInactiveMessage: 'send_inactive_message',
  unreadMessages: 'unread_messages',
  useIntegration: 'use_integration',
  integrationId: 'integration_id',
}

const asModel = (t: ConversationTicket) =>
  ({ id: t.id, contactId: t.contactId, whatsappId: t.whatsappId, queueId: t.queueId }) as Ticket

export const inboxPort: InboxPort = {
  async lockTicket(tx, ticketId) {
    const row = await tenantTable('tickets', tx.trx).where({ id: ticketId }).forUpdate().first()
    return row ? toConversationTicket(row) : null
  },

  async contact(tx, contactId): Promise<ConversationContact | null> {
    const row = await tenantTable('contacts', tx.trx).where({ id: contactId }).first()
    return row ? toConversationContact(row) : null
  },

  async setContactLgpdAccepted(tx, contactId, at) {
    await tenantTable('contacts', tx.trx)
      .where({ id: contactId })
      .update({ lgpd_accepted_at: at, updated_at: new Date() })
  },

  async send(tx: ConversationTx, ticket: ConversationTicket, m: BotMessage) {
    const body = m.body.startsWith(BOT_MARK) ? m.body : `${BOT_MARK}${m.body}`
    const id = await storeOutgoing(tx.trx, asModel(ticket), {
      body,
      userId: m.userId ?? null,
      mediaType: m.mediaType ?? null,
      mediaUrl: m.mediaUrl ?? null,
      mediaName: m.mediaName ?? null,
      quotedMsgId: m.quotedMessageId ?? null,
    })
    const companyId = tenancy.requireCompanyId()
    const whatsappId = ticket.whatsappId
    if (whatsappId) tx.afterCommit(() => outbox.enqueue(companyId, id, whatsappId))
    inboxEvents.messageCreated(tx, id, ticket)
    return id
  },

  async update(tx, ticket, patch: TicketPatch, log?: TicketLogEntry) {
    const fields: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) fields[COLUMNS[key as keyof TicketPatch]] = value
    }
    let fresh = ticket
    if (Object.keys(fields).length) {
      const rows = await tenantTable('tickets', tx.trx)
        .where({ id: ticket.id })
        .update({ ...fields, updated_at: new Date() })
        .returning('*')
      fresh = toConversationTicket(rows[0])
    }
    if (log) {
      await logTicket(tx.trx, ticket.id, log.type as TicketLogType, {
        userId: log.userId ?? null,
        queueId: log.queueId === undefined ? fresh.queueId : log.queueId,
      })
    }
    // one realtime update per ticket and unit of work: it reads the committed row,
    // compared with the state before the first change
    inboxEvents.ticketChanged(tx, ticket.id, { status: ticket.status, userId: ticket.userId, queueId: ticket.queueId })
    return fresh
  },

  async waitingInQueue(tx, queueId) {
    const [{ n }] = await tenantTable('tickets', tx.trx)
      .where({ queue_id: queueId, status: 'pending', is_group: false })
      .whereNull('user_id')
      .count('* as n')
    return Number(n)
  },

  async sweep(f: TicketSweep) {
    const q = tenantTable('tickets')
      .whereIn('status', f.statuses)
      .orderBy('updated_at')
      .limit(f.limit ?? 500)
      .select('id')
    if (f.whatsappId !== undefined) q.where('whatsapp_id', f.whatsappId)
    if (f.queueId !== undefined) q.where('queue_id', f.queueId)
    if (f.idleSince) q.where('updated_at', '<', f.idleSince)
    if (f.withoutQueue) q.whereNull('queue_id')
    if (f.withoutUser) q.whereNull('user_id')
    if (f.fromMe !== undefined) q.where('from_me', f.fromMe)
    if (f.sendInactiveMessage !== undefined) q.where('send_inactive_message', f.sendInactiveMessage)
    if (f.isGroup !== undefined) q.where('is_group', f.isGroup)
    const rows = await q
    return rows.map((r: any) => Number(r.id))
  },
}
