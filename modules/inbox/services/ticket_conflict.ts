import { AppError } from '#core/errors'
import Ticket from '../models/ticket.js'

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
