import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * Kanban (spec 3): kanban tags (the inbox's tags with kanban ≠ 0) as board
 * lanes, the board of the tickets each user may see, and moving cards across
 * lanes. Tickets, tags and their links are the inbox's, reached through
 * #modules/inbox/public/kanban; this module owns only the lanes' order.
 */
export default defineModule({
  name: 'kanban',
  feature: 'useKanban',
  planFlags: [{ name: 'useKanban', label: { pt: 'Kanban', en: 'Kanban', es: 'Kanban' }, default: true }],
  errors,
  dependsOn: ['inbox'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [
    { path: '/Kanban', label: 'menu.kanban', icon: 'kanban', role: 'any', section: 'main', order: 42 },
    // spec 3 §2 and §6: the lanes are managed by admins and the dashboard permission
    { path: '/TagsKanban', label: 'menu.tagsKanban', icon: 'tag', role: 'dashboard', section: 'main', order: 43 },
  ],
  // react-router matches paths without case: /kanban and /tagsKanban open the same screens
  remote: { name: 'kanban', expose: './App', routes: ['/Kanban', '/TagsKanban'] },
})
