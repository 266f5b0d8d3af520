/** Adds the remote's texts to the shell's i18next instance (shared singleton). */
import i18next from 'i18next'
import { texts } from './texts.js'

export function registerTranslations() {
  for (const [lng, res] of Object.entries(texts)) i18next.addResourceBundle(lng, 'translation', res, true, false)
}
