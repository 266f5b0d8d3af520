/**
 * Access and refresh tokens.
 * - Access token: short-lived (15 min), HMAC-signed, carries the session id;
 *   every request also checks that the session is not revoked.
 * - Refresh token: random, stored hashed, single use. Each refresh rotates it;
 *   replaying a used one (outside a short race window) revokes the session.
 */
import { createHash, createHmac, createSecretKey, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import UserSession from '#models/user_session'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import { forgetActors } from '#services/actor_cache'

export const ACCESS_TTL_SECONDS = 15 * 60
export const REFRESH_TTL_SECONDS = 7 * 24 * 3600
/** Two tabs refreshing at once present the same token; tolerate that briefly. */
const REUSE_GRACE_SECONDS = 10

/** Derived once per APP_KEY value: every signed-in request verifies a token with it. */
let signing: { appKey: string; key: KeyObject } | null = null
function signingKey() {
  const appKey = env.get('APP_KEY').release()
  if (signing?.appKey !== appKey) {
    const key = createSecretKey(createHash('sha256').update('balcao:access-token:').update(appKey).digest())
    signing = { appKey, key }
  }
  return signing.key
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url')
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')

export interface AccessClaims {
  sid: string
  uid: number
  cid: number
  exp: number
}

export function signAccessToken(claims: Omit<AccessClaims, 'exp'>, ttl = ACCESS_TTL_SECONDS) {
  const payload = b64(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + ttl }))
  const sig = b64(createHmac('sha256', signingKey()).update(payload).digest())
  return `v1.${payload}.${sig}`
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' }

/**
 * Tokens whose signature checked out, with their claims: a browser sends the same token for up
 * to 15 minutes, every signed-in request would compute its HMAC again. Keyed by the whole token
 * and forgotten with the signing key; the expiry is checked on every use.
 */
const verified = new Map<string, AccessClaims>()
const VERIFIED_MAX = 10_000
let verifiedKey: KeyObject | null = null

export function verifyAccessToken(token: string): VerifyResult {
  const key = signingKey()
  if (verifiedKey !== key) {
    verified.clear()
    verifiedKey = key
  }
  let claims = verified.get(token)
  if (!claims) {
    const parts = token.split('.')
    if (parts.length !== 3 || parts[0] !== 'v1') return { ok: false, reason: 'invalid' }
    const expected = createHmac('sha256', key).update(parts[1]).digest()
    const given = Buffer.from(parts[2], 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' }
    try {
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as AccessClaims
    } catch {
      return { ok: false, reason: 'invalid' }
    }
    if (typeof claims?.exp !== 'number') return { ok: false, reason: 'invalid' }
    if (verified.size >= VERIFIED_MAX) verified.clear()
    verified.set(token, claims)
  }
  if (claims.exp * 1000 < Date.now()) return { ok: false, reason: 'expired' }
  return { ok: true, claims }
}

async function newRefreshToken(sessionId: string, trx?: any) {
  const plain = randomBytes(32).toString('base64url')
  await (trx ?? db).table('refresh_tokens').insert({
    session_id: sessionId,
    token_hash: sha256(plain),
    expires_at: DateTime.now().plus({ seconds: REFRESH_TTL_SECONDS }).toJSDate(),
  })
  return plain
}

export interface IssuedTokens {
  sessionId: string
  accessToken: string
  refreshToken: string
}

export async function openSession(
  user: { id: number; companyId: number },
  meta: { userAgent?: string | null; ip?: string | null } = {}
): Promise<IssuedTokens> {
  const sessionId = randomUUID()
  // a session belongs to its user's company (login opens it before any scope exists)
  await tenancy.run(user.companyId, () =>
    tenantInsert('user_sessions', {
      id: sessionId,
      user_id: user.id,
      user_agent: meta.userAgent?.slice(0, 255) ?? null,
      ip: meta.ip ?? null,
    })
  )
  const refreshToken = await newRefreshToken(sessionId)
  return {
    sessionId,
    refreshToken,
    accessToken: signAccessToken({ sid: sessionId, uid: user.id, cid: user.companyId }),
  }
}

export type RefreshResult = { ok: true; tokens: IssuedTokens; userId: number; companyId: number } | { ok: false }

/** Rotates a refresh token inside one transaction (row lock on the token). */
export async function rotateRefreshToken(plain: string): Promise<RefreshResult> {
  return db.transaction(async (trx) => {
    const row = await trx
      .from('refresh_tokens')
      .join('user_sessions', 'user_sessions.id', 'refresh_tokens.session_id')
      .where('refresh_tokens.token_hash', sha256(plain))
      .select(
        'refresh_tokens.id',
        'refresh_tokens.used_at',
        'refresh_tokens.expires_at',
        'user_sessions.id as session_id',
        'user_sessions.user_id',
        'user_sessions.company_id',
        'user_sessions.revoked_at'
      )
      .forUpdate()
      .first()
    if (!row || row.revoked_at || new Date(row.expires_at) < new Date()) return { ok: false as const }
    // the token named its session, and so its company: the session's writes run in that company's scope
    const session = () =>
      tenancy.run(row.company_id, () => tenantTable('user_sessions', trx).where('id', row.session_id))
    if (row.used_at) {
      const age = (Date.now() - new Date(row.used_at).getTime()) / 1000
      if (age > REUSE_GRACE_SECONDS) {
        await session().update({ revoked_at: new Date(), revoked_reason: 'refresh_reuse' })
        forgetActors()
        return { ok: false as const }
      }
    } else {
      await trx.from('refresh_tokens').where('id', row.id).update({ used_at: new Date() })
    }
    const refreshToken = await newRefreshToken(row.session_id, trx)
    await session().update({ last_used_at: new Date() })
    return {
      ok: true as const,
      userId: row.user_id,
      companyId: row.company_id,
      tokens: {
        sessionId: row.session_id,
        refreshToken,
        accessToken: signAccessToken({ sid: row.session_id, uid: row.user_id, cid: row.company_id }),
      },
    }
  })
}

/** Ends one session of the company in scope. */
export async function revokeSession(sessionId: string, reason: string) {
  await tenantTable('user_sessions')
    .where('id', sessionId)
    .whereNull('revoked_at')
    .update({ revoked_at: new Date(), revoked_reason: reason })
  forgetActors()
}

/** Ends every session of a user (password change, deletion), optionally but one; in the user's company scope. */
export async function revokeUserSessions(userId: number, reason: string, exceptSessionId?: string) {
  const q = tenantTable('user_sessions').where('user_id', userId).whereNull('revoked_at')
  if (exceptSessionId) q.whereNot('id', exceptSessionId)
  await q.update({ revoked_at: new Date(), revoked_reason: reason })
  forgetActors()
}

export async function findLiveSession(sessionId: string) {
  return UserSession.query().where('id', sessionId).whereNull('revoked_at').first()
}
