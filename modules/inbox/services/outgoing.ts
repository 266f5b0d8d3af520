/**
 * Agent messages: stored at once (so nothing depends on the channel's echo),
 * then handed to the outbox. The outbox's result updates this same row.
 */
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { outbox } from '#core/pipeline'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import type Ticket from '../models/ticket.js'
import Message from '../models/message.js'
import { emitMessage } from './message_events.js'
import { isOutside, queueMediaFetch } from './inbound_media.js'

export interface NewOutgoing {
  body: string
  userId: number | null
  mediaType?: string | null
  mediaUrl?: string | null
  mediaName?: string | null
  quotedMsgId?: number | null
  isPrivate?: boolean
  isForwarded?: boolean
  /** a reaction to the quoted message: stored and sent, but not the ticket's last message */
  isReaction?: boolean
}

export const newWid = () => `BAL${randomUUID().replace(/-/g, '').toUpperCase()}`

const outsideUrl = (v: string | null | undefined): v is string => Boolean(v && isOutside(v) && v.length <= 1000)

/**
 * Inserts the message row and bumps the ticket; returns the message id.
 * Media given by an outside address (a bot, the messaging API) is sent to the
 * channel from that address, and shown in the chat from a copy fetched into
 * our storage after the commit (the browser never loads outside addresses:
 * inbound_media.ts), as inbound media is.
 */
export async function storeOutgoing(trx: TransactionClientContract, ticket: Ticket, m: NewOutgoing) {
  return Number((await storeOutgoingRow(trx, ticket, m)).id)
}

/** storeOutgoing, answering the whole row written (the caller announces it without reading it again) */
async function storeOutgoingRow(trx: TransactionClientContract, ticket: Ticket, m: NewOutgoing) {
  const outside = outsideUrl(m.mediaUrl) ? m.mediaUrl : null
  const [row] = await tenantInsert(
    'messages',
    {
      ticket_id: ticket.id,
      contact_id: ticket.contactId,
      whatsapp_id: ticket.whatsappId,
      queue_id: ticket.queueId,
      user_id: m.userId,
      wid: m.isPrivate ? `PVT${randomUUID()}` : newWid(),
      body: m.body,
      from_me: true,
      media_type: m.mediaType ?? null,
      media_url: outside ? null : (m.mediaUrl ?? null),
      media_source_url: outside,
      media_name: m.mediaName ?? null,
      quoted_msg_id: m.quotedMsgId ?? null,
      is_private: Boolean(m.isPrivate),
      is_forwarded: Boolean(m.isForwarded),
      read: true,
      // private notes are never sent: they are final at once
      ack: m.isPrivate ? 2 : 0,
    },
    trx
  ).returning('*')
  const id = Number(row.id)
  if (outside) {
    const companyId = tenancy.requireCompanyId()
    // the recovery sweep queues it later if this fails (the row stays pending)
    trx.after('commit', () => void queueMediaFetch(companyId, id).catch(() => {}))
  }
  const preview = (m.body || (m.mediaType ? `[${m.mediaType}]` : '')).slice(0, 255)
  if (!m.isPrivate && !m.isReaction) {
    await tenantTable('tickets', trx)
      .where('id', ticket.id)
      .update({ last_message: preview, from_me: true, unread_messages: 0, updated_at: new Date() })
  }
  return row as Record<string, unknown> & { id: number }
}

/**
 * Stores and queues several messages in one transaction; emits after commit.
 * Answers the stored messages (quoted messages preloaded) from the rows written.
 */
export async function sendOutgoing(ticket: Ticket, messages: NewOutgoing[]): Promise<Message[]> {
  const rows = await db.transaction(async (trx) => {
    const out: Array<Record<string, unknown> & { id: number }> = []
    for (const m of messages) out.push(await storeOutgoingRow(trx, ticket, m))
    return out
  })
  const stored = rows.map((row) => Message.$createFromAdapterResult(row)!)
  const quotedIds = stored.map((m) => m.quotedMsgId).filter((id): id is number => Boolean(id))
  const quoted = quotedIds.length ? await Message.query().whereIn('id', quotedIds) : []
  for (const m of stored) {
    m.$setRelated('quotedMsg', quoted.find((q) => Number(q.id) === Number(m.quotedMsgId)) ?? null)
  }
  for (const m of stored) {
    if (!m.isPrivate && ticket.whatsappId) {
      await outbox.enqueue(tenancy.requireCompanyId(), Number(m.id), ticket.whatsappId)
    }
    await emitMessage('create', Number(m.id), ticket, m)
  }
  return stored
}
