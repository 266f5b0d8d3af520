/**
 * Realtime of the internal chat (spec 3 §7), sent to each member's own user
 * channel only: the audience is read from the membership at send time, so a
 * user removed from a chat stops receiving it at once, and no other user of
 * the company ever gets a message of a chat they are not in.
 *
 *   company-{cid}-chat            the chat lists: create, update, delete, new-message
 *   company-{cid}-chat-{chatId}   the open chat: new-message, update-message, update, delete, typing
 *   company-{cid}-chat-user-{uid} one user's memberships: create (added), update (read, muted), delete (removed)
 */
import { realtime } from '#core/realtime'
import type { ChatRecord } from './chats.js'

export interface MessageRecord {
  id: number
  chatId: number
  senderId: number | null
  sender: { id: number; name: string } | null
  message: string
  mentions: number[]
  createdAt: string
  /** set once the sender edited it */
  editedAt: string | null
  /** a shared ticket: its page is /tickets/{uuid}; the contact's name only for a reader who may see it */
  ticket: { id: number; uuid: string; contactName?: string } | null
}

export const chatEvents = {
  /** a chat was created, or users were added to it */
  added(companyId: number, userIds: number[], record: ChatRecord) {
    for (const uid of userIds) realtime.toUser(companyId, uid, `chat-user-${uid}`, { action: 'create', record })
    realtime.toUsers(companyId, userIds, 'chat', { action: 'create', record })
  },
  /** its title or members changed (to those who stay) */
  changed(companyId: number, userIds: number[], record: ChatRecord) {
    realtime.toUsers(companyId, userIds, 'chat', { action: 'update', record })
    realtime.toUsers(companyId, userIds, `chat-${record.id}`, { action: 'update', chat: record })
  },
  /** removed from the chat, or the chat deleted */
  removed(companyId: number, userIds: number[], chatId: number) {
    for (const uid of userIds) realtime.toUser(companyId, uid, `chat-user-${uid}`, { action: 'delete', id: chatId })
    realtime.toUsers(companyId, userIds, 'chat', { action: 'delete', id: chatId })
    realtime.toUsers(companyId, userIds, `chat-${chatId}`, { action: 'delete', id: chatId })
  },
  newMessage(companyId: number, userIds: number[], newMessage: MessageRecord, chat: ChatRecord) {
    realtime.toUsers(companyId, userIds, `chat-${chat.id}`, { action: 'new-message', newMessage, chat })
    realtime.toUsers(companyId, userIds, 'chat', { action: 'new-message', chatId: chat.id, newMessage, chat })
  },
  /** the sender edited a message (its earlier text is kept) */
  messageEdited(companyId: number, userIds: number[], message: MessageRecord, chat: ChatRecord) {
    realtime.toUsers(companyId, userIds, `chat-${chat.id}`, { action: 'update-message', message, chat })
    realtime.toUsers(companyId, userIds, 'chat', { action: 'update', record: chat })
  },
  /** the caller's own membership changed: unread count to 0, or muted (their lists and badges) */
  read(companyId: number, userId: number, chat: ChatRecord) {
    realtime.toUser(companyId, userId, `chat-user-${userId}`, { action: 'update', record: chat })
    realtime.toUser(companyId, userId, 'chat', { action: 'update', record: chat })
  },
  typing(companyId: number, userIds: number[], chatId: number, user: { id: number; name: string }) {
    realtime.toUsers(companyId, userIds, `chat-${chatId}`, {
      action: 'typing',
      chatId,
      userId: user.id,
      name: user.name,
    })
  },
}
