import { defineChannel } from '#core/module'

/**
 * Facebook Messenger. Declared so companies can create its connections; the
 * driver (Meta's Graph API) comes with its own provider in this folder.
 */
export default defineChannel({
  name: 'facebook',
  feature: 'useFacebook',
  planFlags: [{ name: 'useFacebook', label: { pt: 'Facebook', en: 'Facebook', es: 'Facebook' }, default: true }],
  label: { pt: 'Facebook', en: 'Facebook', es: 'Facebook' },
  icon: 'person-chat',
  color: '#1877F2',
})
