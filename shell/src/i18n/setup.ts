/**
 * The one i18next instance of the page (shared with the remotes): pt is the
 * default and the fallback; en and es are complete. Remotes add their own
 * namespaces with i18next.addResourceBundle.
 */
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { api, kitResources } from '@balcao/ui/core'
import pt from './pt.js'
import en from './en.js'
import es from './es.js'

export const LANGUAGES = [
  { code: 'pt', name: 'Português', html: 'pt-BR' },
  { code: 'en', name: 'English', html: 'en' },
  { code: 'es', name: 'Español', html: 'es' },
  // listed by name only (spec 1 §1): no Turkish translation exists
  { code: 'tr', name: 'Türkçe', html: 'tr', disabled: true },
] as const

export type LanguageCode = 'pt' | 'en' | 'es'
const STORAGE_KEY = 'language'

function storedLanguage(): LanguageCode {
  try {
    const v = localStorage.getItem(STORAGE_KEY)
    if (v === 'pt' || v === 'en' || v === 'es') return v
  } catch {
    // storage unavailable: default language
  }
  return 'pt'
}

function applyLanguage(code: string) {
  api.language = code === 'pt' ? 'pt-BR' : code
  const html = LANGUAGES.find((l) => l.code === code)?.html ?? 'pt-BR'
  document.documentElement.lang = html
}

/** Some module manifests name their menu labels mainDrawer.listItems.<x>; same texts as menu.<x>. */
const legacyMenu = (menu: Record<string, string>) => ({ mainDrawer: { listItems: menu } })

export async function setupI18n() {
  const lng = storedLanguage()
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'pt',
    supportedLngs: ['pt', 'en', 'es'],
    resources: {
      pt: { translation: { ...kitResources.pt, ...pt, ...legacyMenu(pt.menu) } },
      en: { translation: { ...kitResources.en, ...en, ...legacyMenu(en.menu) } },
      es: { translation: { ...kitResources.es, ...es, ...legacyMenu(es.menu) } },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  applyLanguage(lng)
  i18next.on('languageChanged', applyLanguage)
  return i18next
}

export function changeLanguage(code: LanguageCode) {
  try {
    localStorage.setItem(STORAGE_KEY, code)
  } catch {
    // not persisted; still switch for this page
  }
  return i18next.changeLanguage(code)
}
