/**
 * Find-or-create a contact by number under the (company, number) unique key:
 * concurrent first messages from one number end on the same row. The name is
 * only overwritten while it still equals the number (reference §11).
 *
 * With a LID (WhatsApp's privacy identity) the contact is looked up by LID
 * first (reference §11). A person first seen by LID only was stored under the
 * LID; when a later event brings their number, that row takes the number, or,
 * if another contact already has the number, is merged into it, so one person
 * is always one contact.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { tenancy, tenantTable } from '#core/tenancy'
import { prepared } from '#core/prepared'

export interface ContactInput {
  number: string
  name?: string
  isGroup?: boolean
  channel?: string
  pictureUrl?: string
  lid?: string
  /** kept on a contact that has no e-mail yet (never overwrites one an agent set) */
  email?: string
}

const LIVE = ['open', 'pending', 'group', 'nps', 'lgpd']

export async function upsertContact(
  trx: TransactionClientContract,
  input: ContactInput
): Promise<{ id: number; created: boolean; row?: Record<string, any> }> {
  const lid = !input.isGroup && input.lid ? input.lid.slice(0, 100) : null
  if (lid) {
    const known = await byLid(trx, input, lid)
    if (known) return known
  }
  const companyId = tenancy.requireCompanyId()
  const name = (input.name || input.number).slice(0, 100)
  const result = await prepared(
    trx.rawQuery(
      `INSERT INTO contacts (company_id, name, number, is_group, channel, url_picture, email)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (company_id, number) DO UPDATE
       SET name = CASE WHEN contacts.name = contacts.number AND excluded.name <> excluded.number THEN excluded.name ELSE contacts.name END,
           url_picture = coalesce(excluded.url_picture, contacts.url_picture),
           email = coalesce(nullif(contacts.email, ''), excluded.email),
           updated_at = CASE WHEN contacts.name = contacts.number AND excluded.name <> excluded.number THEN now() ELSE contacts.updated_at END
     RETURNING id, (xmax = 0) AS created, lid, name, number, is_group, disable_bot, accept_audio_message, lgpd_accepted_at`,
      [
        companyId,
        name,
        input.number.slice(0, 100),
        Boolean(input.isGroup),
        input.channel ?? 'whatsapp',
        input.pictureUrl ?? null,
        input.email ? input.email.slice(0, 255) : null,
      ] as any[]
    )
  )
  const row = result.rows[0]
  // remember the LID on the contact (the unique index keeps it on one row)
  if (lid && !row.lid) {
    await trx.rawQuery(
      `UPDATE contacts SET lid = ? WHERE company_id = ? AND id = ? AND lid IS NULL
         AND NOT EXISTS (SELECT 1 FROM contacts o WHERE o.company_id = ? AND o.lid = ?)`,
      [lid, companyId, row.id, companyId, lid]
    )
  }
  // the row as written: the conversation engine reads the contact from it (no second look)
  return { id: row.id, created: row.created, row }
}

/**
 * A number/LID pair learnt outside a message (the channel's contact sync):
 * merges or renames the contact known by the LID, or records the LID on the
 * contact that has the number. Creates nothing: a phone book is not contacts.
 */
export async function linkLid(trx: TransactionClientContract, input: ContactInput & { lid: string }) {
  const lid = input.lid.slice(0, 100)
  const known = await byLid(trx, input, lid)
  if (known) return known
  const holder = await tenantTable('contacts', trx).where({ number: input.number }).first()
  if (!holder) return null
  if (!holder.lid) await tenantTable('contacts', trx).where('id', holder.id).update({ lid })
  return { id: holder.id as number, created: false }
}

/** The contact that carries this LID, moved to the real number when the event now brings it. */
async function byLid(trx: TransactionClientContract, input: ContactInput, lid: string) {
  const found = await tenantTable('contacts', trx).where({ lid }).forUpdate().first()
  if (!found) return null
  const numberKnown = input.number !== lid
  if (!numberKnown || found.number === input.number) return { id: found.id as number, created: false }

  const holder = await tenantTable('contacts', trx).where({ number: input.number }).forUpdate().first()
  const renamed = found.name === found.number && input.name ? input.name.slice(0, 100) : found.name
  if (!holder) {
    await tenantTable('contacts', trx)
      .where('id', found.id)
      .update({ number: input.number.slice(0, 100), name: renamed, updated_at: new Date() })
    return { id: found.id as number, created: false }
  }
  await mergeContact(trx, found.id, holder.id)
  await tenantTable('contacts', trx).where('id', holder.id).update({ lid, updated_at: new Date() })
  return { id: holder.id as number, created: false }
}

/**
 * Moves everything of `fromId` to `intoId` and deletes `fromId`. Where both
 * have a live ticket on the same connection, the LID ticket's messages join
 * the number's ticket and the LID ticket is closed (one live ticket per
 * contact and connection stays true).
 */
export async function mergeContact(trx: TransactionClientContract, fromId: number, intoId: number) {
  const live = await tenantTable('tickets', trx)
    .where('contact_id', fromId)
    .whereIn('status', LIVE)
    .select('id', 'whatsapp_id')
  for (const t of live) {
    const target = await tenantTable('tickets', trx)
      .where('contact_id', intoId)
      .whereIn('status', LIVE)
      .where((q) => (t.whatsapp_id === null ? q.whereNull('whatsapp_id') : q.where('whatsapp_id', t.whatsapp_id)))
      .first()
    if (!target) continue
    await tenantTable('messages', trx).where('ticket_id', t.id).update({ ticket_id: target.id })
    await tenantTable('tickets', trx)
      .where('id', t.id)
      .update({ status: 'closed', last_message: '', updated_at: new Date() })
  }
  await tenantTable('tickets', trx).where('contact_id', fromId).update({ contact_id: intoId })
  await tenantTable('messages', trx).where('contact_id', fromId).update({ contact_id: intoId })
  await tenantTable('ticket_notes', trx).where('contact_id', fromId).update({ contact_id: intoId })
  await trx.from('contact_custom_fields').where('contact_id', fromId).update({ contact_id: intoId })
  await trx.rawQuery(
    `INSERT INTO contact_tags (contact_id, tag_id) SELECT ?, tag_id FROM contact_tags WHERE contact_id = ?
     ON CONFLICT DO NOTHING`,
    [intoId, fromId]
  )
  await tenantTable('contacts', trx).where('id', fromId).delete()
}
