import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * The inbox: contacts, tickets, messages, notes, tags and quick replies, and
 * the processor behind the core's durable inbound pipeline and outbox.
 */
export default defineModule({
  name: 'inbox',
  feature: null,
  errors,
  migrations: './database/migrations',
  provider: () => import('./provider.js'),
  menu: [
    { path: '/tickets', label: 'menu.tickets', icon: 'chat', order: 10 },
    { path: '/contacts', label: 'menu.contacts', icon: 'contacts', order: 20 },
    { path: '/quick-messages', label: 'menu.quickMessages', icon: 'flash', order: 30 },
    { path: '/tags', label: 'menu.tags', icon: 'tag', order: 40 },
  ],
  remote: { name: 'inbox', expose: './App', routes: ['/tickets', '/contacts', '/quick-messages', '/tags'] },
})
