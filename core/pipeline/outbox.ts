/**
 * The outbox: every outgoing message is a BullMQ job whose id is derived from
 * the message id, so queueing it twice (a retry of the HTTP call, a restart)
 * queues it once. The job asks the inbox for the message (which answers null
 * once it was sent), hands it to the connection's driver, and reports the
 * result back; retries use exponential backoff, and after the last attempt the
 * message is marked failed so the UI can show it.
 */
import { UnrecoverableError, type Job } from 'bullmq'
import { jobs, jobsBackend } from '#core/jobs'
import { tenancy } from '#core/tenancy'
import { AppError } from '#core/errors'
import { channelRegistry, type OutgoingMessage, type SendResult } from '#core/channels'
import Whatsapp from '#models/whatsapp'
import { connectionRef } from './connection_ref.js'
import { KeyedLimiter } from './keyed_limiter.js'
import { SingleSlot } from '../public/extensions.js'
import { channelCatalog } from '../public/channels.js'
import { Batch } from '../public/batch.js'
import { memoCache } from '../public/cache.js'

export const OUTBOX_QUEUE = 'outbox'
export const OUTBOX_ATTEMPTS = 5
/**
 * Jobs one worker process runs at once (fewer on the PostgreSQL job backend,
 * which polls); each connection is still paced by its channel's maxInFlight.
 */
export const outboxConcurrency = () => (jobsBackend() === 'redis' ? 32 : 8)

const pacing = new KeyedLimiter()

/** the connections of a turn's jobs, in one statement */
const connectionRows = new Batch<number, Whatsapp | null>(async (ids) => {
  const rows = await Whatsapp.query().whereIn('id', [...new Set(ids)])
  const byId = new Map(rows.map((w) => [Number(w.id), w]))
  return ids.map((id) => byId.get(Number(id)) ?? null)
})

/**
 * A connection is read once per CONNECTION_TTL_MS, not once per turn: every
 * message of a busy connection needs it. A saved or deleted connection is
 * forgotten at once, in every process (#core/cache).
 */
const CONNECTION_TTL_MS = 5000
const connectionCache = memoCache<Whatsapp | null>('outbox-connections', CONNECTION_TTL_MS)
const connectionKey = (companyId: number, id: number) => `${companyId}:${id}`
const connections = {
  get: (id: number) => connectionCache.get(connectionKey(tenancy.requireCompanyId(), id), () => connectionRows.add(id)),
}
const forgetConnection = (w: Whatsapp) => connectionCache.delete(connectionKey(w.companyId, w.id))
Whatsapp.after('save', forgetConnection)
Whatsapp.after('delete', forgetConnection)

/** send: the message itself; edit/delete: a change to a message the channel already has */
export type OutboxOp = 'send' | 'edit' | 'delete'

export interface OutboxHandlers {
  /** what to hand the driver, or null when nothing must go out (already sent, deleted, never sent) */
  load(messageId: number, op: OutboxOp): Promise<OutgoingMessage | null>
  sent(messageId: number, result: SendResult, op: OutboxOp): Promise<void>
  failed(messageId: number, error: string, op: OutboxOp): Promise<void>
}

interface OutboxJob {
  companyId: number
  messageId: number
  whatsappId: number
  op?: OutboxOp
}

/** The inbox owns the one set of handlers: a second registration throws. */
const slot = new SingleSlot<OutboxHandlers>('outbox handlers')

export const outbox = {
  setHandlers(owner: string, h: OutboxHandlers) {
    slot.set(owner, h)
  },

  jobId(messageId: number, op: OutboxOp = 'send', version = '') {
    return op === 'send' ? `out-${messageId}` : `out-${op}-${messageId}-${version}`
  },

  /**
   * Queues a message for sending; idempotent per message. Edits and deletes
   * are idempotent per version (the caller passes e.g. the edit's timestamp).
   */
  async enqueue(
    companyId: number,
    messageId: number,
    whatsappId: number,
    options: { delay?: number; op?: OutboxOp; version?: string } = {}
  ) {
    const op = options.op ?? 'send'
    const queued = jobs.dispatch(
      OUTBOX_QUEUE,
      'send',
      { companyId, messageId, whatsappId, op },
      {
        jobId: outbox.jobId(messageId, op, options.version ?? ''),
        attempts: OUTBOX_ATTEMPTS,
        backoff: { type: 'exponential', delay: 1000 },
        delay: options.delay,
      }
    )
    // a send is durable in its message row: if the queue is unreachable now, the
    // inbox's recovery sweep queues it later; an edit or delete must be retried by the caller
    if (op === 'send') await queued.catch(() => {})
    else await queued
  },

  async send(data: OutboxJob) {
    const handlers = slot.get()
    const op = data.op ?? 'send'
    return tenancy.run(data.companyId, async () => {
      const message = await handlers.load(data.messageId, op)
      if (!message) return { skipped: true }
      const whatsapp = await connections.get(Number(data.whatsappId))
      if (!whatsapp) throw new AppError('ERR_NO_WAPP_FOUND', 404)
      const driver = channelRegistry.driver(whatsapp.channel)
      if (!driver) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400)
      // one ticket's messages in order; a connection's sends at most its channel's maxInFlight at once
      const inFlight = Math.max(1, channelCatalog.get(whatsapp.channel)?.maxInFlight ?? 1)
      const result = await pacing.run(`t:${message.ticketId}`, 1, () =>
        pacing.run(`c:${whatsapp.id}`, inFlight, () => driver.send(connectionRef(whatsapp), message))
      )
      await handlers.sent(data.messageId, result, op)
      return { providerId: result.providerId }
    })
  },

  async handleJob(data: OutboxJob, job: Job) {
    try {
      return await outbox.send(data)
    } catch (error) {
      // a driver marks a refusal retrying cannot fix (details.permanent): failed at once, not after every attempt
      const permanent = error instanceof AppError && error.details?.permanent === true
      const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
      if (final && slot.registered) {
        const handlers = slot.get()
        // details.meta: the provider's own reason (e.g. Meta's error code), shown with ours
        const text =
          error instanceof AppError
            ? [error.code, error.details?.meta].filter(Boolean).join(' ')
            : String((error as Error)?.message ?? error)
        await tenancy.run(data.companyId, () => handlers.failed(data.messageId, text.slice(0, 500), data.op ?? 'send'))
      }
      if (permanent) throw new UnrecoverableError((error as AppError).code)
      throw error
    }
  },
}
