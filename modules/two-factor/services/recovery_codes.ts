/** Ten single-use recovery codes (XXXXX-XXXXX, 50 random bits each), kept only as SHA-256 hashes. */
import { createHash, randomBytes } from 'node:crypto'
import { base32Encode } from './totp.js'

export const RECOVERY_CODE_COUNT = 10

/** Case, spaces and dashes do not matter when a person types a code back. */
export const normalizeRecovery = (code: string) => code.toUpperCase().replace(/[\s-]/g, '')

// high-entropy random codes: a fast hash is enough (no dictionary to try)
export const hashRecovery = (code: string) => createHash('sha256').update(normalizeRecovery(code)).digest('hex')

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = base32Encode(randomBytes(7)).slice(0, 10)
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
}
