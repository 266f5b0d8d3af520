/**
 * Rows for the isolation matrix, written directly in the owner's tenant scope.
 * Only the module's own files and the core's public API are used (module
 * boundary), so the shapes of the matrix are declared structurally here.
 */
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { Queue, Whatsapp } from '#core/models'

export interface Owner {
  company: { id: number }
  admin: { id: number }
  adminToken: string
}

export interface Fixture {
  params?: Record<string, string | number>
  qs?: Record<string, unknown>
  body?: Record<string, unknown>
  files?: Record<string, { name: string; content: Buffer }>
  marker?: string
}

export interface Case {
  route: string
  access: 'user' | 'admin' | 'super'
  fixture: (owner: any) => Promise<Fixture>
  cross?: 'deny' | 'filter'
  ok?: number
}

export const marker = () => `mk${randomUUID().replace(/-/g, '').slice(0, 16)}`
const digits = () => String(5500000000000 + Math.floor(Math.random() * 999_999_999))

export interface Seeded {
  marker: string
  whatsappId: number
  queueId: number
  contactId: number
  ticketId: number
  ticketUuid: string
  messageId: number
  number: string
}

/** A connection, queue, contact (name carries the marker), ticket and one own message of the admin. */
export async function seedTicket(owner: Owner, status = 'pending', userId: number | null = null): Promise<Seeded> {
  const mk = marker()
  return tenancy.run(owner.company.id, async () => {
    const w = await Whatsapp.create({ name: `W ${mk}`, channel: 'api', status: 'CONNECTED', settings: {} } as any)
    const q = await Queue.create({ name: `Q ${mk}`.slice(0, 50), color: '#' + mk.slice(2, 8), schedules: [] } as any)
    const number = digits()
    const [contact] = await db
      .table('contacts')
      .insert({
        company_id: owner.company.id,
        name: `Contact ${mk}`,
        number,
        url_picture: `https://pics.example/${mk}.png`,
      })
      .returning('id')
    const uuid = randomUUID()
    const [ticket] = await db
      .table('tickets')
      .insert({
        company_id: owner.company.id,
        uuid,
        status,
        contact_id: contact.id,
        whatsapp_id: w.id,
        queue_id: q.id,
        user_id: userId,
        last_message: `last ${mk}`,
        channel: 'api',
      })
      .returning('id')
    const [msg] = await db
      .table('messages')
      .insert({
        company_id: owner.company.id,
        ticket_id: ticket.id,
        contact_id: contact.id,
        whatsapp_id: w.id,
        wid: `wid-${mk}`,
        body: `hello ${mk}`,
        from_me: true,
        user_id: owner.admin.id,
        ack: 1,
      })
      .returning('id')
    return {
      marker: mk,
      whatsappId: w.id,
      queueId: q.id,
      contactId: contact.id,
      ticketId: ticket.id,
      ticketUuid: uuid,
      messageId: Number(msg.id),
      number,
    }
  })
}

export async function seedNote(owner: Owner, s: Seeded) {
  const [row] = await db
    .table('ticket_notes')
    .insert({
      company_id: owner.company.id,
      note: `note ${s.marker}`,
      ticket_id: s.ticketId,
      contact_id: s.contactId,
      user_id: owner.admin.id,
    })
    .returning('id')
  return row.id as number
}

export async function seedTag(owner: Owner, kanban = 0) {
  const mk = marker()
  const [row] = await db
    .table('tags')
    .insert({ company_id: owner.company.id, name: `tag ${mk}`, color: '#112233', kanban, user_id: owner.admin.id })
    .returning('id')
  return { id: row.id as number, marker: mk }
}

export async function seedQuickMessage(owner: Owner) {
  const mk = marker()
  const [row] = await db
    .table('quick_messages')
    .insert({
      company_id: owner.company.id,
      shortcode: `sc${mk}`,
      message: `quick ${mk}`,
      user_id: owner.admin.id,
      geral: false,
      visao: true,
    })
    .returning('id')
  return { id: row.id as number, marker: mk }
}
