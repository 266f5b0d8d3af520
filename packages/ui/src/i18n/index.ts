/** The kit's texts per language; the shell loads them into its i18next instance. */
import i18next from 'i18next'
import pt from './kit.pt.js'
import en from './kit.en.js'
import es from './kit.es.js'

export const kitResources = { pt, en, es }
export type KitTexts = typeof pt

/**
 * Adds the error texts the plugins declare (GET /modules → errors) to the
 * page's i18next: the core's codes are bundled, a plugin's arrive with the
 * manifest, so a new module's codes need no edit here.
 */
export function addErrorTexts(errors: Record<string, { pt: string; en: string; es: string }>) {
  for (const lang of ['pt', 'en', 'es'] as const) {
    const texts = Object.fromEntries(Object.entries(errors).map(([code, text]) => [code, text[lang]]))
    i18next.addResourceBundle(lang, 'translation', { errors: texts }, true, false)
  }
}
