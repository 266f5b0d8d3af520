import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * Connections administration: the company's messaging accounts (whatsapp,
 * facebook, instagram, api), their session commands, history import control
 * and the super user's all-connections view. The `whatsapps` table is the
 * core's; this module owns its API, rules and the per-connection health,
 * import progress and greeting media tables (channels report health and
 * imports through the core's channel hooks). Channel flags (useWhatsapp, ...)
 * are checked per connection, so the module itself is on for every plan.
 */
export default defineModule({
  name: 'connections',
  feature: null,
  errors,
  // closes imported tickets through #modules/inbox/public
  dependsOn: ['inbox'],
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [
    // every signed-in user sees the connections and their state; the actions are admin-only (spec 2 §2)
    { path: '/connections', label: 'menu.connections', icon: 'connections', role: 'any', section: 'admin', order: 20 },
    { path: '/allConnections', label: 'menu.allConnections', icon: 'plug', role: 'super', section: 'admin', order: 91 },
  ],
  remote: { name: 'connections', expose: './App', routes: ['/connections', '/allConnections'] },
})
