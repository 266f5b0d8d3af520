/**
 * The Meta ticket a signed-in user may act on: the scope's company's ticket on a
 * Meta channel, that the user may see (admins all; others their own, or an
 * unassigned one of their queues). Reads through the inbox's public API.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { getTicket, type TicketInfo } from '#modules/inbox/public/tickets'
import { getContact } from '#modules/inbox/public/contacts'

export const META_CHANNELS = ['whatsappapi', 'facebook', 'instagram']

export async function metaTicket(ctx: HttpContext, ticketId: number) {
  const ticket = await getTicket(ticketId)
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  const { user, queueIds } = ctx.actor
  const mine =
    user.isAdmin ||
    ticket.userId === user.id ||
    (ticket.userId === null && (ticket.queueId === null || queueIds.includes(ticket.queueId)))
  if (!mine) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  if (!ticket.whatsappId) throw new AppError('ERR_META_NOT_META_TICKET', 422)
  const contact = await getContact(ticket.contactId)
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
  return { ticket: ticket as TicketInfo & { whatsappId: number }, contact }
}
