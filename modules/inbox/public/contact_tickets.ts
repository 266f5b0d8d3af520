/**
 * A contact's conversations as other modules need them (scheduled messages
 * go out on the connection the contact was last talked to). Runs in the
 * caller's tenancy scope.
 */
import { tenantTable } from '#core/tenancy'

/** The connection of the contact's most recent ticket, or null when it has none. */
export async function lastConnectionOf(contactId: number): Promise<number | null> {
  const row = await tenantTable('tickets')
    .where('contact_id', contactId)
    .whereNotNull('whatsapp_id')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .select('whatsapp_id')
    .first()
  return row ? Number(row.whatsapp_id) : null
}
