/**
 * Bearer access-token check. Missing token or a revoked session → 401
 * ERR_SESSION_EXPIRED (the client signs out); a bad or expired token → 403
 * ERR_INVALID_TOKEN (the client refreshes once and replays). On success the
 * rest of the request runs inside the user's tenant scope, after the plugins'
 * request guards (#core/request_guards).
 */
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import { tenancy } from '#core/tenancy'
import { verifyAccessToken } from '#services/auth_tokens'
import { loadActor } from '#services/actor_cache'
import { markOnline } from '#services/presence'
import { requestGuards } from '#core/request_guards'

export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const header = ctx.request.header('authorization') ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match) throw new AppError('ERR_SESSION_EXPIRED', 401)
    const verified = verifyAccessToken(match[1])
    if (!verified.ok) throw new AppError('ERR_INVALID_TOKEN', 403)
    const { claims } = verified

    const loaded = await loadActor(claims)
    if (!loaded) throw new AppError('ERR_SESSION_EXPIRED', 401)

    ctx.actor = { user: loaded.user, company: loaded.company, sessionId: loaded.sessionId, queueIds: loaded.queueIds }
    return tenancy.run(loaded.user.companyId, async () => {
      // plugins' checks on every signed-in call (e.g. two-factor enrolment a company requires)
      for (const guard of requestGuards.list()) await guard(ctx)
      await markOnline(loaded.user, DateTime.now())
      return next()
    })
  }
}
