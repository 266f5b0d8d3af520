import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * Internal chat between staff of one company (spec 3 §2 /chats/{id?}, §7):
 * chats with members and per-member unread counts, messages, @mentions, and
 * realtime that reaches the members only.
 */
export default defineModule({
  name: 'chats',
  feature: 'useInternalChat',
  planFlags: [
    { name: 'useInternalChat', label: { pt: 'Chat interno', en: 'Internal chat', es: 'Chat interno' }, default: true },
  ],
  errors,
  // a shared ticket is checked against the inbox's visibility rule (its public API)
  dependsOn: ['inbox'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [{ path: '/chats', label: 'menu.chats', icon: 'chats', role: 'any', section: 'main', order: 55 }],
  // /chats and /chats/{uuid}
  remote: { name: 'chats', expose: './App', routes: ['/chats'] },
})
