/**
 * Moving cards (spec 3 §4, §7). The spec's client makes two calls per drag,
 * DELETE /ticket-tags/{ticketId} (the kanban links go) then
 * PUT /ticket-tags/{ticketId}/{tagId}; both work, each in its own transaction.
 * POST /ticket/kanban/{ticketId}/move does the whole drag in one transaction,
 * so a card is never seen in no lane or in two; the board uses it.
 * Whoever may see the ticket may move it (the inbox's rule, on the server).
 */
import type { HttpContext } from '@adonisjs/core/http'
import { idParam } from '#core/http'
import {
  DEFAULT_LANE,
  linkTicketTag,
  moveToLane,
  unlinkKanbanTags,
  type LaneChange,
} from '#modules/inbox/public/kanban'
import { moveValidator } from '../validators.js'

const present = (c: LaneChange) => ({ from: c.from, to: c.to, changed: c.changed, ticket: c.ticket })

export default class TicketTagsController {
  async store(ctx: HttpContext) {
    const ticketId = idParam(ctx, 'ERR_NO_TICKET_FOUND', 'ticketId')
    const tagId = idParam(ctx, 'ERR_NO_TAG_FOUND', 'tagId')
    return present(await linkTicketTag(ctx, ticketId, tagId))
  }

  async destroy(ctx: HttpContext) {
    const ticketId = idParam(ctx, 'ERR_NO_TICKET_FOUND', 'ticketId')
    return present(await unlinkKanbanTags(ctx, ticketId))
  }

  async move(ctx: HttpContext) {
    const ticketId = idParam(ctx, 'ERR_NO_TICKET_FOUND', 'ticketId')
    const { tagId, fromTagId } = await ctx.request.validateUsing(moveValidator)
    const to = tagId === null || tagId === DEFAULT_LANE ? null : tagId
    return present(await moveToLane(ctx, ticketId, to, fromTagId ?? undefined))
  }
}
