/**
 * What every widget call checks first, in this order: the key names a
 * webchat connection (401 otherwise, the same answer for any unknown key),
 * its company is active (402) and its plan offers the channel (403), and the
 * caller's Origin is one of the connection's allowed origins (403). The CORS
 * headers are set only for an allowed origin, so a browser on any other site
 * cannot read an answer.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { rateLimiter } from '#core/http'
import type { Whatsapp } from '#core/models'
import { connectionByKey } from './keys.js'
import { originAllowed } from './origins.js'

/** Widget calls per client address and minute, whatever the connection (abuse from one machine). */
export const perIp = (ip: string) => ({
  key: `webchat:ip:${ip}`,
  max: Number(process.env.WEBCHAT_PER_IP_PER_MINUTE) || 120,
  windowSeconds: 60,
})

export async function knownConnection(ctx: HttpContext): Promise<Whatsapp> {
  const { whatsapp, companyActive, planOffers } = await connectionByKey(String(ctx.params.key ?? ''))
  if (!whatsapp) throw new AppError('ERR_WEBCHAT_UNKNOWN_KEY', 401)
  if (!companyActive) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402)
  if (!planOffers) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)
  return whatsapp
}

export async function guard(ctx: HttpContext): Promise<Whatsapp> {
  const whatsapp = await knownConnection(ctx)
  const origin = ctx.request.header('origin')
  ctx.response.header('vary', 'Origin')
  if (!originAllowed(whatsapp.settings ?? {}, origin)) throw new AppError('ERR_WEBCHAT_ORIGIN_REFUSED', 403)
  ctx.response.header('access-control-allow-origin', origin!)
  await rateLimiter.consume([perIp(ctx.request.ip())])
  return whatsapp
}
