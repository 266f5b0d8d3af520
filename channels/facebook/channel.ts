import { defineChannel } from '#core/module'
import { facebookLogin } from '#channels/meta/login'

/**
 * Facebook Messenger: one connection per Facebook page, created by
 * POST /facebook from the Facebook login of the connections screen (page token
 * sealed). Inbound on the app's signed webhook, outbound through the Graph
 * Send API within Meta's 24-hour window (7 days for a human agent's reply).
 * Shares the Meta tables and jobs of whatsappapi (#channels/meta).
 */
export default defineChannel({
  name: 'facebook',
  feature: 'useFacebook',
  planFlags: [{ name: 'useFacebook', label: { pt: 'Facebook', en: 'Facebook', es: 'Facebook' }, default: true }],
  label: { pt: 'Facebook', en: 'Facebook', es: 'Facebook' },
  icon: 'person-chat',
  color: '#1877F2',
  maxInFlight: 8,
  dependsOn: ['whatsappapi'],
  // added from the connections screen's Facebook login (POST /facebook), not the connection dialog
  // the chat's 24-hour banner reads the window from the server (7 days for a human agent's reply)
  chat: { window: '/meta/window/:ticketId' },
  connect: facebookLogin(false),
  provider: () => import('./provider.js'),
})
