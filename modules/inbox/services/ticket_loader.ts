import Ticket from '../models/ticket.js'
import { AppError } from '#core/errors'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'

/** The relations every ticket answer carries. */
export function withTicketRelations(q: ModelQueryBuilderContract<typeof Ticket, Ticket>) {
  return q.preload('contact').preload('queue').preload('user').preload('whatsapp').preload('tags')
}

export async function loadTicket(id: number) {
  const t = await withTicketRelations(Ticket.query().where('id', id)).first()
  if (!t) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  return t
}
