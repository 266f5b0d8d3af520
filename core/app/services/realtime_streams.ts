/**
 * Who owns each realtime (Transmit SSE) stream, and the rules that keep a
 * stream from being borrowed.
 *
 * - A stream is opened only by a signed-in user (the access token travels as
 *   `?token=` because EventSource cannot send headers) and is bound to that
 *   user for its lifetime. A uid that is already live is refused, so nobody
 *   can take over another stream's subscriptions by reusing its id.
 * - Subscribe and unsubscribe name a uid: it must be a stream of the caller
 *   that is open in this process (Transmit keeps subscriptions in the process
 *   that holds the stream, so this is also the only place they can take
 *   effect; with several API processes the subscribe must reach the process
 *   of its stream, as before). The registry lives next to the streams it
 *   describes, so it needs no sharing between processes.
 * - Only the exact channel names below exist; anything else is refused.
 * - Open streams are capped per user and per client IP (per process).
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { EVENT_ID } from './realtime_index.js'

export const MAX_STREAMS_PER_USER = 10
export const MAX_STREAMS_PER_IP = 50
/** how long after a reconnect its subscriptions replay missed events */
const REPLAY_WINDOW_MS = 60_000

/** Transmit's client uses crypto.randomUUID(); accept any similar opaque id. */
const UID = /^[A-Za-z0-9_-]{8,64}$/

type Channel =
  { kind: 'company'; companyId: number } | { kind: 'user'; companyId: number; userId: number } | { kind: 'platform' }

const ID = '([1-9][0-9]{0,15})'
const COMPANY = new RegExp(`^company/${ID}$`)
const COMPANY_USER = new RegExp(`^company/${ID}/user/${ID}$`)

/** The channel a name denotes, or null when it is not one of the known names. */
export function parseChannel(name: string): Channel | null {
  if (name === 'platform') return { kind: 'platform' }
  let m = COMPANY.exec(name)
  if (m) return { kind: 'company', companyId: Number(m[1]) }
  m = COMPANY_USER.exec(name)
  if (m) return { kind: 'user', companyId: Number(m[1]), userId: Number(m[2]) }
  return null
}

/** May this signed-in user listen to this channel name? */
export function mayListen(actor: HttpContext['actor'] | undefined, name: string): boolean {
  const channel = parseChannel(name)
  if (!actor || !channel) return false
  if (channel.kind === 'platform') return true
  if (channel.kind === 'company') return actor.user.companyId === channel.companyId
  return actor.user.companyId === channel.companyId && actor.user.id === channel.userId
}

interface Owner {
  userId: number
  companyId: number
  ip: string
  /**
   * the last event id the client had (Last-Event-ID): the subscriptions it makes again right after
   * reconnecting replay what came after (until sinceUntil; a channel added later starts live)
   */
  since?: string
  sinceUntil?: number
}

class StreamRegistry {
  #byUid = new Map<string, Owner>()
  #perUser = new Map<number, number>()
  #perIp = new Map<string, number>()

  owner(uid: string) {
    return this.#byUid.get(uid)
  }

  /** the Last-Event-ID a stream reconnected with, while its subscriptions may still replay */
  since(uid: string) {
    const owner = this.#byUid.get(uid)
    return owner?.since && (owner.sinceUntil ?? 0) > Date.now() ? owner.since : undefined
  }

  count() {
    return this.#byUid.size
  }

  /** Registers a new stream or throws the 409/429 that refuses it. */
  open(uid: string, owner: Owner) {
    if (this.#byUid.has(uid)) throw new AppError('ERR_REALTIME_STREAM_IN_USE', 409)
    if ((this.#perUser.get(owner.userId) ?? 0) >= MAX_STREAMS_PER_USER)
      throw new AppError('ERR_REALTIME_TOO_MANY_STREAMS', 429, { details: { max: MAX_STREAMS_PER_USER } })
    if ((this.#perIp.get(owner.ip) ?? 0) >= MAX_STREAMS_PER_IP)
      throw new AppError('ERR_REALTIME_TOO_MANY_STREAMS', 429, { details: { max: MAX_STREAMS_PER_IP } })
    this.#byUid.set(uid, owner)
    bump(this.#perUser, owner.userId, 1)
    bump(this.#perIp, owner.ip, 1)
  }

  close(uid: string, owner: Owner) {
    if (this.#byUid.get(uid) !== owner) return
    this.#byUid.delete(uid)
    bump(this.#perUser, owner.userId, -1)
    bump(this.#perIp, owner.ip, -1)
  }
}

function bump<K>(map: Map<K, number>, key: K, by: number) {
  const n = (map.get(key) ?? 0) + by
  if (n > 0) map.set(key, n)
  else map.delete(key)
}

export const streams = new StreamRegistry()

const invalid = (field: string, message: string) =>
  new AppError('ERR_VALIDATION', 422, { fields: [{ field, rule: 'string', message }] })

function readUid(ctx: HttpContext): string {
  const uid = ctx.request.input('uid')
  if (typeof uid !== 'string' || !UID.test(uid))
    throw invalid('uid', 'uid must be an id of 8 to 64 letters, digits, - or _')
  return uid
}

function readChannel(ctx: HttpContext): string {
  const channel = ctx.request.input('channel')
  if (typeof channel !== 'string' || channel.length === 0) throw invalid('channel', 'channel must be a string')
  if (!parseChannel(channel)) throw new AppError('ERR_REALTIME_UNKNOWN_CHANNEL', 400)
  return channel
}

/**
 * Route middleware of GET /__transmit/events, before the auth middleware:
 * EventSource cannot send headers, so the access token may come as `?token=`.
 */
export async function streamTokenFromQuery(ctx: HttpContext, next: () => Promise<void>) {
  const token = ctx.request.qs().token
  if (typeof token === 'string' && token && !ctx.request.header('authorization')) {
    ctx.request.request.headers.authorization = `Bearer ${token}`
  }
  return next()
}

/** Route middleware of GET /__transmit/events, after the auth middleware. */
export async function guardStreamOpen(ctx: HttpContext, next: () => Promise<void>) {
  const uid = readUid(ctx)
  const actor = ctx.actor
  const owner: Owner = { userId: actor.user.id, companyId: actor.user.companyId, ip: ctx.request.ip() }
  // EventSource sends Last-Event-ID when it reconnects by itself; a client that opens a new stream
  // (new uid) passes it as ?lastEventId=
  const since = ctx.request.header('last-event-id') || ctx.request.qs().lastEventId
  if (typeof since === 'string' && EVENT_ID.test(since)) {
    owner.since = since
    owner.sinceUntil = Date.now() + REPLAY_WINDOW_MS
  }
  streams.open(uid, owner)
  ctx.response.response.once('close', () => streams.close(uid, owner))
  return next()
}

/** Route middleware of POST /__transmit/subscribe and /unsubscribe, after the auth middleware. */
export function guardSubscription(kind: 'subscribe' | 'unsubscribe') {
  return async (ctx: HttpContext, next: () => Promise<void>) => {
    const uid = readUid(ctx)
    const channel = readChannel(ctx)
    const owner = streams.owner(uid)
    const actor = ctx.actor
    if (!owner || owner.userId !== actor.user.id || owner.companyId !== actor.user.companyId)
      throw new AppError('ERR_REALTIME_STREAM_NOT_FOUND', 404)
    if (kind === 'subscribe' && !mayListen(actor, channel)) throw new AppError('ERR_NO_PERMISSION', 403)
    return next()
  }
}
