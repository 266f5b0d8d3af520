/**
 * Retention: each company keeps its rows auditRetentionDays days (default
 * 365, between 30 and 3650); platform rows follow the platform company's
 * (id 1) setting. A daily job deletes older rows, in batches.
 */
import db from '@adonisjs/lucid/services/db'
import { jobs } from '#core/jobs'
import { companySettings } from '#core/settings'
import { tenancy, tenantTable } from '#core/tenancy'

export const RETENTION_QUEUE = 'audit'
const DEFAULT_DAYS = 365
const BATCH = 5000

export function retentionDays(raw: string | undefined) {
  const n = Number.parseInt(String(raw ?? ''), 10)
  return Number.isFinite(n) ? Math.min(3650, Math.max(30, n)) : DEFAULT_DAYS
}

const cutoff = (days: number, now: number) => new Date(now - days * 86_400_000)

async function deleteOlder(query: () => any, before: Date) {
  let deleted = 0
  for (;;) {
    // batches keep each statement (and its locks) short on a large log
    const n = await query()
      .whereIn('id', query().where('created_at', '<', before).select('id').limit(BATCH))
      .delete()
    deleted += Number(n)
    if (Number(n) < BATCH) return deleted
  }
}

/** Deletes every company's rows older than its retention; returns how many went. */
export async function sweepRetention(now = Date.now()) {
  let deleted = 0
  const companies = await db.from('companies').select('id').orderBy('id')
  for (const { id } of companies) {
    deleted += await tenancy.run(id, async () => {
      const days = retentionDays(await companySettings.get('auditRetentionDays'))
      return deleteOlder(() => tenantTable('audit_logs'), cutoff(days, now))
    })
  }
  const platformDays = companies.some((c) => c.id === 1)
    ? await tenancy.run(1, async () => retentionDays(await companySettings.get('auditRetentionDays')))
    : DEFAULT_DAYS
  // system: the platform's rows belong to no company
  deleted += await tenancy.asSystem(() =>
    deleteOlder(() => tenantTable('audit_logs').whereNull('company_id'), cutoff(platformDays, now))
  )
  return deleted
}

export function defineRetentionJob() {
  jobs.define(RETENTION_QUEUE, 'retention', () => sweepRetention())
  jobs.every(RETENTION_QUEUE, 'audit-retention', { pattern: '30 3 * * *' }, 'retention')
}
