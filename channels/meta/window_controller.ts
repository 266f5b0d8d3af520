/**
 * GET /meta/window/:ticketId: the chat's 24-hour window of a ticket on a Meta
 * channel (generic for every channel with a window: the chat shows the
 * countdown and, when `templates` is true and the window is closed, the
 * template picker). Tickets of other channels answer { applies: false }.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { idParam } from '#core/http'
import { Whatsapp } from '#core/models'
import { windowState } from './windows.js'
import { META_CHANNELS, metaTicket } from './ticket_access.js'
import { AppError } from '#core/errors'

export default class WindowController {
  async show(ctx: HttpContext) {
    const id = idParam(ctx, 'ERR_NO_TICKET_FOUND', 'ticketId')
    let found
    try {
      found = await metaTicket(ctx, id)
    } catch (error) {
      if (error instanceof AppError && error.code === 'ERR_META_NOT_META_TICKET') return { applies: false }
      throw error
    }
    const { ticket, contact } = found
    const whatsapp = await Whatsapp.find(ticket.whatsappId)
    if (!whatsapp || !META_CHANNELS.includes(whatsapp.channel)) return { applies: false }
    const messenger = whatsapp.channel !== 'whatsappapi'
    const state = await windowState(whatsapp.companyId, whatsapp.id, contact.number, messenger)
    return {
      applies: true,
      channel: whatsapp.channel,
      whatsappId: whatsapp.id,
      ...state,
      templates: whatsapp.channel === 'whatsappapi',
    }
  }
}
