/**
 * What the page sent (meta_outgoing), so a read webhook, which names a time or
 * one mid, can be turned into read acks of each message it covers.
 */
import db from '@adonisjs/lucid/services/db'
import { tenancy, tenantTable } from '#core/tenancy'

export async function recordSent(companyId: number, whatsappId: number, contact: string, mid: string) {
  await tenancy.run(companyId, () =>
    db.rawQuery(
      `INSERT INTO meta_outgoing (company_id, whatsapp_id, contact_number, mid) VALUES (?, ?, ?, ?)
       ON CONFLICT (company_id, whatsapp_id, mid) DO NOTHING`,
      [companyId, whatsappId, contact.slice(0, 64), mid.slice(0, 255)]
    )
  )
}

/** Marks read what was sent to `contact` until the watermark (or until `mid`); answers the mids. */
export async function takeRead(
  companyId: number,
  whatsappId: number,
  contact: string,
  until: { watermark?: number; mid?: string }
): Promise<string[]> {
  return tenancy.run(companyId, async () => {
    let limit = until.watermark ? new Date(until.watermark) : null
    if (!limit && until.mid) {
      const row = await tenantTable('meta_outgoing').where({ whatsapp_id: whatsappId, mid: until.mid }).first()
      limit = row ? new Date(row.sent_at) : null
    }
    if (!limit) return []
    const rows = await tenantTable('meta_outgoing')
      .where({ whatsapp_id: whatsappId, contact_number: contact, read: false })
      .where('sent_at', '<=', limit)
      .update({ read: true })
      .returning('mid')
    return rows.map((r: any) => String(r.mid ?? r))
  })
}
