/**
 * Ticket tracking: turns each ticket change the inbox announces into the
 * session timestamps the counters need (queued → started → closed →
 * finished). Every call runs inside the company's tenancy scope and takes a
 * per-ticket transaction lock, so two changes of one ticket never interleave.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { tenancy, tenantTable } from '#core/tenancy'
import { getTicket } from '#modules/inbox/public/tickets'
import { insertSessions, rollup, type SessionRow, type SumChange } from './daily_rollup.js'
import { prepared } from '#core/prepared'

export interface TicketMove {
  ticketId: number
  status: string
  userId: number | null
  queueId: number | null
  /** the ticket's status before the change, when known */
  beforeStatus?: string
  /** the ticket's connection and kind, when the event carried them (else looked up for a new session) */
  whatsappId?: number | null
  isGroup?: boolean
}

/** The ticket is no longer being served once it waits for a rating or is closed. */
const SERVICE_ENDED = new Set(['nps', 'closed'])
/** a rating that lands right after the ticket closed still belongs to its session */
const LATE_RATING_MS = 2 * 60_000

type Session = SessionRow & { id: number }

const LOCK_SPACE = 'dashboard-ticket'

async function lockTicket(trx: TransactionClientContract, ticketId: number) {
  await trx.rawQuery('SELECT pg_advisory_xact_lock(hashtext(?), ?)', [LOCK_SPACE, ticketId])
}

/** Records one change of a ticket at the given time. */
export async function recordTicketChange(move: TicketMove, at: Date = new Date()) {
  return recordTicketChanges([move], at)
}

/**
 * Records the changes of one commit of the inbox (distinct tickets) in one
 * transaction: the tickets' locks and states in one statement, their live
 * sessions in one, the other sessions' moves one after the other, then the
 * new sessions and every daily sum of the transaction in one statement (a
 * burst of new conversations adds to its day's sums once, not once per
 * ticket, and the shared daily rows are locked once, in key order).
 */
export async function recordTicketChanges(moves: TicketMove[], at: Date = new Date()) {
  if (!moves.length) return
  if (new Set(moves.map((m) => m.ticketId)).size < moves.length) {
    // one ticket twice: its changes in their order
    for (const move of moves) await recordTicketChanges([move], at)
    return
  }
  const companyId = tenancy.requireCompanyId()
  const sorted = [...moves].sort((a, b) => a.ticketId - b.ticketId)
  await db.transaction(async (trx) => {
    // the tickets' locks (lockTicket's, in ticket order) and their states in one statement; the
    // statements below start after the locks are held, so they see the last holders' writes
    await prepared(
      trx.rawQuery(
        `WITH locked AS (SELECT count(pg_advisory_xact_lock(hashtext(?), k.id)) AS n
                          FROM (SELECT unnest(?::int[]) AS id ORDER BY 1) k)
       INSERT INTO dashboard_ticket_states (ticket_id, company_id, status, user_id, queue_id, updated_at)
       SELECT v.ticket_id, ?::int, v.status, v.user_id, v.queue_id, ?::timestamptz
         FROM unnest(?::int[], ?::text[], ?::int[], ?::int[]) AS v(ticket_id, status, user_id, queue_id), locked
       ON CONFLICT (ticket_id) DO UPDATE SET status = excluded.status, user_id = excluded.user_id,
         queue_id = excluded.queue_id, updated_at = excluded.updated_at`,
        [
          LOCK_SPACE,
          sorted.map((m) => m.ticketId),
          companyId,
          at,
          sorted.map((m) => m.ticketId),
          sorted.map((m) => m.status),
          sorted.map((m) => m.userId),
          sorted.map((m) => m.queueId),
        ] as any[]
      )
    )
    const live = new Map<number, Session>(
      (
        await prepared(
          tenantTable('dashboard_ticket_sessions', trx)
            .whereRaw('ticket_id = ANY(?::int[])', [sorted.map((m) => m.ticketId)])
            .whereNull('finished_at')
        )
      ).map((row: Session & { ticket_id: number }) => [Number(row.ticket_id), row])
    )
    const opening: (SessionRow & Record<string, unknown>)[] = []
    const sums: SumChange[] = []
    for (const move of sorted) {
      const opened = await applyMove(trx, move, live.get(move.ticketId) ?? null, at, sums)
      if (opened) opening.push(opened)
    }
    await insertSessions(trx, opening, sums)
  })
}

function newSession(move: TicketMove, ticket: { whatsappId: number | null; isGroup: boolean } | null, at: Date) {
  return {
    ticket_id: move.ticketId,
    whatsapp_id: ticket?.whatsappId ?? null,
    is_group: ticket?.isGroup ?? move.status === 'group',
    user_id: move.status === 'pending' ? null : move.userId,
    queue_id: move.queueId,
    queued_at: at,
    started_at: move.status === 'open' && move.userId ? at : null,
    nps_at: move.status === 'nps' ? at : null,
    closed_at: move.status === 'nps' ? at : null,
    finished_at: null,
    rate: null,
  }
}

/**
 * One move of a ticket whose lock is held, given its live session (null:
 * none). A session update adds its move in the daily sums to `sums`; a
 * session to open is returned (both written by the caller).
 */
async function applyMove(
  trx: TransactionClientContract,
  move: TicketMove,
  live: Session | null,
  at: Date,
  sums: SumChange[]
): Promise<(SessionRow & Record<string, unknown>) | undefined> {
  const update = async (change: Record<string, unknown>) => {
    const [after] = await tenantTable('dashboard_ticket_sessions', trx)
      .where('id', live!.id)
      .update(change)
      .returning('*')
    sums.push({ s: live!, sign: -1 }, { s: after, sign: 1 })
  }

  if (move.status === 'closed') {
    // a ticket closed without an open session (closed before tracking began) leaves nothing to finish
    if (!live) return
    await update({
      closed_at: live.closed_at ?? at,
      finished_at: at,
      user_id: live.user_id ?? move.userId,
      queue_id: move.queueId,
    })
    return
  }

  if (!live) {
    const known = move.whatsappId !== undefined && move.isGroup !== undefined
    const ticket = known
      ? { whatsappId: move.whatsappId!, isGroup: move.isGroup! }
      : await getTicket(move.ticketId, trx)
    return newSession(move, ticket ?? null, at)
  }

  const change: Record<string, unknown> = { queue_id: move.queueId }
  if (move.status === 'open' && move.userId) {
    change.user_id = move.userId
    change.started_at = live.started_at ?? at
    // back in service after a rating request: the service is not over yet
    if (live.nps_at && !SERVICE_ENDED.has(move.status)) {
      change.closed_at = null
      change.nps_at = null
    }
  } else if (move.status === 'pending') {
    // back in the queue: whoever takes it next starts the service
    change.user_id = null
    change.started_at = null
  } else if (move.status === 'nps') {
    change.nps_at = live.nps_at ?? at
    change.closed_at = live.closed_at ?? at
  } else if (move.userId) {
    change.user_id = move.userId
  }
  await update(change)
}

/** The NPS scale: a whole number 0–10 (a decimal is rounded), nothing else. */
export function ratingOf(body: string): number | null {
  const m = /^\s*(\d{1,2})(?:[.,](\d+))?\s*$/.exec(body)
  if (!m) return null
  const value = Math.round(Number(`${m[1]}.${m[2] ?? 0}`))
  return value >= 0 && value <= 10 ? value : null
}

/**
 * A rating answer (0–10) of a ticket: it becomes the rate of the latest
 * session that asked for it before the answer came and has none yet (the
 * first answer only), accepted until LATE_RATING_MS after that session ended.
 */
export async function recordRating(ticketId: number, rate: number, at: Date = new Date()) {
  return db.transaction(async (trx) => {
    await lockTicket(trx, ticketId)
    const session: Session | undefined = await tenantTable('dashboard_ticket_sessions', trx)
      .where('ticket_id', ticketId)
      .whereNotNull('nps_at')
      .where('nps_at', '<=', at)
      .whereNull('rate')
      .orderBy('id', 'desc')
      .first()
    if (!session) return false
    if (session.finished_at && at.getTime() - new Date(session.finished_at).getTime() > LATE_RATING_MS) return false
    const [after] = await tenantTable('dashboard_ticket_sessions', trx)
      .where('id', session.id)
      .update({ rate })
      .returning('*')
    await rollup(trx, session, after)
    return true
  })
}

/**
 * A contact's reply read as a rating (the rating flow's parse rule): the
 * tests' fixtures answer this way; live answers come from the queues module's
 * onRatingRecorded.
 */
export async function recordRatingReply(ticketId: number, body: string, at: Date = new Date()) {
  const rate = ratingOf(body)
  return rate === null ? false : recordRating(ticketId, rate, at)
}
