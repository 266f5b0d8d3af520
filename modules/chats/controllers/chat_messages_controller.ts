import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { pageNumber } from '#core/http'
import { AppError } from '#core/errors'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import { messageValidator, shareTicketValidator } from '../validators.js'
import { visibleTicketFor } from '#modules/inbox/public/ticket_context'
import { chatRef, findMemberChat, presentChat } from '../services/chats.js'
import { chatEvents, type MessageRecord } from '../services/events.js'
import { findMentions } from '../services/mentions.js'
import { limitSends, limitTyping } from '../services/limits.js'

export const MESSAGES_PAGE_SIZE = 20
/** the chat's lastMessage is a preview for lists */
const PREVIEW_LENGTH = 255

function present(row: any): MessageRecord {
  return {
    id: row.id,
    chatId: row.chat_id,
    senderId: row.sender_id,
    sender: row.sender_id ? { id: row.sender_id, name: row.sender_name ?? '' } : null,
    message: row.message,
    mentions: row.mentions ?? [],
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    ticket: row.ticket_id ? { id: row.ticket_id, uuid: row.ticket_uuid } : null,
  }
}

/** The shared tickets of a page with their contact's name, for those the reader may see (others stay bare). */
async function withTicketNames(ctx: HttpContext, records: MessageRecord[]) {
  const ids = [...new Set(records.flatMap((r) => (r.ticket ? [r.ticket.id] : [])))]
  const names = new Map<number, string>()
  for (const id of ids) {
    const seen = await visibleTicketFor(ctx, id).catch(() => null)
    if (seen) names.set(id, seen.contactName)
  }
  for (const r of records) if (r.ticket && names.has(r.ticket.id)) r.ticket.contactName = names.get(r.ticket.id)
  return records
}

/** A message id route parameter, or 404. */
function messageParam(ctx: HttpContext): number {
  const raw = String(ctx.params.messageId ?? '')
  const id = Number(raw)
  if (!/^\d{1,10}$/.test(raw) || id <= 0 || id > 2147483647) throw new AppError('ERR_NO_CHAT_MESSAGE_FOUND', 404)
  return id
}

/**
 * Stores a message of the caller in the chat: every other member's unread
 * count one more (one set-wise UPDATE in the same transaction, so concurrent
 * sends never lose a count), the sender's at 0, the chat's preview moved;
 * then the members hear it.
 */
async function post(ctx: HttpContext, message: string, ticket: { id: number; uuid: string } | null) {
  const me = ctx.actor.user
  await limitSends(me.id)
  const ref = chatRef(ctx)
  const { row, chatId, members } = await db.transaction(async (trx) => {
    // the lock orders this send after a running membership change: a removed user cannot slip one in
    const chat = await findMemberChat(ref, me.id, trx, true)
    const people = await tenantTable('chat_users as cu', trx)
      .join('users as u', 'u.id', 'cu.user_id')
      .where('cu.chat_id', chat.id)
      .select('u.id', 'u.name')
    const mentions = findMentions(message, people, me.id)
    const [inserted] = await tenantInsert(
      'chat_messages',
      {
        chat_id: chat.id,
        sender_id: me.id,
        message,
        mentions,
        ticket_id: ticket?.id ?? null,
        ticket_uuid: ticket?.uuid ?? null,
      },
      trx
    ).returning('*')
    await tenantTable('chat_users', trx).where('chat_id', chat.id).whereNot('user_id', me.id).increment('unreads', 1)
    await tenantTable('chat_users', trx).where('chat_id', chat.id).where('user_id', me.id).update({ unreads: 0 })
    await tenantTable('chats', trx)
      .where('id', chat.id)
      .update({ last_message: message.slice(0, PREVIEW_LENGTH), updated_at: inserted.created_at })
    return { row: inserted, chatId: chat.id, members: people.map((p: { id: number }) => p.id) }
  })
  const newMessage = present({ ...row, sender_name: me.name })
  const chat = await presentChat(chatId)
  chatEvents.newMessage(tenancy.requireCompanyId(), members, newMessage, chat)
  return newMessage
}

export default class ChatMessagesController {
  /** GET /chats/{id}/messages ?pageNumber: page 1 is the newest 20, each page oldest first */
  async index(ctx: HttpContext) {
    const chat = await findMemberChat(chatRef(ctx), ctx.actor.user.id)
    const page = pageNumber(ctx)
    const base = tenantTable('chat_messages as m').where('m.chat_id', chat.id)
    const [rows, total] = await Promise.all([
      base
        .clone()
        .leftJoin('users as u', 'u.id', 'm.sender_id')
        .select('m.*', 'u.name as sender_name')
        .orderBy('m.id', 'desc')
        .offset((page - 1) * MESSAGES_PAGE_SIZE)
        .limit(MESSAGES_PAGE_SIZE),
      base.clone().count('* as total').first(),
    ])
    const count = Number(total?.total ?? 0)
    const records = await withTicketNames(ctx, rows.reverse().map(present))
    return { records, count, hasMore: count > page * MESSAGES_PAGE_SIZE }
  }

  /** POST /chats/{id}/messages { message } */
  async store(ctx: HttpContext) {
    const { message } = await ctx.request.validateUsing(messageValidator)
    return ctx.response.created(await post(ctx, message, null))
  }

  /**
   * POST /chats/{id}/share-ticket { ticketId, message? }: a message linking a
   * ticket the sender may see (else 404, as for a missing one); members open
   * it on its page, which answers only those who may see it.
   */
  async shareTicket(ctx: HttpContext) {
    const { ticketId, message } = await ctx.request.validateUsing(shareTicketValidator)
    const ticket = await visibleTicketFor(ctx, ticketId)
    // not the contact's name: members who may not see the ticket read this text too
    const text = message || `Ticket #${ticket.id}`
    const posted = await post(ctx, text, { id: ticket.id, uuid: ticket.uuid })
    return ctx.response.created({ ...posted, ticket: { ...posted.ticket!, contactName: ticket.contactName } })
  }

  /** POST /chats/{id}/typing: "X is typing" to the other members (nothing is stored) */
  async typing(ctx: HttpContext) {
    const me = ctx.actor.user
    const chat = await findMemberChat(chatRef(ctx), me.id)
    await limitTyping(me.id)
    const others = await tenantTable('chat_users')
      .where('chat_id', chat.id)
      .whereNot('user_id', me.id)
      .select('user_id')
    chatEvents.typing(
      tenancy.requireCompanyId(),
      others.map((r: { user_id: number }) => r.user_id),
      chat.id,
      { id: me.id, name: me.name }
    )
    return ctx.response.noContent()
  }

  /**
   * PUT /chats/{id}/messages/{messageId} { message }: the sender rewrites their
   * message; the earlier text is kept (GET .../edits). Mentions are read again
   * from the new text; nobody's unread count changes.
   */
  async update(ctx: HttpContext) {
    const me = ctx.actor.user
    const { message } = await ctx.request.validateUsing(messageValidator)
    await limitSends(me.id)
    const ref = chatRef(ctx)
    const messageId = messageParam(ctx)
    const { row, chatId, members } = await db.transaction(async (trx) => {
      const chat = await findMemberChat(ref, me.id, trx, true)
      const current = await tenantTable('chat_messages', trx)
        .where('id', messageId)
        .where('chat_id', chat.id)
        .forUpdate()
        .first()
      if (!current) throw new AppError('ERR_NO_CHAT_MESSAGE_FOUND', 404)
      if (current.sender_id !== me.id) throw new AppError('ERR_CHAT_MESSAGE_SENDER_ONLY', 403)
      const people = await tenantTable('chat_users as cu', trx)
        .join('users as u', 'u.id', 'cu.user_id')
        .where('cu.chat_id', chat.id)
        .select('u.id', 'u.name')
      if (current.message !== message) {
        await tenantInsert('chat_message_edits', { message_id: current.id, previous: current.message }, trx)
      }
      const [updated] = await tenantTable('chat_messages', trx)
        .where('id', current.id)
        .update({
          message,
          mentions: findMentions(message, people, me.id),
          edited_at: new Date(),
          updated_at: new Date(),
        })
        .returning('*')
      // the list's preview follows an edit of the chat's newest message
      const newest = await tenantTable('chat_messages', trx).where('chat_id', chat.id).max('id as id').first()
      if (newest?.id === current.id)
        await tenantTable('chats', trx)
          .where('id', chat.id)
          .update({ last_message: message.slice(0, PREVIEW_LENGTH) })
      return { row: updated, chatId: chat.id, members: people.map((p: { id: number }) => p.id) }
    })
    const record = present({ ...row, sender_name: me.name })
    chatEvents.messageEdited(tenancy.requireCompanyId(), members, record, await presentChat(chatId))
    return record
  }

  /** GET /chats/{id}/messages/{messageId}/edits: the message's earlier texts, oldest first */
  async edits(ctx: HttpContext) {
    const chat = await findMemberChat(chatRef(ctx), ctx.actor.user.id)
    const messageId = messageParam(ctx)
    const message = await tenantTable('chat_messages').where('id', messageId).where('chat_id', chat.id).first()
    if (!message) throw new AppError('ERR_NO_CHAT_MESSAGE_FOUND', 404)
    const rows = await tenantTable('chat_message_edits').where('message_id', messageId).orderBy('id')
    return {
      records: rows.map((r: any) => ({ previous: r.previous, replacedAt: new Date(r.created_at).toISOString() })),
    }
  }
}
