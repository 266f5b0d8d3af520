/**
 * The challenge POST /auth/login answers to an enrolled user instead of the
 * session: encrypted and authenticated with the app key (the core's encryption
 * service), bound to the user and company, valid for 5 minutes.
 */
import encryption from '@adonisjs/core/services/encryption'
import { clock } from './clock.js'

const PURPOSE = 'two-factor-challenge'
export const CHALLENGE_TTL_MS = 5 * 60_000

interface Payload {
  u: number
  c: number
  exp: number
}

export const issueChallenge = (userId: number, companyId: number) =>
  encryption.encrypt(
    { u: userId, c: companyId, exp: clock.now() + CHALLENGE_TTL_MS } satisfies Payload,
    undefined,
    PURPOSE
  )

/** The user and company of a valid challenge, or null (forged, another purpose, expired). */
export function readChallenge(token: string): { userId: number; companyId: number } | null {
  let p: Payload | null = null
  try {
    p = encryption.decrypt<Payload>(token, PURPOSE)
  } catch {
    return null
  }
  if (!p || !Number.isInteger(p.u) || !Number.isInteger(p.c) || typeof p.exp !== 'number') return null
  if (p.exp < clock.now()) return null
  return { userId: p.u, companyId: p.c }
}
