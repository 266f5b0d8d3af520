/**
 * Reconciliation: a few inbox paths change tickets without a ticket event
 * (close-all and hard delete announce only a realtime delete), so the live
 * counters could keep a ticket "open" for ever. A sweep compares every
 * tracked open or pending ticket with the inbox's current status (through
 * its public API) and records the difference; a deleted ticket is closed.
 */
import { jobs } from '#core/jobs'
import { tenancy, tenantTable } from '#core/tenancy'
import { ticketStatuses } from '#modules/inbox/public/ticket_status'
import { recordTicketChange } from './ticket_tracking.js'

const SWEEP_MS = 5 * 60_000
const BATCH = 1000

/** Checks the scope's company's live tracked tickets; returns how many were corrected. */
export async function reconcileCompany(now: Date = new Date()) {
  let fixed = 0
  let after = 0
  for (;;) {
    const states: { ticket_id: number; status: string; user_id: number | null; queue_id: number | null }[] =
      await tenantTable('dashboard_ticket_states')
        .whereIn('status', ['open', 'pending', 'group', 'nps'])
        .where('ticket_id', '>', after)
        .orderBy('ticket_id')
        .limit(BATCH)
        .select('ticket_id', 'status', 'user_id', 'queue_id')
    if (!states.length) return fixed
    const actual = await ticketStatuses(states.map((s) => s.ticket_id))
    for (const s of states) {
      const real = actual.get(s.ticket_id) ?? { status: 'closed', userId: s.user_id, queueId: s.queue_id }
      if (real.status === s.status && real.userId === s.user_id && real.queueId === s.queue_id) continue
      await recordTicketChange({ ticketId: s.ticket_id, ...real }, now)
      fixed++
    }
    after = states[states.length - 1].ticket_id
  }
}

/** Every company with live tracked tickets, one after the other. */
export async function reconcileAll() {
  const companies = await tenancy.asSystem(() =>
    tenantTable('dashboard_ticket_states').whereIn('status', ['open', 'pending', 'group', 'nps']).distinct('company_id')
  )
  for (const { company_id: companyId } of companies as { company_id: number }[])
    await tenancy.run(companyId, () => reconcileCompany())
}

export function defineReconcileSweep() {
  jobs.sweep('dashboard-reconcile', SWEEP_MS, reconcileAll)
}
