import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { AppError } from '#core/errors'
import { Queue, User, Whatsapp } from '#core/models'
import { prepared } from '#core/prepared'
import { prefixedColumns, rowPart } from '#core/serialize_row'
import { tenantTable } from '#core/tenancy'
import Ticket from '../models/ticket.js'
import Contact from '../models/contact.js'

/** The relations every ticket answer carries. */
export function withTicketRelations(q: ModelQueryBuilderContract<typeof Ticket, Ticket>) {
  return q.preload('contact').preload('queue').preload('user').preload('whatsapp').preload('tags')
}

/**
 * One ticket with the relations of withTicketRelations: the ticket and its contact, queue, user and
 * connection in one prepared statement, then its tags (every ticket action starts here; one lookup
 * per relation was six statements).
 */
export async function loadTicket(id: number) {
  const sameCompany = (alias: string, key: string) => (j: any) =>
    j.on(`${alias}.id`, '=', `t.${key}`).andOn(`${alias}.company_id`, '=', 't.company_id')
  const [row] = (await prepared(
    tenantTable('tickets as t')
      .leftJoin('contacts as c', sameCompany('c', 'contact_id'))
      .leftJoin('queues as q', sameCompany('q', 'queue_id'))
      .leftJoin('users as u', sameCompany('u', 'user_id'))
      .leftJoin('whatsapps as w', sameCompany('w', 'whatsapp_id'))
      .where('t.id', id)
      .select([
        ...prefixedColumns(Ticket, 't'),
        ...prefixedColumns(Contact, 'c'),
        ...prefixedColumns(Queue, 'q'),
        ...prefixedColumns(User, 'u'),
        ...prefixedColumns(Whatsapp, 'w'),
      ])
      .limit(1)
  )) as Record<string, unknown>[]
  if (!row) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  const t = Ticket.$createFromAdapterResult(rowPart(row, 't__'))!
  // a ticket without a queue, user or connection reads them as "none", as a preload of an empty key leaves them
  const related = (model: LucidModel, alias: string) =>
    row[`${alias}__id`] === null ? null : model.$createFromAdapterResult(rowPart(row, `${alias}__`))
  t.$setRelated('contact', related(Contact, 'c') as any)
  t.$setRelated('queue', related(Queue, 'q') as any)
  t.$setRelated('user', related(User, 'u') as any)
  t.$setRelated('whatsapp', related(Whatsapp, 'w') as any)
  await t.load('tags')
  return t
}
