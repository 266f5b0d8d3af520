/**
 * How the core's outbox loads and settles inbox messages. load() answers null
 * once a message was sent (ack ≥ 1), deleted or private, which makes a replayed
 * job a no-op: nothing is sent twice after a restart.
 */
import db from '@adonisjs/lucid/services/db'
import type { OutboxHandlers } from '#core/pipeline'
import { storage } from '#core/storage'
import { connectionChannelEnabled } from '#core/channels'
import { tenancy, tenantTable } from '#core/tenancy'
import Ticket from '../models/ticket.js'
import { emitMessage } from './message_events.js'

const isUrl = (v: string) => /^https?:\/\//.test(v)

export const outboxHandlers: OutboxHandlers = {
  async load(messageId, op) {
    const m = await tenantTable('messages')
      .join('tickets', 'tickets.id', 'messages.ticket_id')
      .join('contacts', 'contacts.id', 'tickets.contact_id')
      .leftJoin('messages as q', 'q.id', 'messages.quoted_msg_id')
      .where('messages.id', messageId)
      .select(
        'messages.*',
        'contacts.number as to_number',
        'contacts.is_group as to_group',
        'q.wid as quoted_wid',
        'q.from_me as quoted_from_me'
      )
      .first()
    if (!m || m.is_private) return null
    // queued before a plan downgrade (or by a bot): a channel the plan dropped sends nothing
    if (m.whatsapp_id && !(await connectionChannelEnabled(tenancy.requireCompanyId(), m.whatsapp_id))) {
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
    return {
      id: m.wid,
      messageId: Number(m.id),
      ticketId: m.ticket_id,
      kind: m.media_url ? 'media' : 'text',
      to: { number: m.to_number, isGroup: m.to_group },
      body: m.body,
      mediaType: m.media_type,
      mediaUrl: m.media_url ? (isUrl(m.media_url) ? m.media_url : storage.url(m.media_url)) : null,
      mediaName: m.media_name,
      quotedProviderId: m.quoted_wid ?? null,
    }
  },

  async sent(messageId, result, op) {
    if (op !== 'send') return
    const ack = Math.max(1, Math.min(5, result.ack ?? 1))
    const rows = await db.rawQuery(
      `UPDATE messages SET ack = GREATEST(ack, ?), send_error = NULL, updated_at = now(),
         wid = CASE WHEN EXISTS (SELECT 1 FROM messages o WHERE o.company_id = messages.company_id
                  AND coalesce(o.whatsapp_id,0) = coalesce(messages.whatsapp_id,0) AND o.wid = ? AND o.id <> messages.id)
                THEN wid ELSE ? END
       WHERE id = ? AND company_id = ? RETURNING ticket_id`,
      [ack, result.providerId, result.providerId, messageId, tenancy.requireCompanyId()]
    )
    const ticket = rows.rows[0] ? await Ticket.find(rows.rows[0].ticket_id) : null
    if (ticket) await emitMessage('update', messageId, ticket)
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
