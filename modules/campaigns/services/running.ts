/**
 * Whether a company has a campaign sending now (EM_ANDAMENTO): every inbound
 * message asks it (replies.ts), and the answer is nearly always "no". Kept per
 * company for a few seconds and forgotten in every process the moment a
 * campaign starts, after that commit; a campaign that stops is seen at the
 * next look (a stale "yes" only costs the full reply check).
 */
import { memoCache } from '#core/cache'
import { tenancy, tenantTable } from '#core/tenancy'

const cache = memoCache<boolean>('campaigns-running', 5_000)

export function anyCampaignRunning(): Promise<boolean> {
  const companyId = tenancy.requireCompanyId()
  return cache.get(companyId, async () =>
    Boolean(await tenantTable('campaigns').where('status', 'EM_ANDAMENTO').select('id').first())
  )
}

/** After a campaign became EM_ANDAMENTO (committed). */
export function campaignStarted(companyId: number) {
  cache.delete(companyId)
}
