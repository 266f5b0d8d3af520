/**
 * The account's conversations (wa_chats), recorded from chats.upsert,
 * chats.update and history batches, and read back as contacts by the
 * driver's listChats (POST /contacts/import/chats).
 */
import db from '@adonisjs/lucid/services/db'
import type { ConnectionRef, InboundContact } from '#core/channels'
import { tenancy, tenantTable } from '#core/tenancy'
import { isBroadcast, isGroupJid, isLidJid, userOf } from './jids.js'
import { numberForLid } from './lid_map.js'

interface ChatLike {
  id?: string | null
  name?: string | null
  subject?: string | null
}

export async function recordChats(ref: ConnectionRef, chats: ChatLike[] | undefined) {
  const rows = (chats ?? [])
    .filter((c) => c.id && !isBroadcast(c.id))
    .map((c) => ({ jid: String(c.id).slice(0, 255), name: (c.name ?? c.subject ?? null)?.slice(0, 255) ?? null }))
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500)
    await tenancy.run(ref.companyId, () =>
      db.rawQuery(
        `INSERT INTO wa_chats (whatsapp_id, company_id, jid, name, updated_at)
         SELECT ?, ?, j, n, now() FROM unnest(?::text[], ?::text[]) AS t(j, n)
         ON CONFLICT (whatsapp_id, jid) DO UPDATE
           SET name = coalesce(excluded.name, wa_chats.name), updated_at = now()
           WHERE wa_chats.company_id = excluded.company_id`,
        [ref.id, tenancy.requireCompanyId(), part.map((r) => r.jid), part.map((r) => r.name)]
      )
    )
  }
  return rows.length
}

/** The recorded conversations as contacts: numbers for people (LIDs resolved when known), ids for groups. */
export async function listChats(ref: ConnectionRef): Promise<InboundContact[]> {
  const rows = await tenancy.run(ref.companyId, () =>
    tenantTable('wa_chats').where('whatsapp_id', ref.id).orderBy('jid').limit(50_000)
  )
  const out: InboundContact[] = []
  for (const r of rows) {
    if (isGroupJid(r.jid)) {
      out.push({ number: userOf(r.jid), name: r.name ?? undefined, isGroup: true })
    } else if (isLidJid(r.jid)) {
      const pn = await numberForLid(ref.companyId, r.jid)
      out.push({ number: pn ?? userOf(r.jid), name: r.name ?? undefined, lid: userOf(r.jid) })
    } else {
      out.push({ number: userOf(r.jid), name: r.name ?? undefined })
    }
  }
  return out
}
