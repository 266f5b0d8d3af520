import type { HttpContext } from '@adonisjs/core/http'
import hash from '@adonisjs/core/services/hash'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Company from '#models/company'
import Plan from '#models/plan'
import { AppError } from '#core/errors'
import { tenancy } from '#core/tenancy'
import { realtime } from '#core/realtime'
import { globalSettings } from '#core/settings'
import { loginValidator, signupValidator } from '#validators/auth'
import { rateLimiter } from '#services/rate_limiter'
import { loginLimits, signInSteps } from '#core/sign_in'
import { audit } from '#core/audit'
import { createCompanyWithAdmin } from '#services/companies'
import { sessionUser } from '#services/session_user'
import { markOffline, markOnline } from '#services/presence'
import {
  REFRESH_TTL_SECONDS,
  openSession,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
} from '#services/auth_tokens'

export const REFRESH_COOKIE = 'brt'

/** A constant hash to compare against when the e-mail is unknown (same timing). */
let dummyHash: Promise<string> | null = null

function setRefreshCookie(ctx: HttpContext, token: string) {
  ctx.response.plainCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/auth',
    maxAge: REFRESH_TTL_SECONDS,
    encode: false,
  })
}

function clearRefreshCookie(ctx: HttpContext) {
  ctx.response.clearCookie(REFRESH_COOKIE, { path: '/auth' })
}

function readRefreshCookie(ctx: HttpContext): string | null {
  const value = ctx.request.plainCookie(REFRESH_COOKIE, { encoded: false })
  return typeof value === 'string' && value.length > 10 ? value : null
}

/** Inside [start, end] in the company's time zone, minute precision; overnight shifts allowed. */
export function withinWorkingHours(start: string, end: string, timezone: string, now = DateTime.now()) {
  const t = now.setZone(timezone).toFormat('HH:mm')
  return start <= end ? t >= start && t <= end : t >= start || t <= end
}

/** Why a user may not hold a session now (login and refresh alike); null when they may. */
function sessionRefusal(user: User, company: Company): 'ERR_COMPANY_INACTIVE' | 'ERR_OUT_OF_HOURS' | null {
  if (user.super) return null
  if (!company.status) return 'ERR_COMPANY_INACTIVE'
  if (!withinWorkingHours(user.startWork, user.endWork, company.timezone)) return 'ERR_OUT_OF_HOURS'
  return null
}

/** Opens the session once every sign-in step passed (POST /auth/login, or a plugin's later step). */
export async function completeSignIn(ctx: HttpContext, user: User, company: Company) {
  const refused = sessionRefusal(user, company)
  if (refused) throw new AppError(refused, 401)
  await audit.record(null, {
    action: 'auth.sign_in',
    entity: 'user',
    entityId: user.id,
    companyId: company.id,
    actor: user,
  })

  await rateLimiter.reset(`login:email:${user.email.toLowerCase()}`)
  const tokens = await openSession(user, { userAgent: ctx.request.header('user-agent'), ip: ctx.request.ip() })
  // one session per user: other devices are signed out, and told so live
  await tenancy.run(company.id, () => revokeUserSessions(user.id, 'login_elsewhere', tokens.sessionId))
  await db.from('companies').where('id', company.id).update({ last_login: new Date() })
  realtime.toUser(company.id, user.id, 'auth', {
    action: 'update',
    user: { id: user.id, email: user.email, companyId: company.id },
    sessionId: tokens.sessionId,
  })
  await tenancy.run(company.id, () => markOnline(user, DateTime.now(), true))

  setRefreshCookie(ctx, tokens.refreshToken)
  return { token: tokens.accessToken, user: await sessionUser(user, company) }
}

export default class AuthController {
  async login(ctx: HttpContext) {
    const { email, password } = await ctx.request.validateUsing(loginValidator)
    await rateLimiter.consume(loginLimits(ctx.request.ip(), email))

    const found = await tenancy.asSystem(async () => {
      const user = await User.query().whereRaw('lower(email) = ?', [email]).first()
      const company = user ? await Company.find(user.companyId) : null
      return user && company ? { user, company } : null
    })
    dummyHash ??= hash.make('balcao-timing-guard')
    const ok = found ? await hash.verify(found.user.password, password) : await hash.verify(await dummyHash, password)
    const refused = found && ok ? sessionRefusal(found.user, found.company) : 'ERR_INVALID_CREDENTIALS'
    if (refused) {
      // no transaction to join: the attempt is logged on its own (an unknown e-mail is a platform row);
      // with a wrong password nobody proved who they are: the account tried is the entity, not the actor
      await audit.record(null, {
        action: 'auth.sign_in_failed',
        entity: 'user',
        entityId: found?.user.id,
        companyId: found?.company.id ?? null,
        actor: ok ? found?.user : null,
        details: { email, reason: refused },
      })
      throw new AppError(refused, 401)
    }
    const { user, company } = found!

    // a plugin may ask for a second step (two-factor): its answer replaces the session for now
    for (const step of signInSteps.list()) {
      const answer = await step({ user, company })
      if (answer) return answer
    }
    return completeSignIn(ctx, user, company)
  }

  async refresh(ctx: HttpContext) {
    const plain = readRefreshCookie(ctx)
    const result = plain ? await rotateRefreshToken(plain) : { ok: false as const }
    if (!result.ok) {
      clearRefreshCookie(ctx)
      throw new AppError('ERR_SESSION_EXPIRED', 401)
    }
    const loaded = await tenancy.asSystem(async () => {
      const user = await User.find(result.userId)
      const company = await Company.find(result.companyId)
      return user && company ? { user, company } : null
    })
    if (!loaded) {
      clearRefreshCookie(ctx)
      throw new AppError('ERR_SESSION_EXPIRED', 401)
    }
    // the same gates as login: an inactive company or a user outside working hours gets no new token
    const refused = sessionRefusal(loaded.user, loaded.company)
    if (refused) {
      await tenancy.run(loaded.company.id, () =>
        revokeSession(result.tokens.sessionId, refused === 'ERR_COMPANY_INACTIVE' ? 'company_inactive' : 'out_of_hours')
      )
      clearRefreshCookie(ctx)
      throw new AppError(refused, 401)
    }
    setRefreshCookie(ctx, result.tokens.refreshToken)
    return { token: result.tokens.accessToken, user: await sessionUser(loaded.user, loaded.company) }
  }

  async me(ctx: HttpContext) {
    return sessionUser(ctx.actor.user, ctx.actor.company)
  }

  async logout(ctx: HttpContext) {
    await revokeSession(ctx.actor.sessionId, 'logout')
    await markOffline(ctx.actor.user)
    clearRefreshCookie(ctx)
    return ctx.response.noContent()
  }

  /** Replaces the socket's 5-minute userStatus emit: keeps the user online. */
  async heartbeat(ctx: HttpContext) {
    await markOnline(ctx.actor.user, DateTime.now(), true)
    return { online: true }
  }

  async signup(ctx: HttpContext) {
    await rateLimiter.consume([{ key: `signup:ip:${ctx.request.ip()}`, max: 5, windowSeconds: 1800 }])
    if ((await globalSettings.get('userCreation')) !== 'enabled') {
      throw new AppError('ERR_USER_CREATION_DISABLED', 403)
    }
    const data = await ctx.request.validateUsing(signupValidator)
    // only the plans the sign-up page offers (GET /plans/list): a hidden plan is answered like an unknown one
    const plan = await Plan.query().where('id', data.planId).where('is_public', true).first()
    if (!plan) {
      throw new AppError('ERR_NO_PLAN_FOUND', 422, { fields: [{ field: 'planId', rule: 'exists', message: 'exists' }] })
    }
    const { company, admin } = await tenancy.asSystem(() =>
      createCompanyWithAdmin({
        name: data.companyName,
        adminName: data.name,
        email: data.email,
        phone: data.phone,
        planId: data.planId,
        password: data.password,
      })
    )
    return ctx.response.created({ companyId: company.id, userId: admin.id })
  }
}
