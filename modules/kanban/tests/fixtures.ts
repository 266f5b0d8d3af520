/**
 * Kanban test rows, written directly in the owner's tenant scope (tests may
 * write any table they assert on): connections, queues, contacts, tickets and
 * kanban tags with their links.
 */
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { Queue, Whatsapp } from '#core/models'

export interface Owner {
  company: { id: number }
}

export const marker = () => `mk${randomUUID().replace(/-/g, '').slice(0, 16)}`
const digits = () => String(5500000000000 + Math.floor(Math.random() * 999_999_999))

export async function aConnection(owner: Owner) {
  return tenancy.run(owner.company.id, () =>
    Whatsapp.create({ name: `W ${marker()}`, channel: 'api', status: 'CONNECTED', settings: {} } as any)
  )
}

export async function aQueue(owner: Owner, name = `Q ${marker()}`) {
  return tenancy.run(owner.company.id, () =>
    Queue.create({ name: name.slice(0, 50), color: '#' + marker().slice(2, 8), schedules: [] } as any)
  )
}

export async function aKanbanTag(owner: Owner, name = `Lane ${marker()}`, kanban = 1) {
  const [row] = await db
    .table('tags')
    .insert({ company_id: owner.company.id, name, color: '#a1b2c3', kanban })
    .returning(['id', 'name'])
  return row as { id: number; name: string }
}

export interface TicketSeed {
  queueId?: number | null
  userId?: number | null
  status?: string
  name?: string
  number?: string
  whatsappId?: number
  updatedAt?: Date
  lastMessage?: string
  unread?: number
  tagIds?: number[]
}

/** A contact and its live ticket (a connection of its own unless given). */
export async function aTicket(owner: Owner, s: TicketSeed = {}) {
  const whatsappId = s.whatsappId ?? (await aConnection(owner)).id
  const name = s.name ?? `Contact ${marker()}`
  const number = s.number ?? digits()
  const [contact] = await db.table('contacts').insert({ company_id: owner.company.id, name, number }).returning('id')
  const [ticket] = await db
    .table('tickets')
    .insert({
      company_id: owner.company.id,
      uuid: randomUUID(),
      status: s.status ?? 'pending',
      contact_id: contact.id,
      whatsapp_id: whatsappId,
      queue_id: s.queueId ?? null,
      user_id: s.userId ?? null,
      last_message: s.lastMessage ?? `last ${name}`,
      unread_messages: s.unread ?? 0,
      channel: 'api',
      ...(s.updatedAt ? { updated_at: s.updatedAt } : {}),
    })
    .returning(['id', 'uuid'])
  if (s.tagIds?.length)
    await db.table('ticket_tags').multiInsert(s.tagIds.map((tagId) => ({ ticket_id: ticket.id, tag_id: tagId })))
  return { id: ticket.id as number, uuid: ticket.uuid as string, contactId: contact.id as number, name, number }
}

/** The ticket's tag links, kanban or not. */
export async function linksOf(ticketId: number): Promise<number[]> {
  const rows = await db.from('ticket_tags').where('ticket_id', ticketId).orderBy('tag_id').select('tag_id')
  return rows.map((r) => Number(r.tag_id))
}
