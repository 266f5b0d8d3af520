/**
 * The visitor token: what the widget keeps in localStorage so a visitor finds
 * their conversation after a reload. It names the connection and the visitor
 * and is signed with an HMAC keyed by APP_KEY (as the core signs its media
 * URLs), domain-separated for this use; nothing else is trusted from it. It
 * does not expire on its own: deleting the visitor row revokes it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import app from '@adonisjs/core/services/app'

export interface VisitorClaims {
  /** connection id */
  w: number
  /** the visitor's number (the contact's number in the inbox) */
  v: string
}

const mac = (payload: string) =>
  createHmac('sha256', app.config.get<{ release(): string }>('app.appKey').release())
    .update(`webchat:visitor:v1:${payload}`)
    .digest('base64url')

export function signVisitor(claims: VisitorClaims): string {
  const payload = Buffer.from(JSON.stringify({ w: claims.w, v: claims.v })).toString('base64url')
  return `${payload}.${mac(payload)}`
}

/** The claims of a well-signed token for connection `whatsappId`, or null. */
export function readVisitor(token: unknown, whatsappId: number): VisitorClaims | null {
  if (typeof token !== 'string' || token.length > 300) return null
  const [payload, sig, extra] = token.split('.')
  if (!payload || !sig || extra !== undefined) return null
  const expected = Buffer.from(mac(payload))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    if (claims?.w !== whatsappId || typeof claims.v !== 'string' || !/^\d{6,32}$/.test(claims.v)) return null
    return { w: claims.w, v: claims.v }
  } catch {
    return null
  }
}
