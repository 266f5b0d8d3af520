import { defineChannel } from '#core/module'

/**
 * WhatsApp through Baileys (the multi-device web protocol). One socket per
 * connection, owned by exactly one process through a Redis lease; its login
 * lives in PostgreSQL, encrypted, so the session can move between processes.
 */
export default defineChannel({
  name: 'whatsapp',
  feature: 'useWhatsapp',
  migrations: './database/migrations',
  provider: () => import('./provider.js'),
})
