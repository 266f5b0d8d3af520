/**
 * The input bar's remembered choices (private mode, signature) in localStorage,
 * and the signature put before a signed message. Pure: the storage is a
 * parameter (tests/unit/inbox_chat_logic.spec.ts).
 */
export const PRIVATE_KEY = 'inbox.chat.privateMode'
export const SIGN_KEY = 'signOption'

/** what the flags need of localStorage */
export interface FlagStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

const browserStorage = () => (globalThis as { localStorage?: FlagStorage }).localStorage!

export function readFlag(key: string, fallback: boolean, storage: () => FlagStorage = browserStorage) {
  try {
    const v = storage().getItem(key)
    return v === null ? fallback : v === 'true'
  } catch {
    return fallback
  }
}

export function saveFlag(key: string, value: boolean, storage: () => FlagStorage = browserStorage) {
  try {
    storage().setItem(key, String(value))
  } catch {
    // private browsing: the choice lasts for this page only
  }
}

/** "*Name:*" on its own line before the text, when signing and not a private note (and there is a text). */
export function signBody(body: string, opts: { sign: boolean; isPrivate: boolean; name?: string | null }) {
  return opts.sign && !opts.isPrivate && opts.name && body ? `*${opts.name}:*\n${body}` : body
}

/** spec 1 §9: the placeholder is cut to 20 characters at max-width 767 */
export const NARROW_QUERY = '(max-width: 767px)'
export const NARROW_PLACEHOLDER_CHARS = 20

export const fitPlaceholder = (text: string, narrow: boolean) =>
  narrow ? text.slice(0, NARROW_PLACEHOLDER_CHARS) : text
