/**
 * The lanes as the kanban tags screen and the board read them: every kanban
 * tag in board order with the cards the caller sees in it; and their order,
 * stored by whoever manages the lanes (admin or the dashboard permission,
 * spec 3 §6, the same rule as creating a kanban tag).
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { kanbanLaneCounts } from '#modules/inbox/public/kanban'
import { lanesQueryValidator, laneOrderValidator } from '../validators.js'
import { orderedLanes, saveLaneOrder, type Lane } from '../services/lanes.js'

export function mayManageLanes(ctx: HttpContext) {
  const u = ctx.actor.user
  return u.isAdmin || u.showDashboard === 'enabled'
}

async function withCounts(ctx: HttpContext, lanes: Lane[]) {
  const counts = await kanbanLaneCounts(ctx, {})
  return lanes.map((l) => ({ ...l, ticketsCount: counts.get(l.id) ?? 0 }))
}

export default class LanesController {
  async index(ctx: HttpContext) {
    const { searchParam } = await lanesQueryValidator.validate(ctx.request.qs())
    return { lanes: await withCounts(ctx, await orderedLanes(searchParam || null)) }
  }

  async order(ctx: HttpContext) {
    if (!mayManageLanes(ctx)) throw new AppError('ERR_NO_PERMISSION', 403)
    const { tagIds } = await ctx.request.validateUsing(laneOrderValidator)
    return { lanes: await withCounts(ctx, await saveLaneOrder(tagIds)) }
  }
}
