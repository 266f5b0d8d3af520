/**
 * Secrets a plugin stores for a company (channel tokens, API keys): sealed
 * with the app's encryption key, never in clear, and shown to screens only as
 * a mask. A sealed value carries a prefix, so re-validating settings never
 * seals a value twice.
 */
import encryption from '@adonisjs/core/services/encryption'

const PREFIX = 'sealed:v1:'
const MASK = '••••'

export const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX)

/** Seals a clear secret (an already sealed value is returned as it is). */
export function sealSecret(clear: string) {
  return isSealed(clear) ? clear : PREFIX + encryption.encrypt(clear)
}

/** The clear secret, or '' when the value is missing or cannot be opened (another APP_KEY). */
export function openSecret(value: unknown): string {
  if (!isSealed(value)) return ''
  return encryption.decrypt<string>(value.slice(PREFIX.length)) ?? ''
}

/** What screens see: the last 4 characters behind a mask, or null without a secret. */
export function maskSecret(value: unknown): string | null {
  const clear = openSecret(value)
  return clear ? `${MASK}${clear.slice(-4)}` : null
}

/** A value a dialog sent back unchanged (its mask) means "keep the stored secret". */
export const isMask = (value: unknown) => typeof value === 'string' && value.startsWith(MASK)
