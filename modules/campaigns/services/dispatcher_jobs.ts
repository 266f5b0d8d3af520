/** The campaigns queue: start and tick jobs, and the recovery sweep (see dispatcher.ts). */
import { jobs } from '#core/jobs'
import { CAMPAIGN_QUEUE, runTick, startCampaign, sweepCampaigns } from './dispatcher.js'
import { runListImport, type ListImportJob } from './list_import.js'
import { runNumberCheck, type NumberCheckJob } from './number_check.js'

interface CampaignJob {
  companyId: number
  campaignId: number
  /** a tick's due time (its chain's next_tick_at) */
  at?: number
}

export function defineCampaignJobs() {
  jobs.define<CampaignJob>(CAMPAIGN_QUEUE, 'start', (d) => startCampaign(d.companyId, d.campaignId), { concurrency: 4 })
  jobs.define<CampaignJob>(CAMPAIGN_QUEUE, 'tick', (d) => runTick(d.companyId, d.campaignId, d.at), { concurrency: 4 })
  jobs.define<ListImportJob>(CAMPAIGN_QUEUE, 'import', (d) => runListImport(d))
  jobs.define<NumberCheckJob>(CAMPAIGN_QUEUE, 'check-numbers', (d) => runNumberCheck(d))
  jobs.sweep('campaigns', 10_000, sweepCampaigns)
}
