import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { User } from '#core/models'
import { AppError } from '#core/errors'
import { idParam, requireAdmin } from '#core/http'
import { companySettings } from '#core/settings'
import { tenantInsert, tenantTable } from '#core/tenancy'
import { audit } from '#core/audit'
import { codeValidator } from '../validators.js'
import * as credentials from '../services/credentials.js'
import { newSecret, otpauthUri } from '../services/totp.js'

const required = async () => (await companySettings.get('twoFactorRequired')) === 'enabled'

export default class TwoFactorController {
  /** GET /two-factor: the caller's state; the shell sends a user of an enforcing company to enrolment. */
  async show(ctx: HttpContext) {
    const row = await credentials.find(ctx.actor.user.id)
    return {
      enabled: !!row?.enabled_at,
      required: await required(),
      recoveryCodesLeft: row?.enabled_at ? row.recovery_codes.length : 0,
    }
  }

  /** POST /two-factor/setup: a new secret and its otpauth:// URI (the screen draws the QR code). */
  async setup(ctx: HttpContext) {
    const user = ctx.actor.user
    if (await credentials.isEnabled(user.id)) throw new AppError('ERR_TWO_FACTOR_ALREADY_ENABLED', 409)
    const secret = newSecret()
    await credentials.start(user.id, secret)
    return { secret, uri: otpauthUri(secret, user.email) }
  }

  /** POST /two-factor/confirm { code }: the first code turns it on; the 10 recovery codes are shown once. */
  async confirm(ctx: HttpContext) {
    const { code } = await ctx.request.validateUsing(codeValidator)
    const row = await credentials.find(ctx.actor.user.id)
    if (!row) throw new AppError('ERR_TWO_FACTOR_NOT_STARTED', 409)
    if (row.enabled_at) throw new AppError('ERR_TWO_FACTOR_ALREADY_ENABLED', 409)
    if (!(await credentials.acceptCode(row, code))) throw new AppError('ERR_TWO_FACTOR_INVALID_CODE', 422)
    // the factor and its audit row commit together
    const recoveryCodes = await db.transaction(async (trx) => {
      const codes = await credentials.enable(row, trx)
      await audit.record(trx, {
        action: 'two_factor.enable',
        entity: 'user',
        entityId: ctx.actor.user.id,
        companyId: ctx.actor.user.companyId,
      })
      return codes
    })
    return { recoveryCodes }
  }

  /** POST /two-factor/disable { code }: turns it off with a current code, unless the company requires it. */
  async disable(ctx: HttpContext) {
    const { code } = await ctx.request.validateUsing(codeValidator)
    const row = await credentials.find(ctx.actor.user.id)
    if (!row?.enabled_at) throw new AppError('ERR_TWO_FACTOR_NOT_ENABLED', 409)
    if (await required()) throw new AppError('ERR_TWO_FACTOR_REQUIRED', 403)
    if (!(await credentials.acceptAny(row, code))) throw new AppError('ERR_TWO_FACTOR_INVALID_CODE', 422)
    await db.transaction(async (trx) => {
      await credentials.remove(ctx.actor.user.id, trx)
      await audit.record(trx, {
        action: 'two_factor.disable',
        entity: 'user',
        entityId: ctx.actor.user.id,
        companyId: ctx.actor.user.companyId,
      })
    })
    return ctx.response.noContent()
  }

  /** GET /two-factor/users (admin): who in the company has the second factor on. */
  async users(ctx: HttpContext) {
    requireAdmin(ctx)
    const users = await User.query().select('id', 'name', 'email').orderBy('name')
    const on = new Set(
      (await tenantTable('two_factor_credentials').whereNotNull('enabled_at').select('user_id')).map((r) => r.user_id)
    )
    return {
      required: await required(),
      users: users.map((u) => ({ id: u.id, name: u.name, email: u.email, enabled: on.has(u.id) })),
    }
  }

  /** POST /two-factor/users/:id/reset (admin): removes a user's second factor; logged with who, whom and when. */
  async reset(ctx: HttpContext) {
    requireAdmin(ctx)
    const id = idParam(ctx, 'ERR_NO_USER_FOUND')
    const user = await User.find(id)
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 404)
    // as for any change to a super user (users_controller): only a super user may
    if (user.super && !ctx.actor.user.super) throw new AppError('ERR_NO_PERMISSION', 403)
    await db.transaction(async (trx) => {
      await credentials.remove(user.id, trx)
      await tenantInsert('two_factor_resets', { user_id: user.id, reset_by_id: ctx.actor.user.id }, trx)
      await audit.record(trx, {
        action: 'two_factor.reset',
        entity: 'user',
        entityId: user.id,
        companyId: user.companyId,
        details: { email: user.email },
      })
    })
    logger.info({ companyId: user.companyId, userId: user.id, by: ctx.actor.user.id }, 'two-factor reset')
    return ctx.response.noContent()
  }
}
