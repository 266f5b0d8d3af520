import { defineIsolationCases } from '#tests/helpers/isolation'
import { uid, type TenantWorld } from '#tests/helpers/world'
import { tenancy, tenantInsert } from '#core/tenancy'
import { seedTicket } from '#modules/inbox/tests/fixtures'
import { aChat, aMessage } from './fixtures.js'

/** a chat the owner company's admin owns (the matrix's rightful caller is that admin) */
const ownChat = (o: TenantWorld, title?: string) => aChat(o.company.id, o.admin.id, [], title)

// any user of the company may use the chat, on the chats they belong to; another company's admin is
// never a member (404), and may not put the owner's users in a chat of theirs (404 ERR_CHAT_USER_NOT_FOUND)
export default defineIsolationCases([
  {
    route: 'GET /chats',
    access: 'user',
    fixture: async (o) => {
      const marker = `Chat ${uid()}`
      await ownChat(o, marker)
      return { marker }
    },
  },
  {
    route: 'GET /chats/:id',
    access: 'user',
    fixture: async (o) => {
      const marker = `Chat ${uid()}`
      return { params: { id: (await ownChat(o, marker)).id }, marker }
    },
  },
  {
    route: 'POST /chats',
    access: 'user',
    cross: 'deny',
    ok: 201,
    fixture: async (o) => ({ body: { title: 'Plantão', users: [o.admin.id] } }),
  },
  {
    route: 'PUT /chats/:id',
    access: 'user',
    fixture: async (o) => ({ params: { id: (await ownChat(o)).id }, body: { title: 'Renomeado' } }),
  },
  {
    route: 'DELETE /chats/:id',
    access: 'user',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await ownChat(o)).id } }),
  },
  {
    route: 'POST /chats/:id/read',
    access: 'user',
    fixture: async (o) => ({ params: { id: (await ownChat(o)).id }, body: { userId: o.admin.id } }),
  },
  {
    route: 'POST /chats/:id/mute',
    access: 'user',
    fixture: async (o) => ({ params: { id: (await ownChat(o)).id }, body: { muted: true } }),
  },
  {
    route: 'GET /chats/:id/messages',
    access: 'user',
    fixture: async (o) => {
      const chat = await ownChat(o)
      const marker = `Segredo ${uid()}`
      await aMessage(o.company.id, chat.id, o.admin.id, marker)
      return { params: { id: chat.id }, marker }
    },
  },
  {
    route: 'POST /chats/:id/share-ticket',
    access: 'user',
    ok: 201,
    fixture: async (o) => {
      const ticket = await seedTicket(o, 'open', o.admin.id)
      return { params: { id: (await ownChat(o)).id }, body: { ticketId: ticket.ticketId } }
    },
  },
  {
    route: 'POST /chats/:id/messages',
    access: 'user',
    ok: 201,
    fixture: async (o) => ({ params: { id: (await ownChat(o)).id }, body: { message: 'Bom dia, equipe' } }),
  },
  {
    route: 'PUT /chats/:id/messages/:messageId',
    access: 'user',
    fixture: async (o) => {
      const chat = await ownChat(o)
      const message = await aMessage(o.company.id, chat.id, o.admin.id, 'Primeira versão')
      return { params: { id: chat.id, messageId: message.id }, body: { message: 'Segunda versão' } }
    },
  },
  {
    route: 'GET /chats/:id/messages/:messageId/edits',
    access: 'user',
    fixture: async (o) => {
      const chat = await ownChat(o)
      const message = await aMessage(o.company.id, chat.id, o.admin.id, 'Texto atual')
      const marker = `Antes ${uid()}`
      await tenancy.run(o.company.id, () =>
        tenantInsert('chat_message_edits', { message_id: message.id, previous: marker })
      )
      return { params: { id: chat.id, messageId: message.id }, marker }
    },
  },
  {
    route: 'POST /chats/:id/typing',
    access: 'user',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await ownChat(o)).id } }),
  },
])
