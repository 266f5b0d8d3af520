import { AppError } from '#core/errors'
import Ticket from '../models/ticket.js'
import { canSee, type TicketLike, type Viewer } from './viewer.js'

/** 409 ERR_OTHER_OPEN_TICKET carrying the live ticket (its user and queue names), as the client expects. */
export async function otherOpenTicketError(ticketId: number) {
  const t = await Ticket.query().where('id', ticketId).preload('user').preload('queue').first()
  return new AppError('ERR_OTHER_OPEN_TICKET', 409, {
    details: {
      ticket: t
        ? {
            id: t.id,
            uuid: t.uuid,
            status: t.status,
            userId: t.userId,
            queueId: t.queueId,
            user: t.user ? { id: t.user.id, name: t.user.name } : null,
            queue: t.queue ? { id: t.queue.id, name: t.queue.name } : null,
          }
        : null,
    },
  })
}

const LIVE = ['open', 'group']

/**
 * 409 ERR_TICKET_ALREADY_ACCEPTED carrying who holds the ticket, when another
 * user than `userId` holds it live now; null otherwise.
 */
export async function alreadyAcceptedError(ticketId: number, userId: number) {
  const now = await Ticket.query().where('id', ticketId).preload('user').first()
  if (!now || !now.userId || now.userId === userId || !LIVE.includes(now.status)) return null
  return new AppError('ERR_TICKET_ALREADY_ACCEPTED', 409, {
    details: {
      ticket: { id: now.id, userId: now.userId, user: now.user ? { id: now.user.id, name: now.user.name } : null },
    },
  })
}

/**
 * An accept (status open or group) of a ticket the caller no longer sees: another agent accepted it
 * between the caller's list and the request. The caller saw it while pending in their queues, so
 * they get the accept race's answer (who holds it) rather than a 404. Null when that is not the case.
 */
export async function lostAcceptRace(viewer: Viewer, ticketId: number, requestedStatus: unknown) {
  if (typeof requestedStatus !== 'string' || !LIVE.includes(requestedStatus)) return null
  const ticket = await Ticket.query().where('id', ticketId).first()
  if (!ticket) return null
  const asPending: TicketLike = { status: 'pending', userId: null, queueId: ticket.queueId }
  if (!canSee(viewer, asPending)) return null
  return alreadyAcceptedError(ticketId, viewer.id)
}
