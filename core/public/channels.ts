/**
 * The channel contract. A channel plugin (channels/<name>/channel.ts) registers
 * one driver; the core calls it to start and stop sessions and to send, and
 * the driver hands everything it receives to the core as InboundEvents through
 * the hooks it is given. A driver never writes tickets or messages itself: the
 * durable pipeline (#core/pipeline) owns what happens next.
 */
import type { ChannelManifest, PlanFlag } from './module.js'
import { AppError } from './errors.js'
import { channels as discovered } from '../plugins.js'
import { planHas } from './plan_flags.js'
import type Whatsapp from '#models/whatsapp'

export type ConnectionStatus = 'OPENING' | 'qrcode' | 'PAIRING' | 'CONNECTED' | 'DISCONNECTED' | 'TIMEOUT'

/** What a driver knows about the connection it serves. */
export interface ConnectionRef {
  id: number
  companyId: number
  channel: string
  name: string
  token: string
  /** channel-specific configuration (callback URL, secrets, ...) */
  settings: Record<string, unknown>
}

export type MediaType =
  | 'image'
  | 'audio'
  | 'video'
  | 'application'
  | 'document'
  | 'locationMessage'
  | 'contactMessage'
  | 'reactionMessage'
  | 'call_log'

export interface InboundContact {
  /** digits only for people; the group id for groups */
  number: string
  name?: string
  pictureUrl?: string
  isGroup?: boolean
  /** WhatsApp's privacy identity (LID), when the channel knows it */
  lid?: string
  /** the person's e-mail address, when the channel knows it (the e-mail channel): kept on a contact that has none */
  email?: string
}

/** One normalised inbound event. */
export interface InboundEvent {
  kind: 'message' | 'edit' | 'delete' | 'reaction' | 'ack' | 'call' | 'contact'
  /** the connection it arrived on */
  whatsappId: number
  /** the provider's id of the message (the subject message for edit/delete/reaction/ack) */
  providerMessageId: string
  /** dedupe key of the event itself; defaults to providerMessageId for messages */
  eventId?: string
  fromMe?: boolean
  /** ms since epoch at the provider */
  timestamp?: number
  /** the conversation: the person, or the group */
  contact: InboundContact
  /**
   * A thread within the conversation, for channels where one person keeps several at once (an
   * e-mail thread): each live thread is its own ticket. Absent: one live ticket per contact and connection.
   */
  thread?: string
  /** in groups, the member who wrote */
  participant?: InboundContact
  body?: string
  mediaType?: MediaType
  /** a URL or storage key the channel already fetched */
  mediaUrl?: string
  quotedProviderId?: string
  /** for ack events: 0..5 */
  ack?: number
  /** for ack events: the provider reports the message failed (e.g. Meta's "131026: undeliverable"), shown on it */
  error?: string
  /** part of a history import: no bots, no notifications */
  imported?: boolean
  /** the channel could not fetch the media; the message is kept with this note */
  mediaError?: string
}

/** One outgoing message handed to a driver. */
export interface OutgoingMessage {
  /** our stable id of the message: drivers pass it on as an idempotency key */
  id: string
  messageId: number
  ticketId: number
  kind: 'text' | 'media' | 'reaction' | 'delete' | 'edit'
  to: { number: string; isGroup: boolean }
  body: string
  mediaType?: string | null
  /** a signed URL to fetch the media from */
  mediaUrl?: string | null
  mediaName?: string | null
  quotedProviderId?: string | null
  /** for delete/edit/reaction: the provider id of the target */
  targetProviderId?: string | null
  /** for reactions: whether the target is one of our own messages */
  targetFromMe?: boolean
  /** the ticket's thread (InboundEvent.thread), null when the ticket has none yet */
  thread?: string | null
}

export interface SendResult {
  /** the provider's id of the sent message */
  providerId: string
  /** ack reached at once (1 = sent to the server) */
  ack?: number
  /** the thread the message started or continued (channels with threads): a ticket without one takes it */
  thread?: string
}

/** One inbound message to acknowledge as read. */
export interface ReadKey {
  chat: { number: string; isGroup: boolean }
  providerId: string
  /** in groups, the member who wrote it */
  participant?: string | null
}

/** Health facts a driver reports; the connections module stores and broadcasts them. */
export interface HealthReport {
  connectedAt?: Date
  disconnectedAt?: Date
  messageAt?: Date
  error?: string | null
  /** the process that runs the session */
  owner?: string | null
  /** one more reconnect attempt */
  reconnect?: boolean
  /** a connection that was up went down (raises the alert event) */
  dropped?: { reason: string; loggedOut: boolean }
}

/** The history import an admin asked for on a connection (owned by the connections module). */
export interface HistoryImportPlan {
  from: Date
  until: Date | null
  /** group conversations too */
  groups: boolean
  state: 'idle' | 'preparing' | 'running' | 'done'
  received: number
  processed: number
}

/** How far a history import got: started, a batch arrived (received so far), messages handed in. */
export type ImportProgress =
  | { kind: 'started' }
  | { kind: 'batch'; received: number }
  | { kind: 'progress'; processed: number; received: number; lastMessageAt: number }

/** What the core gives a driver to report back. */
export interface ChannelHooks {
  status(connection: ConnectionRef, status: ConnectionStatus, extra?: { qrcode?: string; number?: string }): Promise<void>
  inbound(connection: ConnectionRef, event: InboundEvent): Promise<{ id: number; duplicate: boolean }>
  /** diagnostics (never throws: health must not take a session down) */
  health?(connection: ConnectionRef, report: HealthReport): Promise<void>
  /** when the session last went away (gap sync replays history from just before it) */
  lastDisconnectedAt?(connection: ConnectionRef): Promise<Date | null>
  /** the history import asked for, null when none */
  importPlan?(connection: ConnectionRef): Promise<HistoryImportPlan | null>
  importProgress?(connection: ConnectionRef, progress: ImportProgress): Promise<void>
  /** the last batch came (or none for a while): the owner closes the import */
  importFinished?(connection: ConnectionRef): Promise<void>
}

export interface ChannelDriver {
  /** channel id stored on connections */
  name: string
  start(connection: ConnectionRef, hooks: ChannelHooks): Promise<void>
  stop(connection: ConnectionRef): Promise<void>
  /** sends one message; throws to have the outbox retry */
  send(connection: ConnectionRef, message: OutgoingMessage): Promise<SendResult>
  /** session control for channels with a login (WhatsApp): new QR or pairing code */
  restart?(connection: ConnectionRef, options: { fresh: boolean; pairingPhone?: string }): Promise<void>
  logout?(connection: ConnectionRef): Promise<void>
  /** read receipts when an agent opens a ticket */
  markRead?(connection: ConnectionRef, keys: ReadKey[]): Promise<void>
  /** the people and groups the account has conversations with (contacts import from chats) */
  listChats?(connection: ConnectionRef): Promise<InboundContact[]>
  /**
   * Whether a number has an account on the channel (WhatsApp's "on WhatsApp"
   * check, before a bulk send); undefined when it cannot tell now (no live
   * session in this process, or the channel has no such check).
   */
  checkNumber?(connection: ConnectionRef, number: string): Promise<boolean | undefined>
  /**
   * Refuses (throws an AppError) a free-form message to `to` that the channel
   * would not deliver now, e.g. outside Meta's 24-hour customer-service window;
   * asked before an agent's message is stored, so the refusal is immediate.
   */
  assertCanSendFreeForm?(connection: ConnectionRef, to: { number: string; isGroup: boolean }): Promise<void>
}

const drivers = new Map<string, ChannelDriver>()

export const channelRegistry = {
  register(driver: ChannelDriver) {
    drivers.set(driver.name, driver)
  },
  /** Replaces a driver (tests use this for doubles); returns a function that restores the old one. */
  swap(driver: ChannelDriver) {
    const previous = drivers.get(driver.name)
    drivers.set(driver.name, driver)
    return () => (previous ? drivers.set(driver.name, previous) : drivers.delete(driver.name))
  },
  driver(name: string): ChannelDriver | undefined {
    return drivers.get(name)
  },
  names() {
    return [...drivers.keys()]
  },
}

/** Normalises a phone number to digits (groups keep their id). */
export function normaliseNumber(raw: string, isGroup = false) {
  const s = String(raw ?? '').trim()
  if (isGroup) return s.replace(/@g\.us$/, '')
  return s.replace(/@.*$/, '').replace(/\D/g, '')
}

/**
 * The declared channels: every channels/<name>/channel.ts manifest the core's
 * plugin loader found (label, icon, plan flag, settings schema and fields).
 * Nothing else lists channels: connections, GET /modules and the browser read them here.
 */
const manifests = new Map<string, ChannelManifest>(discovered.map((c) => [c.manifest.name, c.manifest]))

export const channelCatalog = {
  all(): ChannelManifest[] {
    return [...manifests.values()]
  },
  get(name: string): ChannelManifest | undefined {
    return manifests.get(name)
  },
  names(): string[] {
    return [...manifests.keys()]
  },
  /** the loader's path for a manifest found after boot (tests); returns a function that removes it */
  register(manifest: ChannelManifest) {
    const previous = manifests.get(manifest.name)
    manifests.set(manifest.name, manifest)
    return () => (previous ? manifests.set(manifest.name, previous) : manifests.delete(manifest.name))
  },
}

/** The plan flag that enables a channel, from its manifest. */
export function channelFlag(channel: string): PlanFlag | null {
  return manifests.get(channel)?.feature ?? null
}

/** Whether a plan (a Plan model or a plans row) offers the channel. */
export function planOffersChannel(plan: { features?: Record<string, unknown> | null } | null | undefined, channel: string) {
  const flag = channelFlag(channel)
  return !flag || planHas(plan, flag)
}

/** The declared channels a plan offers, in a stable order (WhatsApp first, then by name). */
export function channelsForPlan(plan: { features?: Record<string, unknown> | null } | null | undefined) {
  return channelCatalog
    .all()
    .filter((m) => planOffersChannel(plan, m.name))
    .sort((a, b) => (a.name === 'whatsapp' ? -1 : b.name === 'whatsapp' ? 1 : a.name.localeCompare(b.name)))
}

/** The channels a plan offers as the browser draws them (add menu, icons, channel tab): GET /modules and the all-connections page. */
export function channelDefsForPlan(plan: { features?: Record<string, unknown> | null } | null | undefined) {
  return channelsForPlan(plan).map((c) => ({
    name: c.name,
    feature: c.feature,
    label: c.label,
    icon: c.icon,
    color: c.color ?? null,
    fields: (c.fields ?? []).map((f) => ({
      name: f.name,
      type: f.type,
      label: f.label,
      required: Boolean(f.required),
      help: f.help ?? null,
      options: f.options ?? [],
    })),
    connect: c.connect
      ? { kind: c.connect.kind, endpoint: c.connect.endpoint, params: c.connect.params ?? {}, ...(c.connect.settings?.() ?? {}) }
      : null,
    chat: c.chat ?? null,
    snippet: c.snippet ?? null,
    // a session signed in from a phone (QR or pairing code): the screen offers a new QR code
    qrLogin: Boolean(channelRegistry.driver(c.name)?.restart),
  }))
}

/**
 * Asks connection whatsappId's channel whether each number has an account
 * there: true/false per number it could check, nothing for the others (the
 * channel cannot check, its session is down or lives in another process).
 * One number at a time, in order: a burst of lookups is what gets a WhatsApp
 * number flagged.
 */
export async function checkNumbers(
  companyId: number,
  whatsappId: number,
  numbers: string[]
): Promise<Map<string, boolean>> {
  // loaded lazily: drivers import this file in processes where the app's database is not booted
  const { tenancy } = await import('./tenancy.js')
  const { default: Whatsapp } = await import('#models/whatsapp')
  const { connectionRef } = await import('../pipeline/connection_ref.js')
  const out = new Map<string, boolean>()
  const whatsapp = await tenancy.run(companyId, () => Whatsapp.find(whatsappId))
  const driver = whatsapp ? channelRegistry.driver(whatsapp.channel) : undefined
  if (!whatsapp || !driver?.checkNumber) return out
  const ref = connectionRef(whatsapp)
  for (const number of numbers) {
    const found = await driver.checkNumber(ref, number).catch(() => undefined)
    if (found === undefined) break
    out.set(number, found)
  }
  return out
}

/** Whether a channel can check numbers at all (its driver has checkNumber). */
export function channelChecksNumbers(channel: string) {
  return Boolean(channelRegistry.driver(channel)?.checkNumber)
}

/**
 * Whether the company's plan (today, not when the connection was created)
 * still offers the channel of connection whatsappId; false for a connection
 * that is not the company's.
 */
export async function connectionChannelEnabled(companyId: number, whatsappId: number): Promise<boolean> {
  // loaded lazily: drivers import this file in processes where the app's database is not booted
  const { tenancy, tenantTable } = await import('./tenancy.js')
  // the company named by the caller (the read-receipt job calls it outside any request)
  const row = await tenancy.run(companyId, () =>
    tenantTable('whatsapps')
      .join('companies', 'companies.id', 'whatsapps.company_id')
      .join('plans', 'plans.id', 'companies.plan_id')
      .where('whatsapps.id', whatsappId)
      .select('plans.*', 'whatsapps.channel as connection_channel')
      .first()
  )
  if (!row) return false
  return planOffersChannel(row, row.connection_channel)
}

const TOKEN_TTL_MS = 5000
const byToken = new Map<string, { at: number; value: Promise<boolean | null> }>()

async function loadTokenEnabled(channel: string, token: string): Promise<boolean | null> {
  const { tenancy, tenantTable } = await import('./tenancy.js')
  // system: a webhook names its connection by token alone; the company is what this lookup finds
  const row = await tenancy.asSystem(() =>
    tenantTable('whatsapps')
      .join('companies', 'companies.id', 'whatsapps.company_id')
      .join('plans', 'plans.id', 'companies.plan_id')
      .where('whatsapps.token', token)
      .where('whatsapps.channel', channel)
      .select('plans.*')
      .first()
  )
  return row ? planOffersChannel(row, channel) : null
}

/**
 * Whether the plan of the company owning connection `token` on `channel`
 * offers the channel: null for an unknown token (the channel answers it as it
 * answers a bad signature). Cached for a few seconds: webhooks are hot paths.
 */
export function tokenChannelEnabled(channel: string, token: string): Promise<boolean | null> {
  if (!channelFlag(channel)) return Promise.resolve(true)
  const key = `${channel}:${token}`
  const hit = byToken.get(key)
  if (hit && Date.now() - hit.at < TOKEN_TTL_MS) return hit.value
  if (byToken.size > 10_000) byToken.clear()
  const value = loadTokenEnabled(channel, token)
  byToken.set(key, { at: Date.now(), value })
  value.catch(() => byToken.delete(key))
  return value
}

/** Forgets the cached plan answers (tests that switch a plan flag). */
export function forgetChannelPlans() {
  byToken.clear()
}

/** Refuses (403 ERR_PLAN_FEATURE_DISABLED) an outbound message through a channel the plan no longer offers. */
export async function assertCanSendThrough(companyId: number, whatsappId: number | null | undefined) {
  if (!whatsappId) return
  if (!(await connectionChannelEnabled(companyId, whatsappId))) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)
}

/**
 * Asks the connection's channel whether a free-form message to the contact may
 * go now (see ChannelDriver). The connection by id, or already loaded (no lookup).
 */
export async function assertCanSendFreeForm(
  companyId: number,
  connection: number | Whatsapp | null | undefined,
  to: { number: string; isGroup: boolean } | null | undefined
) {
  if (!connection || !to) return
  const { tenancy } = await import('./tenancy.js')
  const { default: WhatsappModel } = await import('#models/whatsapp')
  const { connectionRef } = await import('../pipeline/connection_ref.js')
  const whatsapp =
    typeof connection === 'number'
      ? await tenancy.run(companyId, () => WhatsappModel.find(connection))
      : connection.companyId === companyId
        ? connection
        : null
  const driver = whatsapp ? channelRegistry.driver(whatsapp.channel) : undefined
  if (whatsapp && driver?.assertCanSendFreeForm) await driver.assertCanSendFreeForm(connectionRef(whatsapp), to)
}

/** The core's queue of channel work that is not a message (read receipts). */
export const CHANNEL_QUEUE = 'channels'

export interface MarkReadJob {
  companyId: number
  whatsappId: number
  keys: ReadKey[]
}

/**
 * Read receipts for messages an agent has read: queued, so the channel's
 * driver (markRead) runs in a job and never on the request path. Best effort:
 * a queue that cannot be reached loses the receipt, never the request.
 */
export async function queueMarkRead(job: MarkReadJob) {
  if (!job.keys.length || !job.whatsappId) return
  try {
    const { jobs } = await import('./jobs.js')
    await jobs.dispatch(CHANNEL_QUEUE, 'mark-read', job, { attempts: 3 })
  } catch {
    // receipts are not worth failing the agent's request over
  }
}

/** The job: hands the keys to the connection's driver, if it sends receipts and the plan still offers the channel. */
export async function runMarkRead(job: MarkReadJob) {
  const driver = await (async () => {
    const { tenancy } = await import('./tenancy.js')
    const { default: Whatsapp } = await import('#models/whatsapp')
    const { connectionRef } = await import('../pipeline/connection_ref.js')
    const row = await tenancy.run(job.companyId, () => Whatsapp.query().where('id', job.whatsappId).first())
    if (!row) return null
    const d = channelRegistry.driver(row.channel)
    return d?.markRead ? { d, ref: connectionRef(row) } : null
  })()
  if (!driver) return { skipped: true }
  if (!(await connectionChannelEnabled(job.companyId, job.whatsappId))) return { skipped: true }
  await driver.d.markRead!(driver.ref, job.keys.slice(0, 500))
  return { sent: job.keys.length }
}
