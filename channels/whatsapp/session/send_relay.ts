/**
 * Outbox jobs run on any worker, but a session's socket lives on the one
 * process that holds its lease. When a job lands elsewhere, the send is
 * relayed over Redis pub/sub to the owner (named in wa_sessions.owner), which
 * sends and answers; no answer within the timeout throws, and the outbox
 * retries the job with backoff. An owner that dies while a request waits
 * (its subscription gone from Redis) fails the request at once with
 * `ownerGone`, so the caller waits for the takeover instead of the timeout.
 * The message's stable WhatsApp id keeps a relayed-then-retried send from
 * showing twice on the phone.
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type { ConnectionRef, OutgoingMessage, SendResult } from '#core/channels'

type LocalSend = (connection: ConnectionRef, message: OutgoingMessage) => Promise<SendResult>

interface Pending {
  resolve: (r: SendResult) => void
  reject: (e: Error) => void
  timer: NodeJS.Timeout
  watch?: NodeJS.Timeout
}

/** how often a waiting request checks that its owner still listens */
const OWNER_CHECK_MS = 1000

const ownerGone = () =>
  Object.assign(new Error('owner not listening'), { code: 'ERR_WAPP_SESSION_BUSY', ownerGone: true })

export class SendRelay {
  #pub: Redis
  #sub: Redis
  #pending = new Map<string, Pending>()
  #ready: Promise<unknown>

  constructor(
    url: string,
    readonly ownerId: string,
    private localSend: LocalSend,
    private prefix = process.env.REDIS_PREFIX || 'balcao'
  ) {
    this.#pub = new Redis(url, { maxRetriesPerRequest: 2 })
    this.#sub = new Redis(url, { maxRetriesPerRequest: 2 })
    this.#pub.on('error', () => {})
    this.#sub.on('error', () => {})
    this.#sub.on('message', (channel, raw) => void this.#onMessage(channel, raw))
    this.#ready = this.#sub.subscribe(this.#requests(ownerId), this.#replies(ownerId))
  }

  #requests = (owner: string) => `${this.prefix}:wa:relay:req:${owner}`
  #replies = (owner: string) => `${this.prefix}:wa:relay:res:${owner}`

  async #onMessage(channel: string, raw: string) {
    let msg: any
    try {
      msg = JSON.parse(raw)
    } catch {
      return
    }
    if (channel === this.#replies(this.ownerId)) {
      const p = this.#pending.get(msg.id)
      if (!p) return
      this.#settle(msg.id)
      if (msg.ok) p.resolve(msg.result)
      else p.reject(Object.assign(new Error(msg.error), { code: msg.code }))
      return
    }
    // a request for a session this process owns
    try {
      const result = await this.localSend(msg.connection, msg.message)
      await this.#pub.publish(this.#replies(msg.from), JSON.stringify({ id: msg.id, ok: true, result }))
    } catch (e) {
      const err = e as Error & { code?: string }
      await this.#pub.publish(
        this.#replies(msg.from),
        JSON.stringify({ id: msg.id, ok: false, error: err.message, code: err.code })
      )
    }
  }

  /** Sends through the owner; rejects when nobody answers within timeoutMs. */
  async send(
    owner: string,
    connection: ConnectionRef,
    message: OutgoingMessage,
    timeoutMs = 20_000
  ): Promise<SendResult> {
    await this.#ready
    const id = randomUUID()
    const channel = this.#requests(owner)
    return new Promise<SendResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#settle(id)
        reject(Object.assign(new Error('relay timeout'), { code: 'ERR_WAPP_SESSION_BUSY' }))
      }, timeoutMs)
      // an owner killed after it got the request never answers: its subscription going away says so
      const watch = setInterval(async () => {
        const [, listeners] = ((await this.#pub.pubsub('NUMSUB', channel).catch(() => null)) ?? [channel, 1]) as [
          string,
          number,
        ]
        if (Number(listeners) === 0 && this.#settle(id)) reject(ownerGone())
      }, OWNER_CHECK_MS)
      this.#pending.set(id, { resolve, reject, timer, watch })
      this.#pub
        .publish(channel, JSON.stringify({ id, from: this.ownerId, connection, message }))
        .then((listeners) => {
          // nobody subscribed: the owner is gone (dead, or shutting down); fail fast, the caller
          // waits for the process that takes the session over (driver.ts)
          if (!listeners && this.#settle(id)) reject(ownerGone())
        })
        .catch((e) => {
          if (this.#settle(id)) reject(e)
        })
    })
  }

  /** Forgets a waiting request (answered, timed out, owner gone); false when it was already settled. */
  #settle(id: string) {
    const p = this.#pending.get(id)
    if (!p) return false
    this.#pending.delete(id)
    clearTimeout(p.timer)
    clearInterval(p.watch)
    return true
  }

  async close() {
    for (const id of [...this.#pending.keys()]) this.#settle(id)
    await Promise.allSettled([this.#sub.quit(), this.#pub.quit()])
  }
}
