/**
 * The 24-hour customer-service window of Meta's channels: a business may send
 * free-form messages to a person only within 24 h of that person's last
 * message (Messenger's HUMAN_AGENT tag stretches it to 7 days for a human
 * reply). The webhook records each inbound message's time here; senders ask.
 */
import db from '@adonisjs/lucid/services/db'
import { tenancy, tenantTable } from '#core/tenancy'

export const WINDOW_MS = 24 * 3600_000
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * 3600_000

/** Records an inbound message's time (never moves the window back); true the first time the contact writes. */
export async function touchWindow(companyId: number, whatsappId: number, number: string, at: number) {
  const when = new Date(Math.min(at, Date.now()))
  const result = await tenancy.run(companyId, () =>
    db.rawQuery(
      `INSERT INTO meta_windows (company_id, whatsapp_id, contact_number, last_inbound_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (company_id, whatsapp_id, contact_number)
       DO UPDATE SET last_inbound_at = GREATEST(meta_windows.last_inbound_at, EXCLUDED.last_inbound_at)
       RETURNING (xmax = 0) AS inserted`,
      [tenancy.requireCompanyId(), whatsappId, number.slice(0, 64), when]
    )
  )
  return Boolean(result.rows[0]?.inserted)
}

/** When the contact last wrote on the connection (in the company's scope), or null. */
export async function lastInboundAt(companyId: number, whatsappId: number, number: string): Promise<Date | null> {
  const row = await tenancy.run(companyId, () =>
    tenantTable('meta_windows').where({ whatsapp_id: whatsappId, contact_number: number }).first()
  )
  return row ? new Date(row.last_inbound_at) : null
}

export interface WindowState {
  open: boolean
  /** when the free-form window closes (null: the contact never wrote) */
  expiresAt: string | null
  /** when a HUMAN_AGENT-tagged reply stops being allowed (Messenger/Instagram only) */
  humanAgentUntil: string | null
}

export async function windowState(
  companyId: number,
  whatsappId: number,
  number: string,
  humanAgent = false
): Promise<WindowState> {
  const last = await lastInboundAt(companyId, whatsappId, number)
  if (!last) return { open: false, expiresAt: null, humanAgentUntil: null }
  const expires = last.getTime() + WINDOW_MS
  const human = humanAgent ? last.getTime() + HUMAN_AGENT_WINDOW_MS : null
  return {
    open: Date.now() < expires,
    expiresAt: new Date(expires).toISOString(),
    humanAgentUntil: human ? new Date(human).toISOString() : null,
  }
}
