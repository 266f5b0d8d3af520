/**
 * Messages over HTTP: validation and who may see what; the work is done by
 * services/message_actions.ts.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { idParam, pageNumber } from '#core/http'
import Message from '../models/message.js'
import Ticket from '../models/ticket.js'
import { callerOf } from '../services/request_context.js'
import { canSee } from '../services/viewer.js'
import { markTicketRead } from '../services/read_state.js'
import {
  countSent,
  deleteMessage,
  editMessage,
  forwardMessage,
  isReadOnly,
  messagePage,
  reactTo,
  sendAgentMessage,
} from '../services/message_actions.js'
import {
  editMessageValidator,
  forwardValidator,
  reactionValidator,
  sendMessageValidator,
} from '../validators/messages.js'
import { visibleTicket } from './tickets_controller.js'
import { isoDate, truthy } from './params.js'

/** A message of a ticket the caller may see, or 404. */
async function visibleMessage(ctx: HttpContext) {
  const message = await Message.find(idParam(ctx, 'ERR_NO_MESSAGE_FOUND'))
  if (!message) throw new AppError('ERR_NO_MESSAGE_FOUND', 404)
  const ticket = await Ticket.find(message.ticketId)
  const { viewer } = await callerOf(ctx)
  if (!ticket || !canSee(viewer, ticket)) throw new AppError('ERR_NO_MESSAGE_FOUND', 404)
  return { message, ticket }
}

export default class MessagesController {
  /** 20 per page, newest page first, merged with the earlier tickets of the same contact + connection. */
  async index(ctx: HttpContext) {
    const { viewer, mask } = await callerOf(ctx)
    return messagePage(idParam(ctx, 'ERR_NO_TICKET_FOUND', 'ticketId'), viewer, mask, pageNumber(ctx))
  }

  async store(ctx: HttpContext) {
    const ticket = await visibleTicket(ctx, idParam(ctx, 'ERR_NO_TICKET_FOUND', 'ticketId'))
    const data = await ctx.request.validateUsing(sendMessageValidator)
    const files = ctx.request.files('medias', { size: '20mb' })
    // { read: true } alone: the agent saw the new messages of an open chat
    if (isReadOnly(data, files)) {
      if (['open', 'group'].includes(ticket.status)) await markTicketRead(ticket)
      return { messages: [] }
    }
    const messages = await sendAgentMessage(ticket, data, files, ctx.actor.user)
    return ctx.response.created({ messages: messages.map((m) => m.serialize()) })
  }

  /** Own messages only; private notes are removed, others flagged isDeleted (lgpdDeleteMessage erases the text). */
  async destroy(ctx: HttpContext) {
    const { message, ticket } = await visibleMessage(ctx)
    return deleteMessage(message, ticket, ctx.actor.user)
  }

  async edit(ctx: HttpContext) {
    const { message, ticket } = await visibleMessage(ctx)
    const { body } = await ctx.request.validateUsing(editMessageValidator)
    return editMessage(message, ticket, body, ctx.actor.user)
  }

  /** Reacts to a message of an open or group ticket with an emoji (an empty one removes our reaction). */
  async react(ctx: HttpContext) {
    const { message, ticket } = await visibleMessage(ctx)
    const { emoji } = await ctx.request.validateUsing(reactionValidator)
    const stored = await reactTo(message, ticket, emoji, ctx.actor.user)
    return ctx.response.created(stored.serialize())
  }

  /** Forward to a contact: its live ticket on the source connection, opened for the caller. */
  async forward(ctx: HttpContext) {
    const data = await ctx.request.validateUsing(forwardValidator)
    ctx.params.id = String(data.messageId)
    const { message, ticket: source } = await visibleMessage(ctx)
    return forwardMessage(message, source, data.contactId, ctx.actor.user, { signMessage: data.signMessage })
  }

  /** Count of sent messages in a period: the company's for admins, one's own otherwise. */
  async allMe(ctx: HttpContext) {
    const qs = ctx.request.qs()
    const count = await countSent(ctx.actor.user, {
      fromMe: qs.fromMe === undefined ? true : truthy(qs.fromMe),
      start: isoDate(qs.dateStart),
      end: isoDate(qs.dateEnd),
    })
    return { count }
  }
}
