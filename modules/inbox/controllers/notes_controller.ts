import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { idParam } from '#core/http'
import TicketNote from '../models/ticket_note.js'
import Ticket from '../models/ticket.js'
import { noteValidator } from '../validators/messages.js'
import { callerOf } from '../services/request_context.js'
import { canSee } from '../services/viewer.js'
import { visibleTicket } from './tickets_controller.js'

const present = (n: TicketNote) => ({
  id: n.id,
  note: n.note,
  ticketId: n.ticketId,
  contactId: n.contactId,
  userId: n.userId,
  createdAt: n.createdAt,
  user: n.user ? { id: n.user.id, name: n.user.name } : null,
})

export default class NotesController {
  async store(ctx: HttpContext) {
    const data = await ctx.request.validateUsing(noteValidator)
    const ticket = await visibleTicket(ctx, data.ticketId)
    if (data.contactId && data.contactId !== ticket.contactId) throw new AppError('ERR_NO_CONTACT_FOUND', 422)
    const note = await TicketNote.create({
      note: data.note,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: ctx.actor.user.id,
    })
    await note.load('user')
    return ctx.response.created(present(note))
  }

  /** Notes of a contact, restricted to the tickets the caller may see. */
  async list(ctx: HttpContext) {
    const ticketId = Number(ctx.request.input('ticketId'))
    const contactId = Number(ctx.request.input('contactId'))
    if (!Number.isInteger(ticketId) || ticketId <= 0 || ticketId > 2147483647)
      throw new AppError('ERR_NO_TICKET_FOUND', 404)
    const ticket = await visibleTicket(ctx, ticketId)
    if (contactId && contactId !== ticket.contactId) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
    const notes = await TicketNote.query()
      .where('contact_id', ticket.contactId)
      .preload('user')
      .orderBy('id', 'desc')
      .limit(500)
    const { viewer } = await callerOf(ctx)
    const ticketIds = [...new Set(notes.map((n) => n.ticketId).filter((x): x is number => x !== null))]
    const tickets = ticketIds.length ? await Ticket.query().whereIn('id', ticketIds) : []
    const allowed = new Set(tickets.filter((t) => canSee(viewer, t)).map((t) => t.id))
    return notes.filter((n) => n.ticketId === null || allowed.has(n.ticketId)).map(present)
  }

  /** The author or an admin. */
  async destroy(ctx: HttpContext) {
    const note = await TicketNote.find(idParam(ctx, 'ERR_NO_NOTE_FOUND'))
    if (!note) throw new AppError('ERR_NO_NOTE_FOUND', 404)
    if (note.ticketId)
      await visibleTicket(ctx, note.ticketId).catch(() => {
        throw new AppError('ERR_NO_NOTE_FOUND', 404)
      })
    if (note.userId !== ctx.actor.user.id && !ctx.actor.user.isAdmin) throw new AppError('ERR_NO_PERMISSION', 403)
    await note.delete()
    return { message: 'note deleted' }
  }
}
