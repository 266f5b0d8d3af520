/**
 * telegram_bots: per connection, how its updates come in. Looked up by the
 * webhook under the system scope (the connection's token in the URL names the
 * company); written by the driver in the connection's company.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { hostname } from 'node:os'
import db from '@adonisjs/lucid/services/db'
import { tenancy, tenantTable } from '#core/tenancy'

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** Constant-time comparison of a presented secret with the stored hash. */
export function secretMatches(presented: string | undefined, storedHash: string | null | undefined) {
  if (!presented || !storedHash || presented.length > 256) return false
  const a = Buffer.from(hashSecret(presented), 'hex')
  const b = Buffer.from(storedHash, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

export interface BotRow {
  mode: 'webhook' | 'polling' | 'stopped'
  /** sha256 of the clear bot token the session was started with (a new token restarts it) */
  tokenHash?: string | null
  webhookKey?: string | null
  secretHash?: string | null
  botId?: number | null
  botUsername?: string | null
}

export async function saveBot(companyId: number, whatsappId: number, row: BotRow) {
  await tenancy.run(companyId, () =>
    db.rawQuery(
      `INSERT INTO telegram_bots (company_id, whatsapp_id, mode, webhook_key, secret_hash, token_hash, bot_id, bot_username, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, now())
         ON CONFLICT (whatsapp_id) DO UPDATE SET mode = excluded.mode, webhook_key = excluded.webhook_key,
           secret_hash = excluded.secret_hash, token_hash = excluded.token_hash,
           bot_id = excluded.bot_id, bot_username = excluded.bot_username, updated_at = now()
         WHERE telegram_bots.company_id = excluded.company_id`,
      [
        companyId,
        whatsappId,
        row.mode,
        row.webhookKey ?? null,
        row.secretHash ?? null,
        row.tokenHash ?? null,
        row.botId ?? null,
        row.botUsername ?? null,
      ]
    )
  )
}

export async function botOf(companyId: number, whatsappId: number) {
  return tenancy.run(companyId, () => tenantTable('telegram_bots').where('whatsapp_id', whatsappId).first())
}

export async function saveOffset(companyId: number, whatsappId: number, offset: number) {
  await tenancy.run(companyId, () =>
    tenantTable('telegram_bots')
      .where('whatsapp_id', whatsappId)
      .update({ update_offset: offset, updated_at: new Date() })
  )
}

/** this process, as a poll lease owner */
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
const LEASE_SECONDS = 90

/**
 * Claims (or renews) the poll lease of a polling bot for this process; false
 * when another live process holds it or the bot no longer polls.
 */
export async function claimPolling(companyId: number, whatsappId: number) {
  const result = await tenancy.run(companyId, () =>
    db.rawQuery(
      `UPDATE telegram_bots SET poll_owner = ?, poll_until = now() + make_interval(secs => ?)
         WHERE company_id = ? AND whatsapp_id = ? AND mode = 'polling'
           AND (poll_owner IS NULL OR poll_owner = ? OR poll_until < now())
         RETURNING id`,
      [PROCESS_ID, LEASE_SECONDS, companyId, whatsappId, PROCESS_ID]
    )
  )
  return result.rows.length > 0
}

export async function releasePolling(companyId: number, whatsappId: number) {
  await tenancy.run(companyId, () =>
    tenantTable('telegram_bots')
      .where({ whatsapp_id: whatsappId, poll_owner: PROCESS_ID })
      .update({ poll_owner: null, poll_until: null })
  )
}

/** Whether some process holds a live poll lease on the bot row. */
export const pollLeaseLive = (bot: { poll_owner?: string | null; poll_until?: Date | string | null } | undefined) =>
  Boolean(bot?.poll_owner && bot.poll_until && new Date(bot.poll_until).getTime() > Date.now())
