import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { likeTerm, pageNumber } from '#core/http'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import { audit } from '#core/audit'
import Chat from '../models/chat.js'
import { createChatValidator, muteValidator, updateChatValidator } from '../validators.js'
import {
  chatRef,
  findMemberChat,
  memberIds,
  presentChat,
  presentChats,
  requireCompanyUsers,
  requireOwner,
} from '../services/chats.js'
import { chatEvents } from '../services/events.js'

export const CHATS_PAGE_SIZE = 20

/** spec 3 §7 Internal chat: the chats the caller belongs to. */
export default class ChatsController {
  /** GET /chats ?searchParam &pageNumber: the caller's chats, the most recently active first */
  async index(ctx: HttpContext) {
    const me = ctx.actor.user.id
    const page = pageNumber(ctx)
    const query = tenantTable('chats as c').join('chat_users as cu', (j) =>
      j.on('cu.chat_id', '=', 'c.id').andOnVal('cu.user_id', '=', me)
    )
    const search = ctx.request.input('searchParam')
    if (typeof search === 'string' && search.trim()) {
      const term = likeTerm(search)
      query.where((q) => q.whereRaw('lower(c.title) like ?', [term]).orWhereRaw('lower(c.last_message) like ?', [term]))
    }
    const [rows, total] = await Promise.all([
      query
        .clone()
        .select('c.id')
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id', 'desc')
        .offset((page - 1) * CHATS_PAGE_SIZE)
        .limit(CHATS_PAGE_SIZE),
      query.clone().count('* as total').first(),
    ])
    const count = Number(total?.total ?? 0)
    const records = await presentChats(rows.map((r: { id: number }) => r.id))
    return { records, count, hasMore: count > page * CHATS_PAGE_SIZE }
  }

  /** GET /chats/{id or uuid}: one of the caller's chats (the screen opens /chats/{uuid}) */
  async show(ctx: HttpContext) {
    const chat = await findMemberChat(chatRef(ctx), ctx.actor.user.id)
    return presentChat(chat.id)
  }

  /** POST /chats { title, users }: the caller owns it and is always a member */
  async store(ctx: HttpContext) {
    const me = ctx.actor.user.id
    const data = await ctx.request.validateUsing(createChatValidator)
    const members = await requireCompanyUsers([me, ...data.users])
    const chatId = await db.transaction(async (trx) => {
      const chat = await Chat.create({ title: data.title, ownerId: me }, { client: trx })
      await tenantInsert(
        'chat_users',
        members.map((userId) => ({ chat_id: chat.id, user_id: userId, unreads: 0 })),
        trx
      )
      return chat.id
    })
    const record = await presentChat(chatId)
    chatEvents.added(tenancy.requireCompanyId(), members, record)
    return ctx.response.created(record)
  }

  /** PUT /chats/{id} { title?, users? }: owner only; `users` is the whole new member list (the owner stays) */
  async update(ctx: HttpContext) {
    const me = ctx.actor.user.id
    const data = await ctx.request.validateUsing(updateChatValidator)
    const change = await db.transaction(async (trx) => {
      const chat = await findMemberChat(chatRef(ctx), me, trx, true)
      requireOwner(chat, me)
      const before = await memberIds(chat.id, trx)
      let after = before
      if (data.users) {
        after = await requireCompanyUsers([me, ...data.users], trx)
        const removed = before.filter((id) => !after.includes(id))
        const added = after.filter((id) => !before.includes(id))
        if (removed.length)
          await tenantTable('chat_users', trx).where('chat_id', chat.id).whereIn('user_id', removed).delete()
        if (added.length)
          await tenantInsert(
            'chat_users',
            added.map((userId) => ({ chat_id: chat.id, user_id: userId, unreads: 0 })),
            trx
          )
      }
      await tenantTable('chats', trx)
        .where('id', chat.id)
        .update({ ...(data.title ? { title: data.title } : {}), updated_at: new Date() })
      return { chatId: chat.id, before, after }
    })
    const companyId = tenancy.requireCompanyId()
    const record = await presentChat(change.chatId)
    const removed = change.before.filter((id) => !change.after.includes(id))
    const added = change.after.filter((id) => !change.before.includes(id))
    const kept = change.after.filter((id) => change.before.includes(id))
    if (removed.length) chatEvents.removed(companyId, removed, change.chatId)
    if (added.length) chatEvents.added(companyId, added, record)
    chatEvents.changed(companyId, kept, record)
    return record
  }

  /** DELETE /chats/{id}: owner only; its messages go with it */
  async destroy(ctx: HttpContext) {
    const me = ctx.actor.user.id
    const { chatId, members } = await db.transaction(async (trx) => {
      const chat = await findMemberChat(chatRef(ctx), me, trx, true)
      requireOwner(chat, me)
      const ids = await memberIds(chat.id, trx)
      await tenantTable('chats', trx).where('id', chat.id).delete()
      await audit.record(trx, {
        action: 'chat.delete',
        entity: 'chat',
        entityId: chat.id,
        companyId: tenancy.requireCompanyId(),
        before: { title: chat.title, uuid: chat.uuid, members: ids.length },
      })
      return { chatId: chat.id, members: ids }
    })
    chatEvents.removed(tenancy.requireCompanyId(), members, chatId)
    return ctx.response.noContent()
  }

  /** POST /chats/{id}/read: the caller's unread count goes to 0 (a `userId` in the body is not needed: it is always the caller's) */
  async read(ctx: HttpContext) {
    const me = ctx.actor.user.id
    const chat = await findMemberChat(chatRef(ctx), me)
    await tenantTable('chat_users').where('chat_id', chat.id).where('user_id', me).update({ unreads: 0 })
    const record = await presentChat(chat.id)
    chatEvents.read(tenancy.requireCompanyId(), me, record)
    return record
  }

  /** POST /chats/{id}/mute { muted }: the caller's own switch; a mention still notifies */
  async mute(ctx: HttpContext) {
    const me = ctx.actor.user.id
    const { muted } = await ctx.request.validateUsing(muteValidator)
    const chat = await findMemberChat(chatRef(ctx), me)
    await tenantTable('chat_users').where('chat_id', chat.id).where('user_id', me).update({ muted })
    const record = await presentChat(chat.id)
    chatEvents.read(tenancy.requireCompanyId(), me, record)
    return record
  }
}
