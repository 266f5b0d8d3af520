import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { AppError } from '#core/errors'

/** role: 'admin' (company admin or super) or 'super' (platform super user). */
export default class RoleMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { role: 'admin' | 'super' }) {
    const user = ctx.actor?.user
    const allowed = options.role === 'super' ? user?.super : user?.isAdmin
    if (!allowed) throw new AppError('ERR_NO_PERMISSION', 403)
    return next()
  }
}
