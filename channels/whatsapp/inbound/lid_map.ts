/**
 * WhatsApp increasingly addresses people by LID (an opaque id) instead of
 * their number. Whenever Baileys tells us both (contacts with `lid`, the
 * phone-number-share message), the pair is stored per company; inbound
 * messages from a LID are then attributed to the number, so a person stays
 * one contact whichever identity their message carries.
 */
import db from '@adonisjs/lucid/services/db'
import { tenancy, tenantTable } from '#core/tenancy'
import { isLidJid, userOf } from './jids.js'

export interface LidPair {
  lid: string
  pn: string
}

/** Stores a pair; answers it when it is new or changed (so the inbox can link the contact), else null. */
export async function rememberLid(
  companyId: number,
  lidJid: string | undefined | null,
  pnJid: string | undefined | null
): Promise<LidPair | null> {
  if (!lidJid || !pnJid || !isLidJid(lidJid) || isLidJid(pnJid) || pnJid.endsWith('@g.us')) return null
  const lid = userOf(lidJid)
  const pn = userOf(pnJid).replace(/\D/g, '')
  if (!lid || !pn) return null
  const changed = await tenancy.run(companyId, () =>
    db.rawQuery(
      `INSERT INTO wa_lid_map (company_id, lid, pn, updated_at) VALUES (?, ?, ?, now())
       ON CONFLICT (company_id, lid) DO UPDATE SET pn = excluded.pn, updated_at = now()
         WHERE wa_lid_map.pn IS DISTINCT FROM excluded.pn
       RETURNING lid`,
      [tenancy.requireCompanyId(), lid, pn]
    )
  )
  return changed.rows.length ? { lid, pn } : null
}

/** The phone number behind a LID, or null when not learnt yet. */
export async function numberForLid(companyId: number, lidJid: string) {
  const row = await tenancy.run(companyId, () =>
    tenantTable('wa_lid_map').where('lid', userOf(lidJid)).select('pn').first()
  )
  return (row?.pn as string | undefined) ?? null
}

/** Learns pairs from contacts.upsert / contacts.update payloads; answers the new ones. */
export async function learnFromContacts(
  companyId: number,
  contacts: Array<{ id?: string; lid?: string; jid?: string }>
) {
  const learnt: LidPair[] = []
  for (const c of contacts) {
    let pair: LidPair | null = null
    if (c.lid && c.id && !isLidJid(c.id)) pair = await rememberLid(companyId, c.lid, c.id)
    else if (c.id && isLidJid(c.id) && c.jid) pair = await rememberLid(companyId, c.id, c.jid)
    if (pair) learnt.push(pair)
  }
  return learnt
}
