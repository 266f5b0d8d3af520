/**
 * GET /ticket/kanban (spec 3 §7): the board. Without `lane`, the first page of
 * every lane (the default lane 0, then the kanban tags in their stored order)
 * with each lane's card count and next cursor; with `lane` (and `cursor`), the
 * next page of that lane. `tickets` carries the cards as the spec's client
 * reads them; `lanes[].ticketIds` says which lane shows which.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { DEFAULT_LANE, kanbanLaneCounts, kanbanLanePage, type KanbanFilter } from '#modules/inbox/public/kanban'
import { boardQueryValidator, jsonList } from '../validators.js'
import { orderedLanes } from '../services/lanes.js'
import { decodeCursor, encodeCursor } from '../services/cursor.js'

/** cards per lane page: a screenful on a wide board; the rest comes as the lane scrolls */
export const LANE_PAGE_SIZE = 30

async function input(ctx: HttpContext) {
  const q = ctx.request.qs()
  const data = await boardQueryValidator.validate({
    lane: q.lane,
    cursor: q.cursor,
    limit: q.limit,
    searchParam: q.searchParam,
    queueIds: jsonList(q.queueIds),
    users: jsonList(q.users),
  })
  const filter: KanbanFilter = { queueIds: data.queueIds, userIds: data.users, search: data.searchParam || null }
  return { ...data, filter, limit: data.limit ?? LANE_PAGE_SIZE }
}

export default class BoardController {
  async index(ctx: HttpContext) {
    const { lane, cursor, filter, limit } = await input(ctx)
    if (lane !== undefined) {
      if (lane !== DEFAULT_LANE && !(await orderedLanes()).some((l) => l.id === lane)) {
        throw new AppError('ERR_NO_TAG_FOUND', 404)
      }
      const page = await kanbanLanePage(ctx, lane, filter, decodeCursor(cursor), limit)
      return { lane, tickets: page.tickets, nextCursor: encodeCursor(page.nextCursor) }
    }
    const [lanes, counts] = await Promise.all([orderedLanes(), kanbanLaneCounts(ctx, filter)])
    const board = [{ id: DEFAULT_LANE, name: null, color: null, position: null }, ...lanes]
    const tickets = new Map<number, any>()
    const out = []
    // one short keyset walk per lane, one after the other: a board never holds a pool's worth of connections
    for (const l of board) {
      const page = await kanbanLanePage(ctx, l.id, filter, null, limit)
      for (const t of page.tickets) tickets.set(t.id, t)
      out.push({
        id: l.id,
        name: l.name,
        color: l.color,
        position: l.position,
        count: counts.get(l.id) ?? 0,
        ticketIds: page.tickets.map((t: any) => t.id),
        nextCursor: encodeCursor(page.nextCursor),
      })
    }
    return { tickets: [...tickets.values()], lanes: out }
  }
}
