import { defineChannel } from '#core/module'

/**
 * Instagram Direct. Declared so companies can create its connections; the
 * driver (Meta's Graph API) comes with its own provider in this folder.
 */
export default defineChannel({
  name: 'instagram',
  feature: 'useInstagram',
  planFlags: [{ name: 'useInstagram', label: { pt: 'Instagram', en: 'Instagram', es: 'Instagram' }, default: true }],
  label: { pt: 'Instagram', en: 'Instagram', es: 'Instagram' },
  icon: 'image-multiple',
  color: '#C13584',
})
