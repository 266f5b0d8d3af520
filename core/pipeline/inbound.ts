/**
 * Durable inbound pipeline. ingest() writes the event to inbound_events
 * (unique per company + connection + event id, so a redelivered event is a
 * no-op) and queues a job; the job runs the registered processor inside the
 * company's tenant scope and one transaction that also marks the event done.
 * A crash anywhere rolls back to "pending", and the recovery sweep re-queues
 * pending rows whose job was lost. Realtime and other side effects run only
 * after the commit: the processor registers them on the unit of work
 * (`uow.afterCommit`).
 */
import db from '@adonisjs/lucid/services/db'
import type { Job } from 'bullmq'
import { jobs } from '#core/jobs'
import { tenancy, tenantTable } from '#core/tenancy'
import { AppError } from '#core/errors'
import type { InboundEvent } from '#core/channels'
import { UnitOfWork } from '#core/unit_of_work'
import { SingleSlot } from '../public/extensions.js'

export const INBOUND_QUEUE = 'inbound'
const ATTEMPTS = 8
/** pending rows older than this are assumed to have lost their job */
const STALE_MS = 15_000
/** 2100-01-01: later timestamps are bogus */
export const MAX_TIMESTAMP_MS = 4_102_444_800_000

export interface StoredInboundEvent {
  id: number
  companyId: number
  whatsappId: number
  event: InboundEvent
}

/**
 * Writes one event in the unit's transaction (`uow.trx`); side effects to run
 * after the commit (realtime, outbox, ...) go to `uow.afterCommit`.
 */
export type InboundProcessor = (stored: StoredInboundEvent, uow: UnitOfWork) => Promise<void>

/** The inbox owns the one processor: a second registration throws. */
const processor = new SingleSlot<InboundProcessor>('inbound processor')
/** test hook: called inside the transaction after the processor's writes (to simulate crashes) */
let faultInjector: ((stored: StoredInboundEvent, attempt: number) => void) | null = null

export function eventKey(e: InboundEvent) {
  if (e.eventId) return e.eventId.slice(0, 255)
  if (e.kind === 'message') return e.providerMessageId.slice(0, 255)
  return `${e.kind}:${e.providerMessageId}:${e.ack ?? ''}:${e.timestamp ?? ''}`.slice(0, 255)
}

function assertEvent(e: InboundEvent) {
  const ok =
    e &&
    typeof e.kind === 'string' &&
    ['message', 'edit', 'delete', 'reaction', 'ack', 'call', 'contact'].includes(e.kind) &&
    typeof e.providerMessageId === 'string' &&
    e.providerMessageId.length > 0 &&
    e.providerMessageId.length <= 255 &&
    e.contact &&
    typeof e.contact.number === 'string' &&
    e.contact.number.length > 0 &&
    e.contact.number.length <= 255 &&
    // every field the processor stores must be storable: a timestamp PostgreSQL
    // or a Date cannot hold would be accepted now and fail on every attempt later
    (e.timestamp === undefined ||
      (Number.isFinite(e.timestamp) && e.timestamp >= 0 && e.timestamp <= MAX_TIMESTAMP_MS)) &&
    (e.body === undefined || e.body === null || (typeof e.body === 'string' && e.body.length <= 200_000))
  if (!ok) throw new AppError('ERR_INVALID_INBOUND_EVENT', 422)
}

export const inbound = {
  /** The inbox registers the one processor (a second registration throws). */
  setProcessor(owner: string, fn: InboundProcessor) {
    processor.set(owner, fn)
  },

  setFaultInjector(fn: typeof faultInjector) {
    faultInjector = fn
  },

  /**
   * Persists first, then queues. Safe to call twice with the same event. The
   * channel hands the event in for the company of its connection: stored in
   * that company's scope.
   */
  async ingest(companyId: number, event: InboundEvent): Promise<{ id: number; duplicate: boolean }> {
    assertEvent(event)
    const key = eventKey(event)
    return tenancy.run(companyId, async () => {
      const inserted = await db.rawQuery(
        `INSERT INTO inbound_events (company_id, whatsapp_id, event_id, kind, payload)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (company_id, whatsapp_id, event_id) DO NOTHING RETURNING id`,
        [tenancy.requireCompanyId(), event.whatsappId, key, event.kind, JSON.stringify(event)]
      )
      if (!inserted.rows.length) {
        const existing = await tenantTable('inbound_events')
          .where({ whatsapp_id: event.whatsappId, event_id: key })
          .select('id')
          .first()
        return { id: Number(existing?.id ?? 0), duplicate: true }
      }
      const id = Number(inserted.rows[0].id)
      // the event is durable now: if the queue is unreachable, the recovery sweep queues it later
      await inbound.dispatch(id, companyId).catch(() => {})
      return { id, duplicate: false }
    })
  },

  async dispatch(id: number, companyId: number) {
    await jobs.dispatch(
      INBOUND_QUEUE,
      'process',
      { id, companyId },
      {
        jobId: `in-${id}`,
        attempts: ATTEMPTS,
        backoff: { type: 'exponential', delay: 500 },
      }
    )
  },

  /** Processes one stored event; idempotent (a done event is skipped). */
  async process(id: number, companyId: number, attempt = 1) {
    const run = processor.get()
    const uow = await tenancy.run(companyId, () =>
      db.transaction(async (trx) => {
        const unit = new UnitOfWork(trx)
        // The event itself was committed durably by ingest(). If this commit is
        // lost in a crash, the "done" mark goes with it and the event is
        // processed again, so the WAL flush need not be waited for here.
        await trx.rawQuery('SET LOCAL synchronous_commit = off')
        const row = await tenantTable('inbound_events', trx).where('id', id).forUpdate().first()
        if (!row || row.status === 'done') return unit
        const stored: StoredInboundEvent = { id, companyId, whatsappId: row.whatsapp_id, event: row.payload }
        await run(stored, unit)
        // after the writes, before the commit: where a crash hurts most
        faultInjector?.(stored, attempt)
        await tenantTable('inbound_events', trx)
          .where('id', id)
          .update({ status: 'done', processed_at: new Date(), attempts: attempt, last_error: null })
        return unit
      })
    )
    // side effects are best effort: the data is committed and the client resyncs on reload
    await tenancy.run(companyId, () => uow.runAfterCommit())
  },

  /**
   * Records a failed attempt; after the last one the event is parked as failed.
   * The job runner calls it after the processing scope failed, for the event
   * (by its primary key) that its own queue named.
   */
  async recordFailure(id: number, error: unknown, final: boolean) {
    // system: the pipeline's bookkeeping on its own event row, whichever company it belongs to
    await tenancy.asSystem(() =>
      tenantTable('inbound_events')
        .where('id', id)
        .whereNot('status', 'done')
        .update({
          attempts: db.raw('attempts + 1'),
          last_error: String((error as Error)?.message ?? error).slice(0, 2000),
          ...(final ? { status: 'failed' } : {}),
        })
    )
  },

  /** Re-queues pending events whose job was lost (crash between insert and queue). */
  async recover(olderThanMs = STALE_MS) {
    // system: the recovery sweep looks at every company's pending events
    const rows = await tenancy.asSystem(() =>
      tenantTable('inbound_events')
        .where('status', 'pending')
        .where('received_at', '<', new Date(Date.now() - olderThanMs))
        .orderBy('id')
        .limit(5000)
        .select('id', 'company_id')
    )
    for (const r of rows) await inbound.dispatch(Number(r.id), r.company_id)
    return rows.length
  },

  /**
   * The dead-letter list per connection: events that failed every attempt.
   * Shown on the connection's health; an admin can send them back to the queue.
   */
  async failedCounts(whatsappIds: number[]): Promise<Map<number, number>> {
    if (!whatsappIds.length) return new Map()
    // the company's events in a company scope, every company's in a system scope (the super user's page)
    const rows = await tenantTable('inbound_events')
      .whereIn('whatsapp_id', whatsappIds)
      .where('status', 'failed')
      .groupBy('whatsapp_id')
      .select('whatsapp_id')
      .count('* as total')
    return new Map(rows.map((r: any) => [Number(r.whatsapp_id), Number(r.total)]))
  },

  async handleJob(data: { id: number; companyId: number }, job: Job) {
    const attempt = job.attemptsMade + 1
    try {
      await inbound.process(data.id, data.companyId, attempt)
    } catch (error) {
      await inbound.recordFailure(data.id, error, attempt >= (job.opts.attempts ?? 1))
      throw error
    }
  },
}
