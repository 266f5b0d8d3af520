/**
 * The company must be active and within its due date. Company 1 never expires.
 * Auth calls do not use this middleware, so an expired company can still sign
 * in, see its due date and reach the invoices page.
 */
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { AppError } from '#core/errors'

export default class SubscribedMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { company, user } = ctx.actor
    if (!user.super) {
      if (!company.status) throw new AppError('ERR_COMPANY_INACTIVE', 402)
      if (company.isExpired()) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402)
    }
    return next()
  }
}
