/** Chats created directly for tests (the API is what the specs test). */
import { tenancy, tenantInsert } from '#core/tenancy'
import { uid } from '#tests/helpers/world'
import Chat from '../models/chat.js'

export async function aChat(companyId: number, ownerId: number, memberIds: number[] = [], title = `Chat ${uid()}`) {
  return tenancy.run(companyId, async () => {
    const chat = await Chat.create({ title, ownerId })
    const members = [...new Set([ownerId, ...memberIds])]
    await tenantInsert(
      'chat_users',
      members.map((userId) => ({ chat_id: chat.id, user_id: userId, unreads: 0 }))
    )
    return chat
  })
}

export async function aMessage(companyId: number, chatId: number, senderId: number, message: string) {
  const [row] = await tenancy.run(companyId, () =>
    tenantInsert('chat_messages', { chat_id: chatId, sender_id: senderId, message }).returning('*')
  )
  return row as { id: number }
}
