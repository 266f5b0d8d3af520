import { defineChannel } from '#core/module'
import { errors } from './errors.js'

/**
 * WhatsApp through Baileys (the multi-device web protocol). One socket per
 * connection, owned by exactly one process through a Redis lease; its login
 * lives in PostgreSQL, encrypted, so the session can move between processes.
 */
export default defineChannel({
  name: 'whatsapp',
  feature: 'useWhatsapp',
  errors,
  planFlags: [{ name: 'useWhatsapp', label: { pt: 'WhatsApp', en: 'WhatsApp', es: 'WhatsApp' }, default: true }],
  label: { pt: 'WhatsApp', en: 'WhatsApp', es: 'WhatsApp' },
  icon: 'chat',
  color: '#25D366',
  migrations: './database/migrations',
  provider: () => import('./provider.js'),
})
