import type { HttpContext } from '@adonisjs/core/http'
import { requireAdmin } from '#core/http'
import { connectPages } from '#channels/meta/messenger/connect'
import { connectValidator } from './validators.js'

export default class FacebookConnectController {
  /** POST /facebook: one connection per page (and Instagram account) of the Facebook user. */
  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const data = await ctx.request.validateUsing(connectValidator)
    const result = await connectPages(data, ctx.actor.company.plan as any)
    return ctx.response.created(result)
  }
}
