/**
 * Meta signs every webhook POST with X-Hub-Signature-256: `sha256=` + the
 * HMAC-SHA256 of the raw body with the app secret. Checked on the raw bytes,
 * before any parsing, in constant time; no secret configured means nothing is
 * accepted (an unsigned webhook is how message injection happens).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const META_SIGNATURE_HEADER = 'x-hub-signature-256'

export function signMetaPayload(secret: string, raw: string | Buffer) {
  return 'sha256=' + createHmac('sha256', secret).update(raw).digest('hex')
}

export function verifyMetaSignature(secret: string, raw: string | Buffer, header: string | undefined | null) {
  if (!secret || typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false
  const expected = Buffer.from(signMetaPayload(secret, raw))
  const given = Buffer.from(header.toLowerCase())
  return expected.length === given.length && timingSafeEqual(expected, given)
}
