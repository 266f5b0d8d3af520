import type { HttpContext } from '@adonisjs/core/http'
import { Company, User } from '#core/models'
import { AppError } from '#core/errors'
import { rateLimiter } from '#core/http'
import { completeSignIn, loginLimits } from '#core/sign_in'
import { tenancy } from '#core/tenancy'
import { audit } from '#core/audit'
import { secondStepValidator } from '../validators.js'
import { readChallenge } from '../services/challenge.js'
import { acceptAny, find } from '../services/credentials.js'

export default class SecondStepController {
  /** POST /auth/two-factor { challenge, code }: the code (or a recovery code) finishes the sign-in. */
  async verify(ctx: HttpContext) {
    const { challenge, code } = await ctx.request.validateUsing(secondStepValidator)
    const who = readChallenge(challenge)
    if (!who) {
      await rateLimiter.consume([loginLimits(ctx.request.ip(), '')[0]])
      throw new AppError('ERR_TWO_FACTOR_CHALLENGE_EXPIRED', 401)
    }
    const loaded = await tenancy.asSystem(async () => {
      const user = await User.find(who.userId)
      const company = await Company.find(who.companyId)
      return user && company && user.companyId === company.id ? { user, company } : null
    })
    if (!loaded) throw new AppError('ERR_TWO_FACTOR_CHALLENGE_EXPIRED', 401)
    // the password step's limits count every code try too (per IP and per e-mail)
    await rateLimiter.consume(loginLimits(ctx.request.ip(), loaded.user.email))
    const ok = await tenancy.run(loaded.company.id, async () => {
      const row = await find(loaded.user.id)
      return row?.enabled_at ? acceptAny(row, code) : false
    })
    if (!ok) {
      await audit.record(null, {
        action: 'auth.sign_in_failed',
        entity: 'user',
        entityId: loaded.user.id,
        companyId: loaded.company.id,
        actor: loaded.user,
        details: { email: loaded.user.email, reason: 'ERR_TWO_FACTOR_INVALID_CODE' },
      })
      throw new AppError('ERR_TWO_FACTOR_INVALID_CODE', 401)
    }
    return completeSignIn(ctx, loaded.user, loaded.company)
  }
}
