/**
 * Who is calling the messaging API: the connection whose 30-character token
 * is the Bearer (reference §5.6), and so its company. Unlike the reference,
 * the token must be one of a live company whose plan has useExternalApi
 * (checked on every call), the comparison is constant-time, and an address
 * that keeps sending wrong tokens is locked out for a while.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { rateLimiter } from '#core/http'
import { tenancy } from '#core/tenancy'
import { Company, Whatsapp } from '#core/models'
import { planHas } from '#core/plan_flags'

export const FEATURE = 'useExternalApi'

export interface ApiCaller {
  companyId: number
  whatsapp: Whatsapp
}

/** Wrong tokens per client address in 5 minutes before the address is refused (token guessing). */
export const failuresFrom = (ip: string) => ({ key: `msgapi:fail:${ip}`, max: 20, windowSeconds: 300 })

const digest = (v: string) => createHash('sha256').update(v).digest()
const DUMMY = digest('messaging-api-no-such-token')

function bearer(ctx: HttpContext): string | null {
  const header = ctx.request.header('authorization') ?? ''
  const m = /^Bearer\s+([A-Za-z0-9_\-.~+/=]{1,128})\s*$/i.exec(header)
  return m ? m[1] : null
}

async function lookup(token: string): Promise<Whatsapp | null> {
  // system scope: the token alone names the connection; its company is what we find
  const row = await tenancy.asSystem(() => Whatsapp.query().where('token', token).first())
  // the index finds the row; the secret itself is compared in constant time (digests of equal length)
  const ok = timingSafeEqual(digest(token), row ? digest(row.token) : DUMMY)
  return row && ok ? row : null
}

/** The caller of an API route, or 401/402/403/429 (in that order of checks). */
export async function authenticate(ctx: HttpContext): Promise<ApiCaller> {
  const ip = ctx.request.ip()
  if (await rateLimiter.exceeded(failuresFrom(ip)))
    throw new AppError('ERR_TOO_MANY_REQUESTS', 429, { details: { retryAfter: 300 } })
  const token = bearer(ctx)
  const whatsapp = token ? await lookup(token) : null
  if (!whatsapp) {
    await rateLimiter.consume([failuresFrom(ip)])
    throw new AppError('ERR_API_INVALID_TOKEN', 401)
  }
  const company = await tenancy.asSystem(() => Company.query().where('id', whatsapp.companyId).preload('plan').first())
  if (!company) throw new AppError('ERR_API_INVALID_TOKEN', 401)
  // the same rule as a signed-in session's (subscribed middleware)
  if (!company.status) throw new AppError('ERR_COMPANY_INACTIVE', 402)
  if (company.isExpired()) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402)
  // the products never checked the plan here (reference §5.6): we do, on every call
  if (!planHas(company.plan, FEATURE)) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)
  return { companyId: company.id, whatsapp }
}

/**
 * Whether the company's plan has the flag now (jobs and events check it: a
 * plan that lost the flag stops its sends and webhooks, not only its calls).
 */
export async function companyHasFeature(companyId: number): Promise<boolean> {
  const company = await tenancy.asSystem(() => Company.query().where('id', companyId).preload('plan').first())
  return Boolean(company && planHas(company.plan, FEATURE))
}
