import type { RequestGuard } from '#core/request_guards'
import { AppError } from '#core/errors'
import { companySettings } from '#core/settings'
import { isEnabled } from './credentials.js'

/**
 * What a user who must enrol may still call: the enrolment itself, sign-out,
 * and what the shell reads to draw the setup page (session, menu, plan).
 * Everything else answers 403 ERR_TWO_FACTOR_ENROLMENT_REQUIRED, so a company's
 * requirement holds for API clients too, not only in the shell's navigation.
 */
export const OPEN_WHILE_ENROLLING = new Set([
  'GET /auth/me',
  'DELETE /auth/logout',
  'POST /auth/heartbeat',
  'GET /modules',
  'GET /companies/listPlan/:id',
  'GET /two-factor',
  'POST /two-factor/setup',
  'POST /two-factor/confirm',
])

/** The server side of twoFactorRequired: a user without the second factor is refused until they enrol. */
export const enrolmentGuard: RequestGuard = async (ctx) => {
  const pattern = ctx.route?.pattern ?? ''
  if (OPEN_WHILE_ENROLLING.has(`${ctx.request.method()} ${pattern.startsWith('/') ? pattern : '/' + pattern}`)) return
  // the setting is cached per company: the enrolment read happens only in companies that require it
  if ((await companySettings.get('twoFactorRequired')) !== 'enabled') return
  if (await isEnabled(ctx.actor.user.id)) return
  throw new AppError('ERR_TWO_FACTOR_ENROLMENT_REQUIRED', 403)
}
