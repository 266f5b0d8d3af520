import { defineChannel } from '#core/module'
import { facebookLogin } from '#channels/meta/login'

/**
 * Instagram Direct: one connection per Instagram professional account linked to
 * a Facebook page, created by POST /facebook with addInstagram (the page's
 * token, sealed). Inbound on the app's signed webhook (messages, story replies
 * and mentions), outbound through the Graph Send API within the 24-hour window.
 */
export default defineChannel({
  name: 'instagram',
  feature: 'useInstagram',
  planFlags: [{ name: 'useInstagram', label: { pt: 'Instagram', en: 'Instagram', es: 'Instagram' }, default: true }],
  label: { pt: 'Instagram', en: 'Instagram', es: 'Instagram' },
  icon: 'image-multiple',
  color: '#C13584',
  maxInFlight: 8,
  dependsOn: ['whatsappapi'],
  // added from the connections screen's Facebook login (POST /facebook), not the connection dialog
  // the chat's 24-hour banner reads the window from the server (7 days for a human agent's reply)
  chat: { window: '/meta/window/:ticketId' },
  connect: facebookLogin(true),
  provider: () => import('./provider.js'),
})
