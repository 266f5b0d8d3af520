/**
 * What every Meta webhook does before looking at an event:
 * - GET: the subscription handshake. The challenge is echoed only when
 *   hub.mode is "subscribe" and hub.verify_token equals META_VERIFY_TOKEN
 *   (compared in constant time); anything else is 401 (like a bad signature).
 * - POST: the raw body must carry a valid X-Hub-Signature-256 of the app
 *   secret; otherwise 401 and one log line, and nothing is parsed or stored.
 */
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import { timingSafeEqual, createHash } from 'node:crypto'
import { AppError } from '#core/errors'
import { metaConfig } from './config.js'
import { META_SIGNATURE_HEADER, verifyMetaSignature } from './signature.js'

const digest = (s: string) => createHash('sha256').update(s).digest()

export function answerHandshake(ctx: HttpContext) {
  const params = new URLSearchParams(ctx.request.parsedUrl.query ?? '')
  const mode = params.get('hub.mode')
  const token = params.get('hub.verify_token') ?? ''
  const challenge = params.get('hub.challenge') ?? ''
  const expected = metaConfig().verifyToken
  const matches = Boolean(expected) && timingSafeEqual(digest(token), digest(expected))
  if (mode !== 'subscribe' || !matches || !challenge || challenge.length > 200) {
    logger.warn({ url: ctx.request.url(), ip: ctx.request.ip() }, 'meta webhook: handshake refused')
    throw new AppError('ERR_META_VERIFY_TOKEN', 401)
  }
  ctx.response.header('content-type', 'text/plain; charset=utf-8')
  return ctx.response.ok(challenge)
}

/** The verified, parsed body of a Meta webhook POST; throws 401 on a missing or bad signature. */
export function signedPayload(ctx: HttpContext, object: string): any {
  const raw = ctx.request.raw() ?? ''
  const header = ctx.request.header(META_SIGNATURE_HEADER)
  if (!verifyMetaSignature(metaConfig().appSecret, raw, header)) {
    logger.warn(
      { url: ctx.request.url(), ip: ctx.request.ip(), signed: Boolean(header) },
      'meta webhook: signature missing or invalid, refused'
    )
    throw new AppError('ERR_INVALID_SIGNATURE', 401)
  }
  let body: any
  try {
    body = JSON.parse(raw)
  } catch {
    throw new AppError('ERR_VALIDATION', 400)
  }
  if (!body || body.object !== object || !Array.isArray(body.entry)) throw new AppError('ERR_VALIDATION', 400)
  return body
}
