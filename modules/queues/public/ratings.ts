/**
 * The NPS answers (0–10) the rating flow records, for other modules (the
 * dashboard): an event per new answer, and the answers of given tickets (for
 * a backfill). The `ratings` table stays this module's.
 *
 *   // in another module: onRatingRecorded from '#modules/queues/public/ratings'
 *   onRatingRecorded(async (e) => { ... })
 */
import { tenantTable } from '#core/tenancy'

export interface RatingRecorded {
  companyId: number
  ticketId: number
  /** the agent who served the ticket */
  userId: number | null
  rate: number
  at: Date
}

type Listener = (event: RatingRecorded) => unknown | Promise<unknown>
const listeners: Listener[] = []

/** Subscribes to new answers (fired after the answer's transaction committed); returns an unsubscribe. */
export function onRatingRecorded(fn: Listener) {
  listeners.push(fn)
  return () => {
    const i = listeners.indexOf(fn)
    if (i >= 0) listeners.splice(i, 1)
  }
}

/** Runs the listeners in order; one that throws is logged and skipped. Called by the rating flow only. */
export async function fireRatingRecorded(event: RatingRecorded) {
  for (const fn of [...listeners]) {
    try {
      await fn(event)
    } catch (e) {
      const { default: logger } = await import('@adonisjs/core/services/logger')
      logger.error({ err: e, event: 'ratingRecorded' }, 'rating listener failed')
    }
  }
}

/** The answers of the given tickets of the scope's company (one per ticket at most). */
export async function ticketRatings(ticketIds: number[]) {
  const found = new Map<number, { rate: number; userId: number | null; at: Date }>()
  if (!ticketIds.length) return found
  const rows = await tenantTable('ratings').whereIn('ticket_id', ticketIds).select('ticket_id', 'rate', 'user_id', 'created_at')
  for (const r of rows) found.set(r.ticket_id, { rate: Number(r.rate), userId: r.user_id, at: new Date(r.created_at) })
  return found
}
