/**
 * Inbox test fixtures: a tenant with an API-channel connection and a queue,
 * inbound events through the real pipeline, the real workers, and a channel
 * double that records what would have been sent.
 */
import db from '@adonisjs/lucid/services/db'
import { jobs } from '#core/jobs'
import { tenancy } from '#core/tenancy'
import { channelRegistry, type ChannelDriver, type OutgoingMessage, type InboundEvent } from '#core/channels'
import { inbound } from '#core/pipeline'
import Whatsapp from '#models/whatsapp'
import Queue from '#models/queue'
import { createTenant, createUser, uid, type TenantWorld } from '#tests/helpers/world'
import type Company from '#models/company'

export async function startWorkers() {
  if (!jobs.workersRunning) await jobs.startWorkers()
}

/** Stops the workers as a crashed process would leave them: no consumer. */
export async function stopWorkers() {
  await jobs.close()
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 15000,
  stepMs = 50
): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await fn()
    if (value) return value
    if (Date.now() > until) throw new Error('waitFor: timed out')
    await new Promise((r) => setTimeout(r, stepMs))
  }
}

export async function createConnection(company: Company, fields: Partial<Whatsapp> = {}) {
  return tenancy.run(company.id, () =>
    Whatsapp.create({ name: `Conn ${uid()}`, channel: 'api', status: 'CONNECTED', settings: {}, ...fields } as any)
  )
}

export async function createQueue(company: Company, name = `Q ${uid()}`) {
  return tenancy.run(company.id, () =>
    Queue.create({
      name,
      color:
        '#' +
        Math.floor(Math.random() * 0xffffff)
          .toString(16)
          .padStart(6, '0'),
      schedules: [],
    } as any)
  )
}

export interface InboxWorld extends TenantWorld {
  whatsapp: Whatsapp
  queue: Queue
}

export async function inboxWorld(): Promise<InboxWorld> {
  const tenant = await createTenant()
  const whatsapp = await createConnection(tenant.company, { isDefault: true } as any)
  const queue = await createQueue(tenant.company)
  await db.table('whatsapp_queues').insert({ whatsapp_id: whatsapp.id, queue_id: queue.id })
  return { ...tenant, whatsapp, queue }
}

/** A user of the company in the given queues. */
export async function agent(
  world: InboxWorld,
  queueIds: number[] = [world.queue.id],
  fields: Record<string, unknown> = {}
) {
  const u = await createUser(world.company, fields as any)
  if (queueIds.length)
    await db.table('user_queues').multiInsert(queueIds.map((q) => ({ user_id: u.user.id, queue_id: q })))
  return u
}

export function message(
  whatsappId: number,
  number: string,
  body: string,
  extra: Partial<InboundEvent> = {}
): InboundEvent {
  return {
    kind: 'message',
    whatsappId,
    providerMessageId: `in-${uid()}-${uid()}`,
    contact: { number, name: `Contact ${number}` },
    body,
    timestamp: Date.now(),
    ...extra,
  }
}

export async function ingest(world: { company: Company }, event: InboundEvent) {
  return inbound.ingest(world.company.id, event)
}

export async function pendingEvents(companyId: number) {
  const [{ total }] = await db
    .from('inbound_events')
    .where('company_id', companyId)
    .whereNot('status', 'done')
    .count('* as total')
  return Number(total)
}

export async function waitProcessed(companyId: number, timeoutMs = 20000) {
  await waitFor(async () => (await pendingEvents(companyId)) === 0, timeoutMs)
}

/**
 * waitProcessed, and then the after-commit effects of every processed event
 * have run too (the jobs they queue, realtime, the outbox): they run after the
 * drain's commit, so the drainers are stopped, which waits for them, and
 * started again. For asserting that processing queued nothing.
 */
export async function waitDrained(companyId: number, timeoutMs = 20000) {
  await waitProcessed(companyId, timeoutMs)
  await inbound.drainers.stop()
  inbound.drainers.start()
}

/**
 * A channel double for 'api' that records sends; returns it with a restore
 * function. With `companyId`, only that company's sends are recorded: other
 * tests' leftovers (a schedule or an API call a sweep sends later) still
 * succeed, unrecorded.
 */
export function recordingDriver(
  behaviour: (m: OutgoingMessage, attempt: number) => void = () => {},
  options: { companyId?: number } = {}
) {
  const sent: OutgoingMessage[] = []
  const attempts = new Map<string, number>()
  const driver: ChannelDriver = {
    name: 'api',
    async start() {},
    async stop() {},
    async send(c, m) {
      if (options.companyId !== undefined && c.companyId !== options.companyId)
        return { providerId: `prov-${m.id}`, ack: 1 }
      const n = (attempts.get(m.id) ?? 0) + 1
      attempts.set(m.id, n)
      behaviour(m, n)
      sent.push(m)
      return { providerId: `prov-${m.id}`, ack: 1 }
    },
  }
  const restore = channelRegistry.swap(driver)
  return { sent, attempts, restore }
}

export const rand = () => String(5500000000000 + Math.floor(Math.random() * 999999999))
