/** Dashboard test fixtures: tickets through the inbox's public API, tracking at chosen times. */
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { Company } from '#core/models'
import { tenancy } from '#core/tenancy'
import { createTicket } from '#modules/inbox/public/tickets'
import { createConnection, createQueue } from '#tests/helpers/inbox'
import { createUser, uid } from '#tests/helpers/world'
import { recordRatingReply, recordTicketChange } from '../tracking/ticket_tracking.js'

export async function aContact(company: Company, name = `Contact ${uid()}`) {
  const [row] = await db
    .table('contacts')
    .insert({ company_id: company.id, name, number: String(5500000000000 + Math.floor(Math.random() * 1e9)) })
    .returning('id')
  return row.id as number
}

/** A real live ticket of the company (the inbox fires its tracking event). */
export async function aTicket(
  company: Company,
  fields: { contactName?: string; status?: 'open' | 'pending'; userId?: number | null; queueId?: number | null } = {}
) {
  const whatsapp = await createConnection(company)
  const contactId = await aContact(company, fields.contactName)
  const { ticket } = await tenancy.run(company.id, () =>
    createTicket({
      contactId,
      whatsappId: whatsapp.id,
      status: fields.status ?? 'pending',
      userId: fields.userId ?? null,
      queueId: fields.queueId ?? null,
    })
  )
  return ticket
}

let fakeTicketId = 1_900_000_000
/** A ticket id that exists only in tracking (formula tests build sessions by hand). */
export const fakeTicket = () => ++fakeTicketId + Math.floor(Math.random() * 1000) * 100_000

export interface Step {
  status: string
  userId?: number | null
  queueId?: number | null
  at: string
}

/** Replays a ticket's life in tracking at the given ISO times; returns the ticket id. */
export async function track(company: Company, steps: Step[], rate?: { value: string; at: string }) {
  const ticketId = fakeTicket()
  await tenancy.run(company.id, async () => {
    for (const s of steps)
      await recordTicketChange(
        { ticketId, status: s.status, userId: s.userId ?? null, queueId: s.queueId ?? null },
        new Date(s.at)
      )
    if (rate) await recordRatingReply(ticketId, rate.value, new Date(rate.at))
  })
  const last = steps[steps.length - 1]
  if (last && LIVE.has(last.status)) await mirrorInInbox(company, ticketId, last)
  return ticketId
}

const LIVE = new Set(['open', 'pending', 'group', 'nps'])

/**
 * A tracked ticket left live gets its inbox row, written directly so no event
 * fires: the reconcile sweep (every 5 minutes, busy late in a long suite)
 * closes a live ticket the inbox does not have, and would change the counters
 * a test is about to read.
 */
async function mirrorInInbox(company: Company, ticketId: number, last: Step) {
  const whatsapp = await createConnection(company)
  await db.table('tickets').insert({
    id: ticketId,
    company_id: company.id,
    uuid: randomUUID(),
    status: last.status,
    contact_id: await aContact(company),
    whatsapp_id: whatsapp.id,
    user_id: last.userId ?? null,
    queue_id: last.queueId ?? null,
  })
}

export { createUser, createQueue, uid }
