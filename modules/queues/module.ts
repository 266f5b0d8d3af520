import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * Queues (departments) and their chatbot option trees. The queue table itself
 * is the core's (users and tickets refer to it); this module owns its API,
 * the chatbot options and their validation rules.
 */
export default defineModule({
  name: 'queues',
  feature: null,
  errors,
  /** the conversation engine acts on tickets through the inbox's port */
  dependsOn: ['inbox'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  // listed for admins; every signed-in user may open it read-only (spec 2 §2)
  menu: [
    {
      path: '/queues',
      label: 'menu.queues',
      icon: 'queues',
      role: 'admin',
      access: 'any',
      section: 'admin',
      order: 30,
    },
  ],
  remote: { name: 'queues', expose: './App', routes: ['/queues'] },
})
