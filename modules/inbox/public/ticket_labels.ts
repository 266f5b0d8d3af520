/**
 * What a report prints for tickets it knows by id: the contact's name (masked
 * number rules do not apply: only names leave) and the connection's name.
 * One query for a page of ids; runs in the caller's tenancy scope.
 */
import { tenantTable } from '#core/tenancy'

export interface TicketLabel {
  contactName: string
  whatsappName: string | null
}

export async function ticketLabels(ids: number[]): Promise<Map<number, TicketLabel>> {
  const labels = new Map<number, TicketLabel>()
  if (!ids.length) return labels
  const rows = await tenantTable('tickets as t')
    .join('contacts as c', 'c.id', 't.contact_id')
    .leftJoin('whatsapps as w', 'w.id', 't.whatsapp_id')
    .whereIn('t.id', ids.slice(0, 10_000))
    .select('t.id', 'c.name as contact_name', 'w.name as whatsapp_name')
  for (const r of rows) labels.set(r.id, { contactName: r.contact_name, whatsappName: r.whatsapp_name })
  return labels
}
