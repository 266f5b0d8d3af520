import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const ChatsController = () => import('./controllers/chats_controller.js')
const ChatMessagesController = () => import('./controllers/chat_messages_controller.js')

// every route acts only on chats the caller is a member of (others answer 404)
moduleRoutes(manifest, () => {
  router.get('/chats', [ChatsController, 'index'])
  router.get('/chats/:id', [ChatsController, 'show'])
  router.post('/chats', [ChatsController, 'store'])
  router.put('/chats/:id', [ChatsController, 'update'])
  router.delete('/chats/:id', [ChatsController, 'destroy'])
  router.post('/chats/:id/read', [ChatsController, 'read'])
  router.post('/chats/:id/mute', [ChatsController, 'mute'])
  router.get('/chats/:id/messages', [ChatMessagesController, 'index'])
  router.post('/chats/:id/messages', [ChatMessagesController, 'store'])
  router.put('/chats/:id/messages/:messageId', [ChatMessagesController, 'update'])
  router.get('/chats/:id/messages/:messageId/edits', [ChatMessagesController, 'edits'])
  router.post('/chats/:id/typing', [ChatMessagesController, 'typing'])
  router.post('/chats/:id/share-ticket', [ChatMessagesController, 'shareTicket'])
})
