import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const MessagesApi = () => import('./controllers/messages_api_controller.js')
const Admin = () => import('./controllers/admin_controller.js')
const Webhooks = () => import('./controllers/webhooks_controller.js')

// the public API: a connection token, not a session, authenticates (and checks the plan flag) on every call
router.post('/api/messages/send', [MessagesApi, 'send'])
router.get('/api/messages/:id', [MessagesApi, 'show'])

// the page's data: signed-in admins of a plan with the flag
moduleRoutes(manifest, () => {
  router.get('/messages-api/openapi.json', [Admin, 'openapi'])
  router.get('/messages-api/connections', [Admin, 'connections'])
  router.get('/messages-api/usage', [Admin, 'usage'])
  router.get('/messages-api/webhooks', [Webhooks, 'index'])
  router.post('/messages-api/webhooks', [Webhooks, 'store'])
  router.put('/messages-api/webhooks/:id', [Webhooks, 'update'])
  router.delete('/messages-api/webhooks/:id', [Webhooks, 'destroy'])
  router.get('/messages-api/webhooks/:id/secret', [Webhooks, 'secret'])
  router.get('/messages-api/webhooks/:id/deliveries', [Webhooks, 'deliveries'])
  router.post('/messages-api/deliveries/:id/resend', [Webhooks, 'resend'])
})
