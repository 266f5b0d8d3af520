/**
 * Rate and cost guards of the AI bot: at most MAX_CALLS_PER_MINUTE answers per
 * ticket and minute (a contact flooding the chat), and a daily token budget
 * per company (OPENAI_DAILY_TOKEN_BUDGET, default DEFAULT_DAILY_TOKENS).
 * Every call is recorded in prompt_calls (also the log of failures).
 */
import { tenantInsert, tenantTable } from '#core/tenancy'

export const MAX_CALLS_PER_MINUTE = 5
export const DEFAULT_DAILY_TOKENS = 200_000

export const dailyTokenBudget = () => Number(process.env.OPENAI_DAILY_TOKEN_BUDGET) || DEFAULT_DAILY_TOKENS

export type Outcome = 'ok' | 'failed' | 'limited' | 'budget' | 'skipped'

export async function guard(ticketId: number, now: Date): Promise<'ok' | 'limited' | 'budget'> {
  const [{ n }] = await tenantTable('prompt_calls')
    .where('ticket_id', ticketId)
    .whereIn('outcome', ['ok', 'failed', 'pending'])
    .where('created_at', '>', new Date(now.getTime() - 60_000))
    .count('* as n')
  if (Number(n) >= MAX_CALLS_PER_MINUTE) return 'limited'
  const since = new Date(now)
  since.setUTCHours(0, 0, 0, 0)
  const [{ total }] = await tenantTable('prompt_calls').where('created_at', '>=', since).sum('tokens as total')
  if (Number(total ?? 0) >= dailyTokenBudget()) return 'budget'
  return 'ok'
}

/**
 * Claims the answer to one message (one row per message); null when it was
 * already claimed (a repeated job), so a message is never answered twice.
 */
export async function claim(o: { promptId: number; ticketId: number; messageId: number }) {
  try {
    const [row] = await tenantInsert('prompt_calls', {
      prompt_id: o.promptId,
      ticket_id: o.ticketId,
      message_id: o.messageId,
      outcome: 'pending',
    }).returning('id')
    return Number(row.id ?? row)
  } catch (e) {
    if ((e as { code?: string }).code === '23505') return null
    throw e
  }
}

/** The call's outcome (and the provider's error, the log an admin reads). */
export async function finish(id: number, outcome: Outcome, tokens = 0, error: string | null = null) {
  await tenantTable('prompt_calls')
    .where('id', id)
    .update({ outcome, tokens, error: error?.slice(0, 500) ?? null })
}
