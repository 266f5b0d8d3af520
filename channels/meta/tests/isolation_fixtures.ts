/** Fixtures the Meta channels' isolation cases share: a Meta connection and an open ticket on it. */
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { createTicket } from '#modules/inbox/public/tickets'

export async function metaConnection(
  owner: { company: { id: number } },
  channel: string,
  settings: Record<string, unknown> = {}
) {
  const mk = `mk${randomUUID().slice(0, 8)}`
  const w = await tenancy.run(owner.company.id, () =>
    Whatsapp.create({ name: `Meta ${mk}`, channel, status: 'CONNECTED', settings } as any)
  )
  return { whatsapp: w, marker: mk }
}

export async function metaTicket(owner: { company: { id: number }; admin: { id: number } }, channel = 'whatsappapi') {
  const { whatsapp, marker } = await metaConnection(owner, channel)
  const number = String(5500000000000 + Math.floor(Math.random() * 999999999))
  const [contact] = await db
    .table('contacts')
    .insert({
      company_id: owner.company.id,
      name: `Contact ${marker}`,
      number,
      channel,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  const { ticket } = await tenancy.run(owner.company.id, () =>
    createTicket({
      contactId: Number(contact.id ?? contact),
      whatsappId: whatsapp.id,
      status: 'open',
      userId: owner.admin.id,
    })
  )
  return { whatsapp, ticket, marker }
}
