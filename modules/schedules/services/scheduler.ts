/**
 * The scheduler. Each open schedule has one delayed job on the `schedules`
 * queue, due at its exact sendAt (no per-minute poll that skips seconds, no
 * fixed delay: reference §5.1's weak points). The job id names the schedule and
 * its time, so queueing it twice queues it once, and a job whose time is no
 * longer the schedule's (an edit moved it) does nothing.
 *
 * A send, in one transaction: a conditional UPDATE claims the row (only one
 * run of any number of concurrent ones gets it; the others wait on its row
 * lock and then match nothing), the message is stored through the inbox's
 * outreach seam, the row records it, and a recurring schedule writes its next
 * occurrence. After the commit the outbox sends it (with its own retries).
 * A failure before the message exists (no connection, the database) is
 * retried with backoff; after the last attempt the schedule is ERRO with the
 * error text. The outbox's answer settles the row: ENVIADA once the channel
 * took it, ERRO with the channel's error when the outbox gave up.
 *
 * A sweep on the workers' timer (not a Redis job, so it survives a store that
 * came back empty) re-creates the job of any open schedule due soon whose job
 * is gone, runs overdue ones, and settles sent rows whose settle job was lost.
 */
import db from '@adonisjs/lucid/services/db'
import type { Job } from 'bullmq'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import { jobs } from '#core/jobs'
import { Company, User, Whatsapp } from '#core/models'
import { planHas } from '#core/plan_flags'
import { tenancy, tenantTable } from '#core/tenancy'
import { getContact } from '#modules/inbox/public/contacts'
import { lastConnectionOf } from '#modules/inbox/public/contact_tickets'
import { deliveryStates, storeOutreach } from '#modules/inbox/public/outreach'
import Schedule from '../models/schedule.js'
import { clock } from './clock.js'
import { compose } from './compose.js'
import { nextOccurrence } from './recurrence.js'
import { emitSchedule } from './record.js'

export const SCHEDULE_QUEUE = 'schedules'
/** tries of a send before ERRO (exponential backoff from SEND_BACKOFF_MS: 1 s, 2 s, 4 s) */
export const SEND_ATTEMPTS = 4
export const SEND_BACKOFF_MS = 1000
/** the settle job looks at the outbox's answer at 0.5 s, 1 s, 2 s, … (then the sweep) */
const SETTLE_ATTEMPTS = 8
/** the sweep re-creates lost jobs of schedules due within this horizon */
export const SWEEP_HORIZON_MS = 60_000
export const SWEEP_EVERY_MS = 5000
const SWEEP_BATCH = 500

export const sendJobId = (id: number, at: number) => `schedule-${id}-${at}`
const settleJobId = (id: number) => `schedule-settle-${id}`

export interface SendJob {
  companyId: number
  scheduleId: number
  /** the sendAt (ms) the job was queued for */
  at: number
}

/** Thrown while the outbox has not answered yet: the settle job retries (its backoff is the poll). */
class NotSettled extends Error {}

/**
 * Queues the schedule's send at its sendAt (idempotent) and marks it AGENDADA.
 * A finished job of the same id (a schedule moved back to a time it had) is
 * replaced. Fails with 503 while the queue's store is away: the sweep retries.
 */
export async function queueSend(companyId: number, s: { id: number; sendAt: DateTime }) {
  const at = s.sendAt.toMillis()
  const id = sendJobId(s.id, at)
  const queue = jobs.queue(SCHEDULE_QUEUE)
  const old = await queue.getJob(id)
  if (old && ((await old.isCompleted()) || (await old.isFailed()))) await old.remove().catch(() => {})
  await jobs.dispatch<SendJob>(
    SCHEDULE_QUEUE,
    'send',
    { companyId, scheduleId: s.id, at },
    {
      jobId: id,
      delay: Math.max(0, at - clock.now()),
      attempts: SEND_ATTEMPTS,
      backoff: { type: 'exponential', delay: SEND_BACKOFF_MS },
    }
  )
  await tenancy.run(companyId, () =>
    tenantTable('schedules')
      .where({ id: s.id, status: 'PENDENTE' })
      .whereNull('message_id')
      .update({ status: 'AGENDADA', updated_at: new Date() })
  )
}

/** Drops the job queued for `at` (edit, delete); a running one sees the change and stops. */
export async function unqueueSend(scheduleId: number, at: number) {
  await jobs
    .queue(SCHEDULE_QUEUE)
    .remove(sendJobId(scheduleId, at))
    .catch(() => {})
}

async function companyContext(companyId: number) {
  const company = await tenancy.asSystem(() => Company.query().where('id', companyId).preload('plan').first())
  return {
    timezone: company?.timezone || 'America/Sao_Paulo',
    enabled: !!company && planHas(company.plan, 'useSchedules'),
  }
}

/** The schedule's connection, else the one of the contact's last ticket, else the default, else any. */
async function pickConnection(s: Schedule) {
  const ids = [s.whatsappId, await lastConnectionOf(s.contactId)].filter((x): x is number => !!x)
  for (const id of ids) {
    const w = await Whatsapp.find(id)
    if (w) return w
  }
  const fallback = await Whatsapp.query().orderBy('is_default', 'desc').orderBy('id').first()
  if (!fallback) throw new AppError('ERR_SCHEDULE_NO_CONNECTION', 422)
  return fallback
}

/**
 * Writes the next occurrence of a recurring row (inside the transaction that
 * claimed or failed it, so it is written once), or returns null.
 */
async function writeNext(trx: any, s: Schedule, timezone: string): Promise<Schedule | null> {
  const nextAt = nextOccurrence(s, timezone)
  if (nextAt === null) return null
  const next = new Schedule()
  next.merge({
    body: s.body,
    contactId: s.contactId,
    contactName: s.contactName,
    sendAt: DateTime.fromMillis(nextAt),
    status: 'PENDENTE',
    userId: s.userId,
    whatsappId: s.whatsappId,
    openTicket: s.openTicket,
    statusTicket: s.statusTicket,
    queueId: s.queueId,
    repeatEvery: s.repeatEvery,
    repeatCount: s.repeatCount - 1,
    rrule: s.rrule,
  })
  await next.useTransaction(trx).save()
  return next
}

/**
 * Marks the schedule ERRO with the reason (its message, if any, stays where it
 * is). With `continueSeries`, a recurring row that failed before sending hands
 * its rule on to the next occurrence (one failed send does not end the series)
 * and keeps none itself, so editing it later re-sends only that one.
 */
async function markError(companyId: number, scheduleId: number, error: string, continueSeries = false) {
  const timezone = continueSeries ? (await companyContext(companyId)).timezone : ''
  await tenancy.run(companyId, async () => {
    const { n, next } = await db.transaction(async (trx) => {
      const changed = await tenantTable('schedules', trx)
        .where('id', scheduleId)
        .whereIn('status', ['PENDENTE', 'AGENDADA'])
        .update({ status: 'ERRO', error: error.slice(0, 1000), updated_at: new Date() })
      if (!changed || !continueSeries) return { n: changed, next: null }
      const s = await Schedule.query({ client: trx }).where('id', scheduleId).first()
      if (!s || s.messageId) return { n: changed, next: null }
      const written = await writeNext(trx, s, timezone)
      if (written) {
        s.merge({ repeatEvery: 'none', repeatCount: 1, rrule: null })
        await s.useTransaction(trx).save()
      }
      return { n: changed, next: written }
    })
    if (n) {
      const row = await Schedule.find(scheduleId)
      if (row) await emitSchedule(companyId, 'update', row)
    }
    if (next) {
      await emitSchedule(companyId, 'create', next)
      await queueSend(companyId, next).catch(() => {}) // else the sweep
    }
  })
}

/** The send job (see the file's comment). Returns what it did, for tests. */
export async function runSend(d: SendJob, job?: Job): Promise<'sent' | 'stale' | 'early' | 'error'> {
  try {
    return await sendOnce(d)
  } catch (e) {
    const attempts = job?.opts.attempts ?? 1
    const last = !job || job.attemptsMade + 1 >= attempts
    if (!last) throw e // BullMQ retries with backoff
    await markError(d.companyId, d.scheduleId, errorText(e), true)
    return 'error'
  }
}

function errorText(e: unknown) {
  if (e instanceof AppError) return e.code
  return e instanceof Error ? e.message : String(e)
}

async function sendOnce(d: SendJob): Promise<'sent' | 'stale' | 'early' | 'error'> {
  const { companyId, scheduleId, at } = d
  const ctx = await companyContext(companyId)
  return tenancy.run(companyId, async () => {
    const now = clock.now()
    // a job that ran before its time (a clock moved back in tests, a clock skew) waits again
    if (at > now + 1000) {
      await jobs.dispatch<SendJob>(SCHEDULE_QUEUE, 'send', d, {
        jobId: `${sendJobId(scheduleId, at)}-r${now}`,
        delay: at - now,
        attempts: SEND_ATTEMPTS,
        backoff: { type: 'exponential', delay: SEND_BACKOFF_MS },
      })
      return 'early'
    }
    if (!ctx.enabled) {
      await markError(companyId, scheduleId, 'ERR_PLAN_FEATURE_DISABLED')
      return 'error'
    }
    const afterCommit: (() => Promise<void>)[] = []
    let next: Schedule | null = null
    const claimed = await db.transaction(async (trx) => {
      // the claim: exactly one run gets the row; the others wait on its lock, then match nothing
      const rows = await tenantTable('schedules', trx)
        .where('id', scheduleId)
        .whereIn('status', ['PENDENTE', 'AGENDADA'])
        .whereNull('message_id')
        .whereNull('sent_at')
        .where('send_at', new Date(at))
        .update({ status: 'AGENDADA', sent_at: new Date(now), updated_at: new Date(now) })
        .returning('id')
      if (!rows.length) return null
      const s = await Schedule.query({ client: trx }).where('id', scheduleId).firstOrFail()
      const contact = await getContact(s.contactId)
      if (!contact) throw new AppError('ERR_SCHEDULE_CONTACT_GONE', 422)
      const connection = await pickConnection(s)
      const user = s.userId ? await User.find(s.userId) : null
      const body = compose(s.body, {
        contact,
        userName: user?.name ?? null,
        connectionName: connection.name,
        now,
        timezone: ctx.timezone,
      })
      const sent = await storeOutreach(trx, {
        number: contact.number,
        name: contact.name,
        whatsappId: connection.id,
        channel: connection.channel,
        body,
        // reference §5.1 openTicket: the reply lands in a live ticket, else the message stays on record
        newTicketStatus: s.openTicket === 'enabled' ? (s.statusTicket === 'open' ? 'open' : 'pending') : 'closed',
        userId: s.userId,
        queueId: s.queueId,
      })
      s.merge({ messageId: sent.messageId, ticketId: sent.ticketId })
      await s.useTransaction(trx).save()
      afterCommit.push(sent.afterCommit)
      // a recurring schedule: its next send is a row of its own (this one keeps its history)
      next = await writeNext(trx, s, ctx.timezone)
      return s
    })
    if (!claimed) return 'stale'
    for (const fn of afterCommit) await fn().catch(() => {}) // the outbox's own sweep recovers a lost enqueue
    await emitSchedule(companyId, 'update', claimed)
    const upcoming = next as Schedule | null
    if (upcoming) {
      await emitSchedule(companyId, 'create', upcoming)
      await queueSend(companyId, upcoming).catch(() => {}) // else the sweep
    }
    await queueSettle(companyId, scheduleId).catch(() => {}) // else the sweep
    return 'sent'
  })
}

async function queueSettle(companyId: number, scheduleId: number) {
  await jobs.dispatch(
    SCHEDULE_QUEUE,
    'settle',
    { companyId, scheduleId },
    {
      jobId: settleJobId(scheduleId),
      delay: 500,
      attempts: SETTLE_ATTEMPTS,
      backoff: { type: 'exponential', delay: 500 },
    }
  )
}

/**
 * The outbox's answer: ENVIADA once the channel accepted the message, ERRO
 * with its error once the outbox gave up. Returns whether the row is settled.
 */
export async function settle(companyId: number, scheduleId: number): Promise<boolean> {
  return tenancy.run(companyId, async () => {
    const s = await Schedule.find(scheduleId)
    if (!s || s.status !== 'AGENDADA' || !s.messageId) return true
    const state = (await deliveryStates([s.messageId])).get(s.messageId)
    let changed: unknown = 0
    if (!state) {
      // the message was deleted from the ticket before it went out
      changed = await tenantTable('schedules')
        .where({ id: scheduleId, status: 'AGENDADA' })
        .update({ status: 'ERRO', error: 'ERR_NO_MESSAGE_FOUND', updated_at: new Date() })
    } else if (state.ack >= 1) {
      changed = await tenantTable('schedules')
        .where({ id: scheduleId, status: 'AGENDADA' })
        .update({ status: 'ENVIADA', error: null, updated_at: new Date() })
    } else if (state.sendError) {
      changed = await tenantTable('schedules')
        .where({ id: scheduleId, status: 'AGENDADA' })
        .update({ status: 'ERRO', error: state.sendError.slice(0, 1000), updated_at: new Date() })
    } else {
      return false
    }
    if (Number(changed) > 0) {
      const row = await Schedule.find(scheduleId)
      if (row) await emitSchedule(companyId, 'update', row)
    }
    return true
  })
}

export async function runSettle(d: { companyId: number; scheduleId: number }) {
  if (!(await settle(d.companyId, d.scheduleId))) throw new NotSettled('waiting for the outbox')
}

/** Recovery and settling across companies (see the file's comment). Idempotent. */
export async function sweepSchedules() {
  const now = clock.now()
  const { sent, open } = await tenancy.asSystem(async () => ({
    sent: await tenantTable('schedules')
      .where('status', 'AGENDADA')
      .whereNotNull('message_id')
      .orderBy('send_at')
      .limit(SWEEP_BATCH)
      .select('id', 'company_id'),
    open: await tenantTable('schedules')
      .whereIn('status', ['PENDENTE', 'AGENDADA'])
      .whereNull('message_id')
      .where((q) => q.where('status', 'PENDENTE').orWhere('send_at', '<=', new Date(now + SWEEP_HORIZON_MS)))
      .orderBy('send_at')
      .limit(SWEEP_BATCH)
      .select('id', 'company_id', 'send_at'),
  }))
  for (const r of sent) await settle(Number(r.company_id), Number(r.id)).catch(() => {})
  const queue = jobs.queue(SCHEDULE_QUEUE)
  for (const r of open) {
    const at = new Date(r.send_at).getTime()
    const job = await queue.getJob(sendJobId(Number(r.id), at))
    const state = job ? await job.getState() : null
    if (!job || state === 'completed' || state === 'failed' || state === 'unknown') {
      await queueSend(Number(r.company_id), { id: Number(r.id), sendAt: DateTime.fromMillis(at) }).catch(() => {})
    } else if (state === 'delayed' && at <= now) {
      // due by the clock (moved in tests, or a store that lost its timers): run it now
      await job.promote().catch(() => {})
    }
  }
}

export function defineScheduleJobs() {
  jobs.define<SendJob>(SCHEDULE_QUEUE, 'send', (d, job) => runSend(d, job), { concurrency: 4 })
  jobs.define<{ companyId: number; scheduleId: number }>(SCHEDULE_QUEUE, 'settle', (d) => runSettle(d), {
    concurrency: 4,
  })
  jobs.sweep('schedules', SWEEP_EVERY_MS, sweepSchedules)
}
