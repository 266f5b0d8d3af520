import Ticket from '../models/ticket.js'
import { AppError } from '#core/errors'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'

/** The relations every ticket answer carries. */
export function withTicketRelations(q: ModelQueryBuilderContract<typeof Ticket, Ticket>) {
  return q.preload('contact').preload('queue').preload('user').preload('whatsapp').preload('tags')
}

/** One ticket with the relations of withTicketRelations; a relation it does not have costs no lookup. */
export async function loadTicket(id: number) {
  const t = await Ticket.query().where('id', id).first()
  if (!t) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  await t.load((loader) => {
    loader.load('contact').load('tags')
    if (t.queueId) loader.load('queue')
    if (t.userId) loader.load('user')
    if (t.whatsappId) loader.load('whatsapp')
  })
  // read as "none", as a preload of an empty key leaves them
  if (!t.queueId) t.$setRelated('queue', null as any)
  if (!t.userId) t.$setRelated('user', null as any)
  if (!t.whatsappId) t.$setRelated('whatsapp', null as any)
  return t
}
