import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { AppError } from '#core/errors'
import type { PlanFlag } from '#core/module'
import { planHas } from '#core/plan_flags'

/** Plan flags are enforced here, on the server, not only in the menu. */
export default class FeatureMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { flag: PlanFlag }) {
    if (!planHas(ctx.actor?.company.plan, options.flag)) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)
    return next()
  }
}
