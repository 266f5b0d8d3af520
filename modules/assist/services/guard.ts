/**
 * Cost guard: at most ASSIST_DAILY_CALLS requests per company and UTC day
 * (default DEFAULT_DAILY_CALLS), counted on assist_calls whatever their
 * outcome: a failed call may have cost tokens too.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { tenantTable } from '#core/tenancy'

export const DEFAULT_DAILY_CALLS = 300

export const dailyCallLimit = () => Number(process.env.ASSIST_DAILY_CALLS) || DEFAULT_DAILY_CALLS

export async function callsToday(trx?: TransactionClientContract, now = new Date()) {
  const since = new Date(now)
  since.setUTCHours(0, 0, 0, 0)
  const [{ n }] = await tenantTable('assist_calls', trx).where('created_at', '>=', since).count('* as n')
  return Number(n)
}
