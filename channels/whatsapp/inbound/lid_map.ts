/**
 * WhatsApp increasingly addresses people by LID (an opaque id) instead of
 * their number. Whenever Baileys tells us both (contacts with `lid`, the
 * phone-number-share message), the pair is stored per company; inbound
 * messages from a LID are then attributed to the number, so a person stays
 * one contact whichever identity their message carries.
 */
import db from '@adonisjs/lucid/services/db'
import { isLidJid, userOf } from './jids.js'

export async function rememberLid(
  companyId: number,
  lidJid: string | undefined | null,
  pnJid: string | undefined | null
) {
  if (!lidJid || !pnJid || !isLidJid(lidJid) || isLidJid(pnJid) || pnJid.endsWith('@g.us')) return false
  const lid = userOf(lidJid)
  const pn = userOf(pnJid).replace(/\D/g, '')
  if (!lid || !pn) return false
  await db.rawQuery(
    `INSERT INTO wa_lid_map (company_id, lid, pn, updated_at) VALUES (?, ?, ?, now())
     ON CONFLICT (company_id, lid) DO UPDATE SET pn = excluded.pn, updated_at = now()`,
    [companyId, lid, pn]
  )
  return true
}

/** The phone number behind a LID, or null when not learnt yet. */
export async function numberForLid(companyId: number, lidJid: string) {
  const row = await db
    .from('wa_lid_map')
    .where({ company_id: companyId, lid: userOf(lidJid) })
    .select('pn')
    .first()
  return (row?.pn as string | undefined) ?? null
}

/** Learns pairs from contacts.upsert / contacts.update / chats.phoneNumberShare payloads. */
export async function learnFromContacts(
  companyId: number,
  contacts: Array<{ id?: string; lid?: string; jid?: string }>
) {
  let learnt = 0
  for (const c of contacts) {
    if (c.lid && c.id && !isLidJid(c.id)) learnt += Number(await rememberLid(companyId, c.lid, c.id))
    else if (c.id && isLidJid(c.id) && c.jid) learnt += Number(await rememberLid(companyId, c.id, c.jid))
  }
  return learnt
}
