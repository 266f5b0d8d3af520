/**
 * HMAC-SHA256 signatures over `${timestamp}.${rawBody}` with the connection's
 * secret, compared in constant time, with a replay window on the timestamp.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_HEADER = 'x-balcao-signature'
export const TIMESTAMP_HEADER = 'x-balcao-timestamp'
export const REPLAY_WINDOW_SECONDS = 300

export function sign(secret: string, timestamp: number, rawBody: string) {
  return 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
}

export function verify(
  secret: string,
  timestampHeader: string | undefined,
  signature: string | undefined,
  rawBody: string,
  now = Date.now()
) {
  const ts = Number(timestampHeader)
  if (!Number.isInteger(ts) || !signature) return false
  if (Math.abs(now / 1000 - ts) > REPLAY_WINDOW_SECONDS) return false
  const expected = Buffer.from(sign(secret, ts, rawBody))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The signing secret of a connection: its own when configured, else its token. */
export function secretOf(connection: { token: string; settings: Record<string, unknown> }) {
  const s = connection.settings?.secret
  return typeof s === 'string' && s.length >= 16 ? s : connection.token
}
