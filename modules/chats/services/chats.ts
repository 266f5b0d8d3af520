/**
 * Reading chats as the spec's client gets them, and the membership rule:
 * a chat exists for a user only while they are one of its members.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { AppError } from '#core/errors'
import { tenantTable } from '#core/tenancy'

type Client = Pick<QueryClientContract, 'from' | 'table'>

export interface ChatMember {
  userId: number
  unreads: number
  /** this member muted the chat (notified only when mentioned) */
  muted: boolean
  user: { id: number; name: string }
}

export interface ChatRecord {
  id: number
  uuid: string
  title: string
  ownerId: number | null
  lastMessage: string | null
  createdAt: string
  updatedAt: string
  users: ChatMember[]
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The :id of a chat route: its number or its uuid (the browser's /chats/{uuid}); anything else is 404. */
export function chatRef(ctx: HttpContext): { id: number } | { uuid: string } {
  const raw = String(ctx.params.id ?? '')
  if (/^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2147483647) return { id: Number(raw) }
  if (UUID.test(raw)) return { uuid: raw.toLowerCase() }
  throw new AppError('ERR_NO_CHAT_FOUND', 404)
}

export interface ChatRow {
  id: number
  uuid: string
  title: string
  owner_id: number | null
}

/**
 * The chat if `userId` is one of its members, else 404 (a non-member learns
 * nothing, not even that it exists). With `lock`, the chat row is held for
 * the transaction so sends and membership changes of one chat go one at a time.
 */
export async function findMemberChat(
  ref: { id: number } | { uuid: string },
  userId: number,
  client: Client = db,
  lock = false
): Promise<ChatRow> {
  const query = tenantTable('chats as c', client)
    .join('chat_users as cu', (j) => j.on('cu.chat_id', '=', 'c.id').andOnVal('cu.user_id', '=', userId))
    .select('c.id', 'c.uuid', 'c.title', 'c.owner_id')
  if ('id' in ref) query.where('c.id', ref.id)
  else query.where('c.uuid', ref.uuid)
  // the chat row only (the member row is read, not changed, by the callers that lock)
  if (lock) query.forUpdate('c')
  const chat = await query.first()
  if (!chat) throw new AppError('ERR_NO_CHAT_FOUND', 404)
  return chat
}

/** spec 3 §6: only the owner edits or deletes */
export function requireOwner(chat: ChatRow, userId: number) {
  if (chat.owner_id !== userId) throw new AppError('ERR_CHAT_OWNER_ONLY', 403)
}

/** The member ids of a chat (who its realtime events reach). */
export async function memberIds(chatId: number, client: Client = db): Promise<number[]> {
  const rows = await tenantTable('chat_users', client).where('chat_id', chatId).select('user_id')
  return rows.map((r: { user_id: number }) => r.user_id)
}

/** The chosen members must be users of the caller's company; another company's id is refused. */
export async function requireCompanyUsers(ids: number[], client: Client = db) {
  const unique = [...new Set(ids)]
  const found = await tenantTable('users', client).whereIn('id', unique).select('id')
  if (found.length !== unique.length) throw new AppError('ERR_CHAT_USER_NOT_FOUND', 404)
  return unique
}

/** Chats as records (spec 3 §3), in the order of `ids`. */
export async function presentChats(ids: number[], client: Client = db): Promise<ChatRecord[]> {
  if (ids.length === 0) return []
  const [chats, members] = await Promise.all([
    tenantTable('chats', client)
      .whereIn('id', ids)
      .select('id', 'uuid', 'title', 'owner_id', 'last_message', 'created_at', 'updated_at'),
    tenantTable('chat_users as cu', client)
      .join('users as u', 'u.id', 'cu.user_id')
      .whereIn('cu.chat_id', ids)
      .orderBy('u.name')
      .select('cu.chat_id', 'cu.user_id', 'cu.unreads', 'cu.muted', 'u.name'),
  ])
  const byChat = new Map<number, ChatMember[]>()
  for (const m of members) {
    const list = byChat.get(m.chat_id) ?? []
    list.push({ userId: m.user_id, unreads: m.unreads, muted: m.muted, user: { id: m.user_id, name: m.name } })
    byChat.set(m.chat_id, list)
  }
  const byId = new Map(chats.map((c: any) => [c.id, c]))
  return ids
    .map((id) => byId.get(id))
    .filter((c): c is any => Boolean(c))
    .map((c) => ({
      id: c.id,
      uuid: c.uuid,
      title: c.title,
      ownerId: c.owner_id,
      lastMessage: c.last_message,
      createdAt: new Date(c.created_at).toISOString(),
      updatedAt: new Date(c.updated_at).toISOString(),
      users: byChat.get(c.id) ?? [],
    }))
}

export async function presentChat(id: number, client: Client = db): Promise<ChatRecord> {
  const [record] = await presentChats([id], client)
  if (!record) throw new AppError('ERR_NO_CHAT_FOUND', 404)
  return record
}
