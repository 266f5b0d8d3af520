/** TOTP (RFC 6238: HMAC-SHA-1, 6 digits, 30 s steps) and base32 (RFC 4648), on node:crypto only. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
export const STEP_SECONDS = 30
export const DIGITS = 6

export function base32Encode(buf: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of buf) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '')
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch)
    if (i === -1) throw new Error('not base32')
    value = (value << 5) | i
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new secret: 20 random bytes (160 bits, the RFC's SHA-1 key size), base32. */
export const newSecret = () => base32Encode(randomBytes(20))

export const stepAt = (ms: number) => Math.floor(ms / 1000 / STEP_SECONDS)

/** The code of one time step (RFC 4226 dynamic truncation). */
export function codeAt(key: Buffer, step: number, digits = DIGITS): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = mac[mac.length - 1] & 0x0f
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits
  return String(bin).padStart(digits, '0')
}

/** The code for a base32 secret at a time (ms). */
export const totp = (secret: string, ms: number) => codeAt(base32Decode(secret), stepAt(ms))

/**
 * The step a code matches at `ms`, allowing one step of clock drift either way,
 * or null. The caller refuses a step already used (replay).
 */
export function matchStep(secret: string, code: string, ms: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const key = base32Decode(secret)
  const now = stepAt(ms)
  for (const step of [now - 1, now, now + 1]) {
    if (timingSafeEqual(Buffer.from(codeAt(key, step)), Buffer.from(code))) return step
  }
  return null
}

/** The otpauth:// URI authenticator apps read from the QR code. */
export function otpauthUri(secret: string, account: string, issuer = 'Balcão') {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const params = `secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${STEP_SECONDS}`
  return `otpauth://totp/${label}?${params}`
}
