/**
 * The write-ahead record of media messages (see the wa_pending_media
 * migration): held before the download, released once the pipeline has the
 * event, resumed when the session opens again after a crash.
 */
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import { BufferJSON, type WAMessage } from '@whiskeysockets/baileys'
import type { ConnectionRef } from '#core/channels'
import { tenancy, tenantTable } from '#core/tenancy'

/** every row is the connection's company's: each statement runs in that scope */
type Connection = Pick<ConnectionRef, 'id' | 'companyId'>

/** after this many resumptions a message is handed in without its media */
export const MAX_MEDIA_ATTEMPTS = 3

export async function holdPending(ref: Connection, providerMessageId: string, m: WAMessage, imported: boolean) {
  const message = encryption.encrypt(JSON.stringify(m, BufferJSON.replacer))
  await tenancy.run(ref.companyId, () =>
    db.rawQuery(
      `INSERT INTO wa_pending_media (company_id, whatsapp_id, provider_message_id, message, imported)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (whatsapp_id, provider_message_id) DO NOTHING`,
      [tenancy.requireCompanyId(), ref.id, providerMessageId, message, imported]
    )
  )
}

export async function releasePending(ref: Connection, providerMessageId: string) {
  await tenancy.run(ref.companyId, () =>
    tenantTable('wa_pending_media').where({ whatsapp_id: ref.id, provider_message_id: providerMessageId }).delete()
  )
}

/** The held messages of a connection, oldest first, each counted as one more attempt. */
export async function takePending(ref: Connection) {
  const rows = await tenancy.run(ref.companyId, () =>
    db.rawQuery(
      `UPDATE wa_pending_media SET attempts = attempts + 1 WHERE company_id = ? AND whatsapp_id = ?
       RETURNING provider_message_id, message, imported, attempts, id`,
      [tenancy.requireCompanyId(), ref.id]
    )
  )
  return rows.rows
    .sort((a: any, b: any) => Number(a.id) - Number(b.id))
    .map((r: any) => {
      const plain = encryption.decrypt<string>(r.message)
      return {
        message: plain ? (JSON.parse(plain, BufferJSON.reviver) as WAMessage) : null,
        providerMessageId: r.provider_message_id as string,
        imported: Boolean(r.imported),
        attempts: Number(r.attempts),
      }
    })
}
