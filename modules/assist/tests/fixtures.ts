/** Rows for the AI help tests: the company's key, a ticket with a conversation, a finished request. */
import db from '@adonisjs/lucid/services/db'
import { sealSecret } from '#core/secrets'
import { seedTicket, type Owner } from '#modules/inbox/tests/fixtures'

/**
 * The matrix and the fuzz suite run requests whose jobs call the provider: without a
 * fake in front (OPENAI_BASE_URL), point it at a closed local port so no run reaches the internet.
 */
export function noInternet() {
  process.env.OPENAI_BASE_URL ??= 'http://127.0.0.1:9/v1'
}

export async function setKey(companyId: number, key = 'sk-company-key-4321', model = 'gpt-4o-mini') {
  await db
    .table('assist_settings')
    .insert({ company_id: companyId, api_key: sealSecret(key), model })
    .onConflict('company_id')
    .merge()
}

/** A ticket (pending, in its own queue) with `lines` messages alternating customer / agent after the seeded one. */
export async function ticketWithConversation(owner: Owner, lines: string[], userId: number | null = null) {
  const s = await seedTicket(owner, userId ? 'open' : 'pending', userId)
  if (lines.length)
    await db.table('messages').multiInsert(
      lines.map((body, i) => ({
        company_id: owner.company.id,
        ticket_id: s.ticketId,
        contact_id: s.contactId,
        whatsapp_id: s.whatsappId,
        wid: `wid-${s.marker}-${i}`,
        body,
        from_me: i % 2 === 1,
        ack: 1,
      }))
    )
  return s
}

export async function finishedCall(companyId: number, userId: number, ticketId: number, text: string) {
  const [row] = await db
    .table('assist_calls')
    .insert({
      company_id: companyId,
      user_id: userId,
      ticket_id: ticketId,
      kind: 'summary',
      status: 'done',
      result: JSON.stringify({ text }),
    })
    .returning('id')
  return Number(row.id)
}
