/**
 * Bearer access-token check. Missing token or a revoked session → 401
 * ERR_SESSION_EXPIRED (the client signs out); a bad or expired token → 403
 * ERR_INVALID_TOKEN (the client refreshes once and replays). On success the
 * rest of the request runs inside the user's tenant scope.
 */
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { DateTime } from 'luxon'
import User from '#models/user'
import Company from '#models/company'
import { AppError } from '#core/errors'
import { tenancy } from '#core/tenancy'
import { verifyAccessToken, findLiveSession } from '#services/auth_tokens'
import { markOnline } from '#services/presence'

export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const header = ctx.request.header('authorization') ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match) throw new AppError('ERR_SESSION_EXPIRED', 401)
    const verified = verifyAccessToken(match[1])
    if (!verified.ok) throw new AppError('ERR_INVALID_TOKEN', 403)
    const { claims } = verified

    const loaded = await tenancy.asSystem(async () => {
      const session = await findLiveSession(claims.sid)
      if (!session || session.userId !== claims.uid) return null
      const user = await User.find(claims.uid)
      if (!user) return null
      const company = await Company.query().where('id', user.companyId).preload('plan').first()
      if (!company) return null
      return { session, user, company }
    })
    if (!loaded) throw new AppError('ERR_SESSION_EXPIRED', 401)

    ctx.actor = { user: loaded.user, company: loaded.company as any, sessionId: loaded.session.id }
    return tenancy.run(loaded.user.companyId, async () => {
      await markOnline(loaded.user, DateTime.now())
      return next()
    })
  }
}
