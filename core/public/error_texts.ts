/**
 * The error catalogue the server answers with: the core's codes
 * (core/i18n/errors.ts) and those each plugin declares in its manifest. A code
 * belongs to one owner: a plugin redeclaring a core code or another plugin's
 * fails the boot.
 */
import { errorMessages, pickLang, type Lang } from '../i18n/errors.js'
import type { Localized } from './module.js'
import { channels, modules } from '../plugins.js'

export class ErrorCatalogueError extends Error {}

/** the language of a person from their Accept-Language header (pt, en or es; pt by default) */
export { pickLang, type Lang }

/** The plugins' codes; a code declared twice (or already the core's) or missing a language throws (the boot fails). */
export function collectPluginErrors(plugins: { folder: string; manifest: { errors?: Record<string, Localized> } }[]) {
  const owner = new Map<string, string>()
  const plugin: Record<string, Localized> = {}
  for (const { folder, manifest } of plugins) {
    for (const [code, text] of Object.entries(manifest.errors ?? {})) {
      if (!/^ERR_[A-Z0-9_]+$/.test(code)) throw new ErrorCatalogueError(`${folder}: "${code}" is not an ERR_ code`)
      const taken = errorMessages[code] ? 'core' : owner.get(code)
      if (taken) throw new ErrorCatalogueError(`${folder}: ${code} is already declared by ${taken}`)
      if (!text.pt || !text.en || !text.es) throw new ErrorCatalogueError(`${folder}: ${code} needs pt, en and es`)
      owner.set(code, folder)
      plugin[code] = text
    }
  }
  return plugin
}

const pluginErrors = collectPluginErrors([...modules, ...channels])

/** The text of a code in a language, from the core or the plugin that declares it. */
export function translateError(code: string, lang: Lang): string | undefined {
  return errorMessages[code]?.[lang] ?? pluginErrors[code]?.[lang]
}

/** The plugins' codes, as GET /modules sends them to the browser (the core's are bundled there). */
export function pluginErrorTexts(): Record<string, Localized> {
  return pluginErrors
}

