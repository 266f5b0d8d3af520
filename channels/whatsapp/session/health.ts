/**
 * The per-connection health record the connections page shows (last
 * connected, last message, reconnect count, last error), kept in the
 * connections module's connection_health table, and the alert event raised
 * when a connected session drops (people asked for it: pitfalls §E).
 */
import db from '@adonisjs/lucid/services/db'
import { realtime } from '#core/realtime'

type Patch = Partial<{
  last_connected_at: Date
  last_disconnected_at: Date
  last_message_at: Date
  last_error: string | null
  owner: string | null
}> & { reconnect?: boolean }

export async function recordHealth(companyId: number, whatsappId: number, patch: Patch) {
  const { reconnect, ...cols } = patch
  const sets = Object.keys(cols).map((c) => `${c} = excluded.${c}`)
  if (reconnect) sets.push('reconnect_count = connection_health.reconnect_count + 1')
  sets.push('updated_at = now()')
  const names = Object.keys(cols)
  try {
    const rows = await db.rawQuery(
      `INSERT INTO connection_health (whatsapp_id, company_id, reconnect_count${names.map((n) => ', ' + n).join('')})
       VALUES (?, ?, ?${names.map(() => ', ?').join('')})
       ON CONFLICT (whatsapp_id) DO UPDATE SET ${sets.join(', ')}
       RETURNING *`,
      [whatsappId, companyId, reconnect ? 1 : 0, ...names.map((n) => (cols as any)[n])]
    )
    const h = rows.rows[0]
    if (h && !('last_message_at' in cols && names.length === 1)) {
      realtime.toCompany(companyId, 'whatsappHealth', {
        action: 'update',
        whatsappId,
        health: {
          lastConnectedAt: h.last_connected_at,
          lastDisconnectedAt: h.last_disconnected_at,
          lastMessageAt: h.last_message_at,
          reconnectCount: h.reconnect_count,
          lastError: h.last_error,
        },
      })
    }
  } catch {
    // health is diagnostic: a failed write must never take a session down
  }
}

/** company-{id}-whatsappHealth {action:'alert'}: a connection that was up went down. */
export function alertDrop(companyId: number, whatsappId: number, name: string, reason: string, loggedOut: boolean) {
  realtime.toCompany(companyId, 'whatsappHealth', {
    action: 'alert',
    whatsappId,
    name,
    reason,
    loggedOut,
    at: new Date(),
  })
}

/** The moment a session last went away: gap sync takes history from just before it. */
export async function lastDisconnectedAt(whatsappId: number): Promise<Date | null> {
  const row = await db
    .from('connection_health')
    .where('whatsapp_id', whatsappId)
    .select('last_disconnected_at')
    .first()
    .catch(() => null)
  return row?.last_disconnected_at ?? null
}
