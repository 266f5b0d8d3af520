/**
 * Durable inbound pipeline. ingest() writes the event to inbound_events
 * (unique per company + connection + event id, so a redelivered event is a
 * no-op) and wakes the drainers. A drainer claims a batch of pending events
 * in one transaction and runs the registered processor on each, in the
 * company's tenant scope, inside a savepoint: a failing event rolls back alone
 * and waits for its retry, the others commit together with their "done" marks.
 * A crash anywhere rolls the batch back to "pending" for the next drainer.
 * Realtime and other side effects run only after the commit: the processor
 * registers them on the unit of work (`uow.afterCommit`).
 *
 * Per-contact order: every event has a lane (a hash of the company and the
 * contact's number); a drainer holds the lanes of its batch under an advisory
 * lock, so one contact's events are processed by one drainer at a time, in
 * the order they were received. The queue is PostgreSQL itself: nothing here
 * depends on Redis, so an accepted event is processed whatever Redis does.
 */
import db from '@adonisjs/lucid/services/db'
import pg from 'pg'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import env from '#start/env'
import { tenancy, tenantTable } from '#core/tenancy'
import { AppError } from '#core/errors'
import { normaliseNumber, type InboundEvent } from '#core/channels'
import type { Consumer } from '#core/jobs'
import { UnitOfWork } from '#core/unit_of_work'
import { SingleSlot } from '../public/extensions.js'
import { Batch } from '../public/batch.js'

const ATTEMPTS = 8
/** lanes a contact's events hash into; drainers split the lanes between them */
const LANES = 64
/** advisory-lock namespace of the lanes (pg_try_advisory_xact_lock(key, lane)) */
const LANE_LOCK = 0x1b0a
/** at most this many lanes and events per batch: the batch holds its tickets' locks until it commits */
export const LANES_PER_BATCH = 8
const BATCH_SIZE = 100
/** after-commit effects of a batch run this many units at a time */
const EFFECTS_AT_ONCE = 2
/** drainers per worker process */
const DRAINERS = Math.max(1, env.get('INBOUND_DRAINERS') ?? 4)
/**
 * Processed events are kept this many days (their row answers a redelivery of the same event as a
 * duplicate; channels redeliver within hours, Meta for up to a week), then deleted by the
 * retention sweep. Failed events (dead letters) and pending ones are never deleted.
 */
const KEEP_DAYS = Math.max(1, Math.round(env.get('INBOUND_KEEP_DAYS') ?? 30))
/** rows the retention sweep reads per statement, oldest first */
const RETENTION_CHUNK = 5000
/** with no wake-up, a drainer looks again after this (retries that came due, other processes' events) */
const IDLE_MS = 1000
const NOTIFY_CHANNEL = 'balcao_inbound'
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

/**
 * Optional: writes what it can of one company's batch set-wise (several events
 * in a few statements) inside the batch's transaction and answers the ids it
 * took; the others go through the InboundProcessor one by one, in order. It
 * must take all or none of one contact's events, so their order holds.
 */
export type InboundBatchProcessor = (events: StoredInboundEvent[], uow: UnitOfWork) => Promise<number[]>

/** The inbox owns the one processor: a second registration throws. */
const processor = new SingleSlot<InboundProcessor>('inbound processor')
const batchProcessor = new SingleSlot<InboundBatchProcessor>('inbound batch processor')
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
    (e.body === undefined || e.body === null || (typeof e.body === 'string' && e.body.length <= 200_000)) &&
    (e.thread === undefined || (typeof e.thread === 'string' && e.thread.length > 0 && e.thread.length <= 255))
  if (!ok) throw new AppError('ERR_INVALID_INBOUND_EVENT', 422)
}

/** FNV-1a of the company and the contact: one contact's events share a lane */
function laneOf(companyId: number, e: InboundEvent) {
  const key = `${companyId}:${normaliseNumber(e.contact.number, Boolean(e.contact.isGroup)) || e.contact.number}`
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  return (h >>> 0) % LANES
}

interface EventRow {
  whatsappId: number
  key: string
  kind: string
  payload: string
  lane: number
}
type Stored = { id: number; duplicate: boolean } | { error: unknown }

/**
 * One INSERT for the events a turn of the event loop accepts (webhooks arrive
 * many at once): one statement and one commit instead of one each. The rows go
 * in arrival order, so ids keep each contact's order. A row repeated within
 * the statement or already stored is a duplicate answered with the stored id.
 */
async function storeRows(rows: EventRow[]): Promise<Stored[]> {
  const companyId = tenancy.requireCompanyId()
  const inserted = await db.rawQuery(
    `INSERT INTO inbound_events (company_id, whatsapp_id, event_id, kind, payload, lane)
     VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}
     ON CONFLICT (company_id, whatsapp_id, event_id) DO NOTHING RETURNING id, whatsapp_id, event_id`,
    rows.flatMap((r) => [companyId, r.whatsappId, r.key, r.kind, r.payload, r.lane])
  )
  const keyOf = (whatsappId: number, key: string) => `${whatsappId}\u0000${key}`
  const fresh = new Map<string, number>(
    inserted.rows.map((r: any) => [keyOf(Number(r.whatsapp_id), r.event_id), Number(r.id)])
  )
  const missing = rows.filter((r) => !fresh.has(keyOf(r.whatsappId, r.key)))
  const existing = new Map<string, number>()
  if (missing.length) {
    const found = await tenantTable('inbound_events')
      .whereIn(
        ['whatsapp_id', 'event_id'],
        missing.map((r) => [r.whatsappId, r.key])
      )
      .select('id', 'whatsapp_id', 'event_id')
    for (const r of found) existing.set(keyOf(Number(r.whatsapp_id), r.event_id), Number(r.id))
  }
  const answered = new Set<string>()
  return rows.map((r) => {
    const k = keyOf(r.whatsappId, r.key)
    const id = fresh.get(k)
    // the first row of a key inserted it; a repeat within the statement is its duplicate
    if (id !== undefined && !answered.has(k)) {
      answered.add(k)
      return { id, duplicate: false }
    }
    return { id: id ?? existing.get(k) ?? 0, duplicate: true }
  })
}

const stores = new Batch<EventRow, Stored>(async (rows) => {
  try {
    return await storeRows(rows)
  } catch (error) {
    if (rows.length === 1) return [{ error }]
    // one row PostgreSQL refuses must not refuse the others: each on its own
    return Promise.all(
      rows.map((r) =>
        storeRows([r]).then(
          (x) => x[0],
          (e: unknown) => ({ error: e })
        )
      )
    )
  }
})

/** Retry delay after the nth failed attempt: 0.5 s, 1 s, 2 s, … up to 5 min. */
const retryDelayMs = (attempt: number) => Math.min(300_000, 500 * 2 ** (attempt - 1))

/**
 * system: the drainers serve every company. One statement claims the batch: the lanes with events due, shuffled, the
 * first LANES_PER_BATCH whose advisory lock this transaction gets (another
 * drainer holds the rest), and their oldest due events.
 * The due lanes are their own materialized step: as a subquery, PostgreSQL
 * pushed the lock call below the sort and locked every due lane, so one
 * drainer held all 64 and the others found nothing to do.
 * Each lane is probed by a LATERAL … LIMIT 1: written as EXISTS, the planner
 * (its statistics taken while few events were pending) turned it into a hash
 * join over every pending-index entry, processed ones included until a vacuum
 * removes them: 4–10 ms per claim with 20,000 such entries, against 1.2–1.6 ms
 * (docs/performance.md, "Ingest").
 */
const CLAIM = `
  WITH due AS MATERIALIZED (
    -- one index probe per lane, whatever the backlog (a DISTINCT would read every pending row)
    SELECT g.n AS lane FROM generate_series(0, ${LANES - 1}) AS g(n)
     CROSS JOIN LATERAL (SELECT 1 FROM inbound_events e
                          WHERE e.status = 'pending' AND e.lane = g.n
                            AND (e.next_attempt_at IS NULL OR e.next_attempt_at <= now())
                          LIMIT 1) AS pending
     ORDER BY random()
  ), mine AS MATERIALIZED (
    SELECT lane FROM due WHERE pg_try_advisory_xact_lock(?, lane) LIMIT ?
  )
  SELECT e.id, e.company_id, e.whatsapp_id, e.payload, e.attempts FROM inbound_events e
   WHERE e.status = 'pending' AND (e.next_attempt_at IS NULL OR e.next_attempt_at <= now())
     AND e.lane IN (SELECT lane FROM mine)
   ORDER BY e.id LIMIT ? FOR UPDATE OF e SKIP LOCKED`

/**
 * Claims a batch in the caller's transaction: its rows, and the lanes' locks until the commit.
 * Planned at each claim, never kept as a prepared statement: the backlog grows from nothing to
 * thousands of events in seconds, and a plan kept from a small table scanned every pending
 * event for each claim (8 ms at 5,000 pending; 6–24 ms a claim during a burst) where a fresh
 * plan probes each lane (1–1.6 ms).
 */
export async function claimBatch(trx: TransactionClientContract) {
  const claimed = await trx.rawQuery(CLAIM, [LANE_LOCK, LANES_PER_BATCH, BATCH_SIZE])
  return claimed.rows as {
    id: string
    company_id: number
    whatsapp_id: number
    payload: InboundEvent
    attempts: number
  }[]
}

/** An event of a batch run without savepoints failed: the batch rolled back and runs again, carefully. */
class RunCarefully extends Error {}

/**
 * Claims and processes one batch; answers how many events it took. The
 * committed units (their after-commit effects not run yet) go to `effects`.
 * A batch first runs straight through (two statements less per event); if
 * one of its events fails, it rolls back and runs `careful`ly: each event in
 * a savepoint, so the failing one is rolled back alone and held for its retry.
 */
async function drainBatch(effects: (units: Committed[]) => void, careful = false): Promise<number> {
  if (!processor.registered) return 0
  const run = processor.get()
  const units: Committed[] = []
  const taken = await db.transaction(async (trx) => {
    // The events themselves were committed durably by ingest(). If this commit
    // is lost in a crash, the "done" marks go with it and the events are
    // processed again, so the WAL flush need not be waited for here.
    await trx.rawQuery('SET LOCAL synchronous_commit = off')
    const claimed = await claimBatch(trx)
    const done: number[] = []
    const attempts = new Map<number, number>(claimed.map((r) => [Number(r.id), r.attempts + 1]))
    const all: StoredInboundEvent[] = claimed.map((row) => ({
      id: Number(row.id),
      companyId: row.company_id,
      whatsappId: row.whatsapp_id,
      event: row.payload,
    }))
    let rest = all
    if (!careful && batchProcessor.registered && all.length > 1) {
      // set-wise first, per company; what it does not take goes one by one below
      const setWise = new Set<number>()
      for (const companyId of new Set(all.map((e) => e.companyId))) {
        const events = all.filter((e) => e.companyId === companyId)
        if (events.length < 2) continue
        const unit = new UnitOfWork(trx)
        try {
          const ids = await tenancy.run(companyId, async () => {
            const handled = await batchProcessor.get()(events, unit)
            for (const e of events) if (handled.includes(e.id)) faultInjector?.(e, attempts.get(e.id)!)
            return handled
          })
          for (const id of ids) setWise.add(id)
          if (ids.length) units.push({ companyId, unit })
        } catch {
          throw new RunCarefully()
        }
      }
      done.push(...setWise)
      rest = all.filter((e) => !setWise.has(e.id))
    }
    for (const stored of rest) {
      const attempt = attempts.get(stored.id)!
      if (!careful) {
        const unit = new UnitOfWork(trx)
        try {
          await tenancy.run(stored.companyId, async () => {
            await run(stored, unit)
            faultInjector?.(stored, attempt)
          })
        } catch {
          throw new RunCarefully()
        }
        done.push(stored.id)
        units.push({ companyId: stored.companyId, unit })
        continue
      }
      const savepoint = await trx.transaction()
      const unit = new UnitOfWork(savepoint)
      try {
        await tenancy.run(stored.companyId, async () => {
          await run(stored, unit)
          // after the writes, before the commit: where a crash hurts most
          faultInjector?.(stored, attempt)
        })
        await savepoint.commit()
        done.push(stored.id)
        units.push({ companyId: stored.companyId, unit })
      } catch (error) {
        await savepoint.rollback()
        const final = attempt >= ATTEMPTS
        await trx.rawQuery(
          // system: the pipeline's bookkeeping on its own event row (claimed by id), whichever company it belongs to
          `UPDATE inbound_events SET attempts = attempts + 1, last_error = ?,
             next_attempt_at = now() + ? * interval '1 millisecond',
             status = CASE WHEN ? THEN 'failed' ELSE status END
           WHERE id = ?`,
          [String((error as Error)?.message ?? error).slice(0, 2000), retryDelayMs(attempt), final, stored.id]
        )
      }
    }
    if (done.length) {
      // planned at each run, like the claim: a generic plan made while the table was empty is a
      // sequential scan, kept up to a minute while the table grows (23 ms a batch at 200,000 rows)
      await trx.rawQuery(
        // system: the batch's own event rows (claimed by id), of every company in it
        `UPDATE inbound_events SET status = 'done', processed_at = now(), attempts = attempts + 1,
           last_error = NULL, next_attempt_at = NULL
         WHERE id = ANY(?::bigint[])`,
        [done]
      )
    }
    return all.length
  })
  if (units.length) effects(units)
  return taken
}

type Committed = { companyId: number; unit: UnitOfWork }

/**
 * Runs a batch's after-commit effects, EFFECTS_AT_ONCE units at a time: units
 * running together share their realtime and outbox statements (#core/batch),
 * and a bounded number leaves pool connections for the next batch.
 */
async function runEffects(units: Committed[]) {
  let next = 0
  const worker = async () => {
    while (next < units.length) {
      const { companyId, unit } = units[next++]
      await tenancy.run(companyId, () => unit.runAfterCommit())
    }
  }
  await Promise.all(Array.from({ length: Math.min(EFFECTS_AT_ONCE, units.length) }, worker))
}

/**
 * The drainers of one worker process, started and stopped with the job
 * workers. Woken at once by ingest() in this process and by a NOTIFY from
 * other processes; without either, they look every IDLE_MS.
 */
class Drainers implements Consumer {
  #running = false
  #loops: Promise<void>[] = []
  #wakers = new Set<() => void>()
  #wakes = 0
  #listener: InstanceType<typeof pg.Client> | null = null

  start() {
    if (this.#running) return
    this.#running = true
    void this.#listen()
    for (let i = 0; i < DRAINERS; i++) this.#loops.push(this.#loop())
  }

  async stop() {
    this.#running = false
    this.wake()
    await Promise.allSettled(this.#loops)
    this.#loops = []
    const listener = this.#listener
    this.#listener = null
    await listener?.end().catch(() => {})
  }

  wake() {
    this.#wakes++
    for (const waker of [...this.#wakers]) waker()
  }

  async #loop() {
    // the previous batch's effects run while this drainer claims and processes the next batch;
    // one batch of effects at a time per drainer keeps their order and bounds the pool connections
    let effects: Promise<void> = Promise.resolve()
    while (this.#running) {
      const wakes = this.#wakes
      let taken = 0
      let units: Committed[] = []
      try {
        const keep = (committed: Committed[]) => (units = committed)
        taken = await drainBatch(keep).catch((error) => {
          if (error instanceof RunCarefully) return drainBatch(keep, true)
          throw error
        })
      } catch {
        // the batch rolled back (database gone, ...): its events are still pending
        await this.#sleep(IDLE_MS)
        continue
      }
      await effects
      effects = runEffects(units)
      if (taken === 0 && wakes === this.#wakes && this.#running) await this.#sleep(IDLE_MS)
    }
    await effects
  }

  #sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.#wakers.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.#wakers.add(done)
    })
  }

  /** LISTEN for other processes' ingests; on any error the IDLE_MS poll still finds the events. */
  async #listen() {
    const client = new pg.Client({ connectionString: env.get('DATABASE_URL') })
    client.on('error', () => {
      if (this.#listener === client) this.#listener = null
      client.end().catch(() => {})
      if (this.#running) setTimeout(() => this.#running && !this.#listener && void this.#listen(), IDLE_MS)
    })
    client.on('notification', () => this.wake())
    try {
      await client.connect()
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`)
      if (!this.#running) return void (await client.end())
      this.#listener = client
    } catch {
      client.end().catch(() => {})
      if (this.#running) setTimeout(() => this.#running && !this.#listener && void this.#listen(), IDLE_MS)
    }
  }
}

const drainers = new Drainers()

/** One NOTIFY per short interval tells other processes' drainers, however many events came in it. */
let notifyScheduled = false
function notifyOthers() {
  drainers.wake()
  if (notifyScheduled) return
  notifyScheduled = true
  setTimeout(() => {
    notifyScheduled = false
    db.rawQuery(`SELECT pg_notify('${NOTIFY_CHANNEL}', '')`).catch(() => {})
  }, 5).unref()
}

export const inbound = {
  /** The inbox registers the one processor (a second registration throws). */
  setProcessor(owner: string, fn: InboundProcessor) {
    processor.set(owner, fn)
  },

  /** The inbox may register the one set-wise batch processor (a second registration throws). */
  setBatchProcessor(owner: string, fn: InboundBatchProcessor) {
    batchProcessor.set(owner, fn)
  },

  setFaultInjector(fn: typeof faultInjector) {
    faultInjector = fn
  },

  /** The drainers, for the job registry to start with the workers. */
  drainers: drainers as Consumer,

  /**
   * Persists, then wakes the drainers. Safe to call twice with the same event.
   * The channel hands the event in for the company of its connection: stored
   * in that company's scope.
   */
  async ingest(companyId: number, event: InboundEvent): Promise<{ id: number; duplicate: boolean }> {
    assertEvent(event)
    const row: EventRow = {
      whatsappId: event.whatsappId,
      key: eventKey(event),
      kind: event.kind,
      payload: JSON.stringify(event),
      lane: laneOf(companyId, event),
    }
    const stored = await tenancy.run(companyId, () => stores.add(row))
    if ('error' in stored) throw stored.error
    if (!stored.duplicate) notifyOthers()
    return stored
  },

  /**
   * Wakes the drainers for events pending longer than olderThanMs (a process
   * that ingested them died before telling anyone); answers how many there are.
   */
  async recover(olderThanMs = 15_000) {
    // system: the sweep looks at every company's pending events
    const row = await tenancy.asSystem(() =>
      tenantTable('inbound_events')
        .where('status', 'pending')
        .where('received_at', '<', new Date(Date.now() - olderThanMs))
        .count('* as n')
        .first()
    )
    const n = Number(row?.n ?? 0)
    if (n) drainers.wake()
    return n
  },

  /**
   * Deletes the events processed more than `keepDays` ago, oldest first, a chunk of ids per
   * statement (short locks; the drainers go on meanwhile); answers how many went. Ids follow
   * arrival, so the walk stops at the first chunk that holds an event received after the cutoff.
   * Without it the table grew by every message ever received, payload included.
   */
  async purgeProcessed(keepDays = KEEP_DAYS, chunk = RETENTION_CHUNK) {
    let after: number | null = null
    let deleted = 0
    for (;;) {
      const from: number[] = after === null ? [] : [after]
      const { rows }: { rows: { last: string | null; reached: boolean | null; deleted: number }[] } = await db.rawQuery(
        // system: the retention of every company's processed events, by id
        `WITH chunk AS MATERIALIZED (
           SELECT id, status, received_at, processed_at FROM inbound_events
            ${from.length ? 'WHERE id > ?' : ''} ORDER BY id LIMIT ?),
         gone AS (
           DELETE FROM inbound_events e USING chunk c
            WHERE e.id = c.id AND c.status = 'done' AND c.processed_at < now() - make_interval(days => ?)
           RETURNING 1)
         SELECT max(c.id) AS last, bool_or(c.received_at >= now() - make_interval(days => ?)) AS reached,
                (SELECT count(*) FROM gone)::int AS deleted
           FROM chunk c`,
        [...from, chunk, keepDays, keepDays]
      )
      const row = rows[0]
      deleted += row?.deleted ?? 0
      if (!row?.last || row.reached) return deleted
      after = Number(row.last)
    }
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
}
