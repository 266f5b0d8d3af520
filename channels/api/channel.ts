import { defineChannel } from '#core/module'

/**
 * The API channel: a connection any outside system can drive with no
 * WhatsApp or Meta account. Inbound messages arrive on a signed webhook;
 * outbound ones are POSTed, signed, to the connection's callback URL.
 */
export default defineChannel({
  name: 'api',
  feature: 'useExternalApi',
  migrations: './database/migrations',
  provider: () => import('./provider.js'),
})
