/** Adds the remote's texts to the shell's i18next instance (shared singleton). */
import i18next from 'i18next'
import pt from './pt.js'
import en from './en.js'
import es from './es.js'

export function registerTranslations() {
  for (const [lng, res] of Object.entries({ pt, en, es }))
    i18next.addResourceBundle(lng, 'translation', res, true, false)
}
