import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * The messaging API (spec 3 §2 "Messaging API page", §7; reference §5.6):
 * POST /api/messages/send with a connection token, the delivery status of
 * what it sent, outgoing signed webhooks with their delivery log, and the
 * /messages-api page (documentation, test forms, usage). The plan flag
 * useExternalApi is declared by channels/api (the API channel); this module
 * only uses it, on the page's routes and on every API call.
 */
export default defineModule({
  name: 'messaging-api',
  feature: 'useExternalApi',
  errors,
  dependsOn: ['inbox', 'api'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [{ path: '/messages-api', label: 'menu.messagesApi', icon: 'code', role: 'admin', section: 'main', order: 80 }],
  remote: { name: 'messaging-api', expose: './App', routes: ['/messages-api'] },
})
