/**
 * Baileys auth state in PostgreSQL (stack-notes §7), every value encrypted
 * with the app key. Writes carry the owner's fencing token: a process that
 * lost the lease (paused, partitioned) can no longer overwrite the login of
 * the process that took the session over.
 */
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import { tenancy, tenantTable } from '#core/tenancy'
import {
  BufferJSON,
  WAProto,
  initAuthCreds,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys'

const CREDS = 'creds'

const seal = (v: unknown) => encryption.encrypt(JSON.stringify(v, BufferJSON.replacer))
function open(text: string) {
  const plain = encryption.decrypt<string>(text)
  return plain === null ? null : JSON.parse(plain, BufferJSON.reviver)
}

/** Thrown when a write is refused because another process now owns the session. */
export class FencedOut extends Error {}

/** Upserts or deletes rows only while `fence` is still the session's current fencing token. */
async function guardedWrite(
  whatsappId: number,
  fence: number,
  rows: { category: string; id: string; value: unknown }[]
) {
  await db.transaction(async (trx) => {
    // system: the fencing token belongs to the session lease, kept per connection (the login has no company)
    const s = await tenancy.asSystem(() =>
      tenantTable('wa_sessions', trx).where('whatsapp_id', whatsappId).forShare().select('fence').first()
    )
    if (s && Number(s.fence) !== fence) throw new FencedOut(`session ${whatsappId} is fenced (${fence} < ${s.fence})`)
    for (const r of rows) {
      if (r.value === null || r.value === undefined) {
        await trx.from('wa_auth_state').where({ whatsapp_id: whatsappId, category: r.category, key_id: r.id }).delete()
      } else {
        await trx.rawQuery(
          `INSERT INTO wa_auth_state (whatsapp_id, category, key_id, value, updated_at) VALUES (?, ?, ?, ?, now())
           ON CONFLICT (whatsapp_id, category, key_id) DO UPDATE SET value = excluded.value, updated_at = now()`,
          [whatsappId, r.category, r.id, seal(r.value)]
        )
      }
    }
  })
}

export async function loadAuthState(whatsappId: number, fence: number) {
  const row = await db.from('wa_auth_state').where({ whatsapp_id: whatsappId, category: CREDS, key_id: '' }).first()
  const creds: AuthenticationCreds = (row && open(row.value)) || initAuthCreds()
  const state: AuthenticationState = {
    creds,
    keys: {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const out: { [id: string]: SignalDataTypeMap[T] } = {}
        if (!ids.length) return out
        const rows = await db
          .from('wa_auth_state')
          .where({ whatsapp_id: whatsappId, category: type })
          .whereIn('key_id', ids)
          .select('key_id', 'value')
        for (const r of rows) {
          let value = open(r.value)
          if (type === 'app-state-sync-key' && value) value = WAProto.Message.AppStateSyncKeyData.fromObject(value)
          out[r.key_id] = value
        }
        return out
      },
      set: async (data: any) => {
        const rows: { category: string; id: string; value: unknown }[] = []
        for (const category of Object.keys(data)) {
          for (const id of Object.keys(data[category] ?? {})) rows.push({ category, id, value: data[category][id] })
        }
        if (rows.length) await guardedWrite(whatsappId, fence, rows)
      },
    },
  }
  return {
    state,
    registered: Boolean(row && creds.registered),
    saveCreds: () => guardedWrite(whatsappId, fence, [{ category: CREDS, id: '', value: state.creds }]),
  }
}

/** Forgets the login: the next start shows a new QR. */
export async function clearAuthState(whatsappId: number) {
  await db.from('wa_auth_state').where('whatsapp_id', whatsappId).delete()
}

export async function hasAuthState(whatsappId: number) {
  return Boolean(await db.from('wa_auth_state').where({ whatsapp_id: whatsappId, category: CREDS }).first())
}
