/**
 * The engine's jobs on BullMQ. A repeatable sweep only lists the active
 * companies and dispatches one job per company (its id carries the minute, so
 * a second sweep in the same minute adds nothing); the per-company job does
 * that company's work in its tenant scope.
 */
import { jobs } from '#core/jobs'
import { tenancy } from '#core/tenancy'
import { Company } from '#core/models'
import { runCompanyAutomations } from './automations.js'

export const CONVERSATION_QUEUE = 'conversation'
export const SWEEP_EVERY_MS = 60_000

export async function dispatchCompanyAutomations(now = new Date()) {
  const companies = await tenancy.asSystem(() => Company.query().where('status', true).select('id'))
  const minute = Math.floor(now.getTime() / SWEEP_EVERY_MS)
  for (const c of companies) {
    await jobs.dispatch(
      CONVERSATION_QUEUE,
      'company',
      { companyId: c.id },
      { jobId: `automations-${c.id}-${minute}`, attempts: 2 }
    )
  }
  return companies.length
}

export function defineConversationJobs() {
  jobs.define(CONVERSATION_QUEUE, 'sweep', () => dispatchCompanyAutomations())
  jobs.define(CONVERSATION_QUEUE, 'company', (data: { companyId: number }) =>
    tenancy.run(data.companyId, () => runCompanyAutomations())
  )
  jobs.every(CONVERSATION_QUEUE, 'conversation-sweep', { every: SWEEP_EVERY_MS }, 'sweep')
}
