import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * File lists (spec 3): named sets of files (private storage, signed URLs) that
 * a queue (fileListId) or a chatbot option of type file sends to the contact,
 * through the conversation engine's extension points (#core/conversation).
 */
export default defineModule({
  name: 'files',
  // any signed-in user (spec 3 §6 names no plan flag for file lists)
  feature: null,
  errors,
  dependsOn: ['inbox', 'queues'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [{ path: '/files', label: 'menu.files', icon: 'files', role: 'any', section: 'admin', order: 35 }],
  remote: { name: 'files', expose: './App', routes: ['/files'] },
})
