/**
 * How the core's outbox loads and settles inbox messages. load() answers null
 * once a message was sent (ack ≥ 1), deleted or private, which makes a replayed
 * job a no-op: nothing is sent twice after a restart.
 *
 * The outbox runs many jobs at once: the jobs of one turn load their messages
 * (with the connection's plan check) in one statement and settle them in one
 * update, instead of a few statements each (#core/batch).
 */
import db from '@adonisjs/lucid/services/db'
import type { OutboxHandlers } from '#core/pipeline'
import { storage } from '#core/storage'
import { planOffersChannel } from '#core/channels'
import { Batch } from '#core/batch'
import { tenancy, tenantTable } from '#core/tenancy'
import Ticket from '../models/ticket.js'
import { emitMessage, emitMessages } from './message_events.js'
import type { TicketLike } from './viewer.js'

const isUrl = (v: string) => /^https?:\/\//.test(v)

/** the messages of a turn's jobs, each with its recipient, quoted message and whether its connection's channel is still in the plan */
const messages = new Batch<number, Record<string, any> | null>(async (ids) => {
  const rows = await tenantTable('messages')
    .join('tickets', 'tickets.id', 'messages.ticket_id')
    .join('contacts', 'contacts.id', 'tickets.contact_id')
    .leftJoin('messages as q', 'q.id', 'messages.quoted_msg_id')
    .leftJoin('whatsapps as w', (j) =>
      j.on('w.id', '=', 'messages.whatsapp_id').andOn('w.company_id', '=', 'messages.company_id')
    )
    .leftJoin('companies as co', 'co.id', 'w.company_id')
    .leftJoin('plans as pl', 'pl.id', 'co.plan_id')
    .whereIn('messages.id', [...new Set(ids)])
    .select(
      'messages.*',
      'contacts.number as to_number',
      'contacts.is_group as to_group',
      'tickets.thread as ticket_thread',
      'q.wid as quoted_wid',
      'q.from_me as quoted_from_me',
      'w.channel as connection_channel',
      'pl.features as plan_features'
    )
  const byId = new Map(rows.map((r: any) => [Number(r.id), r]))
  // a job's id may arrive as a string (bigint columns): compare as numbers
  return ids.map((id) => byId.get(Number(id)) ?? null)
})

interface Settle {
  messageId: number
  ack: number
  providerId: string
}

/**
 * Marks a turn's sent messages in one update. A provider id already held by
 * another message of the connection keeps the old wid (the channel reused an
 * id); two messages of one batch given the same id cannot see each other in
 * one statement, so a batch that breaks the uniqueness rule settles one by one.
 */
const settle = new Batch<Settle, Settled | null>(async (items) => {
  const companyId = tenancy.requireCompanyId()
  // answers the rows as written, with their tickets' audience fields: the update events need nothing more
  const run = (list: Settle[]) =>
    db.rawQuery(
      `UPDATE messages SET ack = GREATEST(messages.ack, v.ack), send_error = NULL, updated_at = now(),
         wid = CASE WHEN EXISTS (SELECT 1 FROM messages o WHERE o.company_id = messages.company_id
                  AND coalesce(o.whatsapp_id,0) = coalesce(messages.whatsapp_id,0) AND o.wid = v.wid AND o.id <> messages.id)
                THEN messages.wid ELSE v.wid END
       FROM (SELECT unnest(?::bigint[]) AS id, unnest(?::int[]) AS ack, unnest(?::text[]) AS wid) v, tickets t
       WHERE messages.id = v.id AND messages.company_id = ? AND t.id = messages.ticket_id AND t.company_id = messages.company_id
       RETURNING messages.*, t.status AS ticket_status, t.user_id AS ticket_user_id, t.queue_id AS ticket_queue_id`,
      [list.map((i) => i.messageId), list.map((i) => i.ack), list.map((i) => i.providerId), companyId]
    )
  const settled = new Map<number, Settled>()
  const distinct = new Set(items.map((i) => i.providerId)).size === items.length
  const results = distinct ? [await run(items).catch(() => null)] : []
  if (!results[0]) {
    results.length = 0
    for (const item of items) results.push(await run([item]))
  }
  for (const r of results) {
    for (const { ticket_status: status, ticket_user_id: userId, ticket_queue_id: queueId, ...row } of r!.rows) {
      const ticket = { id: Number(row.ticket_id), status, userId, queueId }
      settled.set(Number(row.id), { ticketId: ticket.id, row, ticket })
    }
  }
  return items.map((i) => settled.get(i.messageId) ?? null)
})

interface Settled {
  ticketId: number
  row: Record<string, unknown>
  ticket: TicketLike & { id: number }
}

/** the update events of a turn's sent messages, from the rows their update answered */
const updates = new Batch<Settled, void>(async (items) => {
  await emitMessages('update', items)
  return items.map(() => undefined)
})

/**
 * A ticket without a thread takes the one its first sent message started (an
 * agent wrote first), so the contact's reply in that thread lands on it. When
 * another live ticket of the contact holds that thread already, it stays without.
 */
async function adoptThread(ticketId: number, thread: string) {
  await tenantTable('tickets')
    .where('id', ticketId)
    .whereNull('thread')
    .update({ thread: thread.slice(0, 255) })
    .catch((error: any) => {
      if (error?.code !== '23505') throw error
    })
}

export const outboxHandlers: OutboxHandlers = {
  async load(messageId, op) {
    const m = await messages.add(messageId)
    if (!m || m.is_private) return null
    // queued before a plan downgrade (or by a bot): a channel the plan dropped sends nothing
    const channelEnabled =
      m.connection_channel !== null && planOffersChannel({ features: m.plan_features }, m.connection_channel)
    if (m.whatsapp_id && !channelEnabled) {
      if (op === 'send' && m.ack < 1) {
        await tenantTable('messages')
          .where({ id: m.id })
          .update({ send_error: 'ERR_PLAN_FEATURE_DISABLED', updated_at: new Date() })
        const ticket = await Ticket.find(m.ticket_id)
        if (ticket) await emitMessage('update', Number(m.id), ticket)
      }
      return null
    }
    if (op !== 'send') {
      // a change only concerns a message the channel already has
      if (m.ack < 1) return null
      return {
        id: `${m.wid}:${op}:${new Date(m.updated_at).getTime()}`,
        messageId: Number(m.id),
        ticketId: m.ticket_id,
        kind: op,
        to: { number: m.to_number, isGroup: m.to_group },
        body: op === 'edit' ? m.body : '',
        targetProviderId: m.wid,
      }
    }
    if (m.ack >= 1 || m.is_deleted) return null
    if (m.media_type === 'reactionMessage') {
      if (!m.quoted_wid) return null
      return {
        id: m.wid,
        messageId: Number(m.id),
        ticketId: m.ticket_id,
        kind: 'reaction',
        to: { number: m.to_number, isGroup: m.to_group },
        body: m.body === 'reaction' ? '' : m.body,
        targetProviderId: m.quoted_wid,
        targetFromMe: Boolean(m.quoted_from_me),
      }
    }
    // an outside address not yet copied into storage goes to the channel as given (outgoing.ts)
    const media: string | null = m.media_url ?? m.media_source_url ?? null
    return {
      id: m.wid,
      messageId: Number(m.id),
      ticketId: m.ticket_id,
      kind: media ? 'media' : 'text',
      to: { number: m.to_number, isGroup: m.to_group },
      body: m.body,
      mediaType: m.media_type,
      mediaUrl: media ? (isUrl(media) ? media : storage.url(media)) : null,
      mediaName: m.media_name,
      quotedProviderId: m.quoted_wid ?? null,
      thread: m.ticket_thread ?? null,
    }
  },

  async sent(messageId, result, op) {
    if (op !== 'send') return
    const ack = Math.max(1, Math.min(5, result.ack ?? 1))
    const settled = await settle.add({ messageId: Number(messageId), ack, providerId: result.providerId })
    if (settled && result.thread) await adoptThread(settled.ticketId, result.thread)
    if (settled) await updates.add(settled)
  },

  async failed(messageId, error, op) {
    if (op !== 'send') return
    const rows = await tenantTable('messages')
      .where({ id: messageId })
      .where('ack', 0)
      .update({ send_error: error, updated_at: new Date() })
      .returning('ticket_id')
    const ticket = rows[0] ? await Ticket.find(rows[0].ticket_id ?? rows[0]) : null
    if (ticket) await emitMessage('update', messageId, ticket)
  },
}
