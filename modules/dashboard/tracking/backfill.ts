/**
 * Backfill: tracking for the tickets that existed before the dashboard was
 * installed, replayed from the inbox's ticket log (through its public API).
 * A BullMQ job per company; idempotent (a ticket already tracked is skipped),
 * so a job restarted after a crash simply carries on. Ratings come from the
 * queues module's public API and are set on every ticket of the batch, tracked
 * or not, where its session has none yet (a rating only ever fills an empty rate).
 */
import type { Job } from 'bullmq'
import { jobs } from '#core/jobs'
import { tenancy, tenantTable } from '#core/tenancy'
import { ticketCount, ticketHistories, type TicketHistory } from '#modules/inbox/public/ticket_history'
import { ticketRatings } from '#modules/queues/public/ratings'
import { recordRating, recordTicketChange, type TicketMove } from './ticket_tracking.js'

export const DASHBOARD_QUEUE = 'dashboard'
const BATCH = 500

/** The log types that move a ticket, and the status they move it to. */
const LOG_STATUS: Record<string, string> = {
  open: 'open',
  reopen: 'open',
  pending: 'pending',
  nps: 'nps',
  closed: 'closed',
  autoClose: 'closed',
  clientClosed: 'closed',
}

/** The moves a ticket went through, oldest first, ending in its current state. */
export function movesOf(t: TicketHistory): { move: TicketMove; at: Date }[] {
  const moves: { move: TicketMove; at: Date }[] = []
  const first = t.isGroup ? 'group' : t.logs.find((l) => l.type === 'create')?.userId ? 'open' : 'pending'
  const create = t.logs.find((l) => l.type === 'create')
  moves.push({
    move: { ticketId: t.id, status: first, userId: create?.userId ?? null, queueId: create?.queueId ?? null },
    at: create?.at ?? t.createdAt,
  })
  for (const l of t.logs) {
    const status = LOG_STATUS[l.type]
    if (!status) continue
    moves.push({ move: { ticketId: t.id, status, userId: l.userId, queueId: l.queueId }, at: l.at })
  }
  const last = moves[moves.length - 1].move
  if (last.status !== t.status || last.userId !== t.userId || last.queueId !== t.queueId) {
    moves.push({
      move: { ticketId: t.id, status: t.status, userId: t.userId, queueId: t.queueId },
      at: t.updatedAt,
    })
  }
  return moves
}

/** Tracks every untracked ticket of the scope's company; reports { done, total } as progress. */
export async function backfillCompany(progress: (p: { done: number; total: number }) => unknown = () => {}) {
  const total = await ticketCount()
  let done = 0
  let after = 0
  for (;;) {
    const batch = await ticketHistories(after, BATCH)
    if (!batch.length) break
    const tracked = new Set(
      (
        await tenantTable('dashboard_ticket_states')
          .whereIn(
            'ticket_id',
            batch.map((t) => t.id)
          )
          .select('ticket_id')
      ).map((r: any) => r.ticket_id)
    )
    for (const t of batch) {
      if (!tracked.has(t.id)) for (const { move, at } of movesOf(t)) await recordTicketChange(move, at)
    }
    const ratings = await ticketRatings(batch.map((t) => t.id))
    for (const [ticketId, r] of ratings) await recordRating(ticketId, r.rate, r.at)
    done += batch.length
    after = batch[batch.length - 1].id
    await progress({ done, total })
  }
  return { done, total }
}

export function defineBackfillJob() {
  jobs.define(DASHBOARD_QUEUE, 'backfill', async (data: { companyId: number }, job: Job) =>
    tenancy.run(data.companyId, () => backfillCompany((p) => job.updateProgress(p)))
  )
}

const jobIdOf = (companyId: number) => `dashboard-backfill-${companyId}`

/**
 * Queues the company's backfill, one at a time per company: while a run is
 * waiting or active that run is returned; a finished one (kept an hour under
 * its job id, which would make a new dispatch a no-op) is removed first, so the
 * backfill can be run again on demand.
 */
export async function dispatchBackfill(companyId: number) {
  const existing = await jobs.queue(DASHBOARD_QUEUE).getJob(jobIdOf(companyId))
  if (existing) {
    const state = await existing.getState()
    if (state !== 'completed' && state !== 'failed') return existing
    await existing.remove()
  }
  return jobs.dispatch(DASHBOARD_QUEUE, 'backfill', { companyId }, { jobId: jobIdOf(companyId) })
}

/** The company's latest backfill run: its state and { done, total } progress ('missing' when none is kept). */
export async function backfillProgress(companyId: number) {
  const job = await jobs.queue(DASHBOARD_QUEUE).getJob(jobIdOf(companyId))
  if (!job) return { state: 'missing', done: 0, total: 0 }
  const state = await job.getState()
  const p = (job.progress ?? {}) as { done?: number; total?: number }
  return { state: String(state), done: p.done ?? 0, total: p.total ?? 0 }
}
