/**
 * The channel contract. A channel plugin (channels/<name>/channel.ts) registers
 * one driver; the core calls it to start and stop sessions and to send, and
 * the driver hands everything it receives to the core as InboundEvents through
 * the hooks it is given. A driver never writes tickets or messages itself: the
 * durable pipeline (#core/pipeline) owns what happens next.
 */
import type { PlanFlag } from './module.js'
import { AppError } from './errors.js'

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
  /** in groups, the member who wrote */
  participant?: InboundContact
  body?: string
  mediaType?: MediaType
  /** a URL or storage key the channel already fetched */
  mediaUrl?: string
  quotedProviderId?: string
  /** for ack events: 0..5 */
  ack?: number
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
}

export interface SendResult {
  /** the provider's id of the sent message */
  providerId: string
  /** ack reached at once (1 = sent to the server) */
  ack?: number
}

/** One inbound message to acknowledge as read. */
export interface ReadKey {
  chat: { number: string; isGroup: boolean }
  providerId: string
  /** in groups, the member who wrote it */
  participant?: string | null
}

/** What the core gives a driver to report back. */
export interface ChannelHooks {
  status(connection: ConnectionRef, status: ConnectionStatus, extra?: { qrcode?: string; number?: string }): Promise<void>
  inbound(connection: ConnectionRef, event: InboundEvent): Promise<{ id: number; duplicate: boolean }>
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
 * The plan flag that enables each channel. A channel plugin declares its own
 * in its manifest (defineChannel({ feature })); the Meta channels have no
 * plugin yet, so their flags are listed here.
 */
const CHANNEL_FLAGS: Record<string, PlanFlag> = {
  whatsapp: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
  api: 'useExternalApi',
}

export function channelFlag(channel: string): PlanFlag | null {
  return CHANNEL_FLAGS[channel] ?? null
}

/**
 * Whether the company's plan (today, not when the connection was created)
 * still offers the channel of connection whatsappId; false for a connection
 * that is not the company's.
 */
export async function connectionChannelEnabled(companyId: number, whatsappId: number): Promise<boolean> {
  // loaded lazily: drivers import this file in processes where the app's database is not booted
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const row = await db
    .from('whatsapps')
    .join('companies', 'companies.id', 'whatsapps.company_id')
    .join('plans', 'plans.id', 'companies.plan_id')
    .where('whatsapps.id', whatsappId)
    .where('whatsapps.company_id', companyId)
    .select('whatsapps.channel', 'plans.use_whatsapp', 'plans.use_facebook', 'plans.use_instagram', 'plans.use_external_api')
    .first()
  if (!row) return false
  const flag = channelFlag(row.channel)
  if (!flag) return true
  const column = flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
  return row[column] === true
}

/** Refuses (403 ERR_PLAN_FEATURE_DISABLED) an outbound message through a channel the plan no longer offers. */
export async function assertCanSendThrough(companyId: number, whatsappId: number | null | undefined) {
  if (!whatsappId) return
  if (!(await connectionChannelEnabled(companyId, whatsappId))) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)
}
