import { defineModule } from '#core/module'

/**
 * Connections administration: the company's messaging accounts (whatsapp,
 * facebook, instagram, api), their session commands, history import control
 * and the super user's all-connections view. The `whatsapps` table is the
 * core's; this module owns its API, rules and the per-connection health,
 * import progress and greeting media tables. Channel flags (useWhatsapp, ...)
 * are checked per connection, so the module itself is on for every plan.
 */
export default defineModule({
  name: 'connections',
  feature: null,
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
})
