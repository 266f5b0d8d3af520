/**
 * Session commands, written to wa_sessions where whichever process owns the
 * session (or takes it) picks them up; this process's supervisor is nudged
 * so a local session reacts at once.
 */
import db from '@adonisjs/lucid/services/db'
import type { ConnectionRef } from '#core/channels'
import { tenancy } from '#core/tenancy'

type Desired = 'run' | 'stop' | 'logout'

export async function command(
  ref: ConnectionRef,
  desired: Desired,
  options: { bump?: boolean; resetAuth?: boolean; pairingPhone?: string | null } = {}
) {
  // the session row belongs to the connection's company
  await tenancy.run(ref.companyId, () =>
    db.rawQuery(
      `INSERT INTO wa_sessions (whatsapp_id, company_id, desired, generation, reset_auth, pairing_phone, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, now())
       ON CONFLICT (whatsapp_id) DO UPDATE SET desired = excluded.desired,
         generation = wa_sessions.generation + ?,
         reset_auth = wa_sessions.reset_auth OR excluded.reset_auth,
         pairing_phone = excluded.pairing_phone, updated_at = now()
         WHERE wa_sessions.company_id = excluded.company_id`,
      [
        ref.id,
        tenancy.requireCompanyId(),
        desired,
        options.bump ? 1 : 0,
        Boolean(options.resetAuth),
        options.pairingPhone ?? null,
        options.bump ? 1 : 0,
      ]
    )
  )
}
