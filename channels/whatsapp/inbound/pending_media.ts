/**
 * The write-ahead record of media messages (see the wa_pending_media
 * migration): held before the download, released once the pipeline has the
 * event, resumed when the session opens again after a crash.
 */
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import { BufferJSON, type WAMessage } from '@whiskeysockets/baileys'

/** after this many resumptions a message is handed in without its media */
export const MAX_MEDIA_ATTEMPTS = 3

export async function holdPending(
  companyId: number,
  whatsappId: number,
  providerMessageId: string,
  m: WAMessage,
  imported: boolean
) {
  await db.rawQuery(
    `INSERT INTO wa_pending_media (company_id, whatsapp_id, provider_message_id, message, imported)
     VALUES (?, ?, ?, ?, ?) ON CONFLICT (whatsapp_id, provider_message_id) DO NOTHING`,
    [companyId, whatsappId, providerMessageId, encryption.encrypt(JSON.stringify(m, BufferJSON.replacer)), imported]
  )
}

export async function releasePending(whatsappId: number, providerMessageId: string) {
  await db.from('wa_pending_media').where({ whatsapp_id: whatsappId, provider_message_id: providerMessageId }).delete()
}

/** The held messages of a connection, oldest first, each counted as one more attempt. */
export async function takePending(whatsappId: number) {
  const rows = await db.rawQuery(
    `UPDATE wa_pending_media SET attempts = attempts + 1 WHERE whatsapp_id = ?
     RETURNING provider_message_id, message, imported, attempts, id`,
    [whatsappId]
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
