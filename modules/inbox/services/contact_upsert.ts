/**
 * Find-or-create a contact by number under the (company, number) unique key:
 * concurrent first messages from one number end on the same row. The name is
 * only overwritten while it still equals the number (reference §11).
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { tenancy } from '#core/tenancy'

export interface ContactInput {
  number: string
  name?: string
  isGroup?: boolean
  channel?: string
  pictureUrl?: string
}

export async function upsertContact(
  trx: TransactionClientContract,
  input: ContactInput
): Promise<{ id: number; created: boolean }> {
  const companyId = tenancy.requireCompanyId()
  const name = (input.name || input.number).slice(0, 100)
  const result = await trx.rawQuery(
    `INSERT INTO contacts (company_id, name, number, is_group, channel, url_picture)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (company_id, number) DO UPDATE
       SET name = CASE WHEN contacts.name = contacts.number AND excluded.name <> excluded.number THEN excluded.name ELSE contacts.name END,
           url_picture = coalesce(excluded.url_picture, contacts.url_picture),
           updated_at = CASE WHEN contacts.name = contacts.number AND excluded.name <> excluded.number THEN now() ELSE contacts.updated_at END
     RETURNING id, (xmax = 0) AS created`,
    [
      companyId,
      name,
      input.number.slice(0, 100),
      Boolean(input.isGroup),
      input.channel ?? 'whatsapp',
      input.pictureUrl ?? null,
    ] as any[]
  )
  return { id: result.rows[0].id, created: result.rows[0].created }
}
