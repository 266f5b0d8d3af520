/**
 * What a module needs to expose HTTP routes: the router, the core's named
 * middleware, the signed-in actor and small helpers shared by every list call.
 */
import router from '@adonisjs/core/services/router'
import type { HttpContext } from '@adonisjs/core/http'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type User from '#models/user'
import type Company from '#models/company'
import type Plan from '#models/plan'
import { middleware } from '#start/kernel'
import type { ChannelManifest, ModuleManifest } from './module.js'
import { AppError } from './errors.js'
import { planOffersChannel, tokenChannelEnabled } from './channels.js'

export interface Actor {
  user: User
  company: Company & { plan: Plan }
  sessionId: string
  /** the user's queues (user_queues), loaded with the actor */
  queueIds: number[]
}

declare module '@adonisjs/core/http' {
  interface HttpContext {
    actor: Actor
  }
}

export { router, middleware }
/** Fixed-window limits (Redis, or PostgreSQL without it): 429 ERR_TOO_MANY_REQUESTS with retryAfter. */
export { rateLimiter, type Limit } from '../app/services/rate_limiter.js'

/**
 * Mounts a module's routes behind sign-in, an active subscription and the
 * module's plan flag (and the super flag for super-only modules).
 */
export function moduleRoutes(manifest: ModuleManifest, define: () => void) {
  const stack: any[] = [middleware.auth(), middleware.subscribed()]
  if (manifest.feature) stack.push(middleware.feature({ flag: manifest.feature }))
  return router.group(define).use(stack)
}

/**
 * Mounts a channel's routes behind its plan flag (the manifest's feature):
 * on a route with a :token parameter (a webhook, authenticated by the channel
 * itself) the plan of the company owning that connection; on a signed-in
 * route the caller's plan. A plan without the flag answers 403
 * ERR_PLAN_FEATURE_DISABLED; an unknown token is left to the channel (which
 * answers it as it answers a bad signature).
 */
export function channelRoutes(manifest: ChannelManifest, define: () => void) {
  return router.group(define).use(async (ctx, next) => {
    if (manifest.feature) {
      const token = ctx.params?.token
      if (typeof token === 'string' && token.length > 0 && token.length <= 128) {
        if ((await tokenChannelEnabled(manifest.name, token)) === false) {
          throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)
        }
      } else if (ctx.actor && !planOffersChannel(ctx.actor.company.plan, manifest.name)) {
        throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)
      }
    }
    return next()
  })
}

export function requireAdmin(ctx: HttpContext) {
  if (!ctx.actor?.user.isAdmin) throw new AppError('ERR_NO_PERMISSION', 403)
}

export function requireSuper(ctx: HttpContext) {
  if (!ctx.actor?.user.super) throw new AppError('ERR_NO_PERMISSION', 403)
}

/** Positive integer route parameter, or 404 with the given code. */
export function idParam(ctx: HttpContext, code: string, name = 'id'): number {
  const raw = ctx.params[name]
  const id = Number(raw)
  if (!/^\d{1,10}$/.test(String(raw)) || id <= 0 || id > 2147483647) throw new AppError(code, 404)
  return id
}

export function pageNumber(ctx: HttpContext) {
  const n = Number(ctx.request.input('pageNumber', 1))
  return Number.isInteger(n) && n > 0 && n < 100000 ? n : 1
}

/** Offset pagination with the hasMore/count shape the spec's client reads. */
export async function paginate<T>(query: ModelQueryBuilderContract<any, T>, page: number, pageSize: number) {
  const countQuery = query.clone().clearOrder().clearSelect().count('* as total')
  const [rows, countRows] = await Promise.all([
    query.offset((page - 1) * pageSize).limit(pageSize),
    countQuery.pojo<{ total: string }>(),
  ])
  const count = Number(countRows[0]?.total ?? 0)
  return { rows, count, hasMore: count > page * pageSize }
}

/** Escapes LIKE wildcards in user search text. */
export function likeTerm(text: unknown) {
  const s = String(text ?? '').trim().toLowerCase().slice(0, 100)
  return `%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`
}
