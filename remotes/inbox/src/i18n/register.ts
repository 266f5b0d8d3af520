/**
 * Adds the remote's texts to the shell's i18next instance (shared singleton).
 * Each part of the remote keeps its own text files (pt, en, es) under the key
 * `inbox.<part>`, so parts can grow without touching each other's files.
 */
import i18next from 'i18next'
import { texts as workspace } from '../workspace/i18n.js'
import { texts as chat } from '../chat/i18n.js'
import { texts as actions } from '../actions/i18n.js'
import { texts as contacts } from '../contacts/i18n.js'
import { texts as tags } from '../tags/i18n.js'
import { texts as quickMessages } from '../quickMessages/i18n.js'

type Texts = Record<'pt' | 'en' | 'es', Record<string, unknown>>
const parts: Record<string, Texts> = { workspace, chat, actions, contacts, tags, quickMessages }

export function registerTranslations() {
  for (const lng of ['pt', 'en', 'es'] as const) {
    const inbox: Record<string, unknown> = {}
    for (const [name, t] of Object.entries(parts)) inbox[name] = t[lng]
    i18next.addResourceBundle(lng, 'translation', { inbox }, true, false)
  }
}
