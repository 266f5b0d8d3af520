/**
 * Outbox jobs run on any worker, but a session's socket lives on the one
 * process that holds its lease. When a job lands elsewhere, the send is
 * relayed over Redis pub/sub to the owner (named in wa_sessions.owner), which
 * sends and answers; no answer within the timeout throws, and the outbox
 * retries the job with backoff. The message's stable WhatsApp id keeps a
 * relayed-then-retried send from showing twice on the phone.
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import type { ConnectionRef, OutgoingMessage, SendResult } from '#core/channels'

type LocalSend = (connection: ConnectionRef, message: OutgoingMessage) => Promise<SendResult>

interface Pending {
  resolve: (r: SendResult) => void
  reject: (e: Error) => void
  timer: NodeJS.Timeout
}

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
      this.#pending.delete(msg.id)
      clearTimeout(p.timer)
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
    return new Promise<SendResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id)
        reject(Object.assign(new Error('relay timeout'), { code: 'ERR_WAPP_SESSION_BUSY' }))
      }, timeoutMs)
      this.#pending.set(id, { resolve, reject, timer })
      this.#pub
        .publish(this.#requests(owner), JSON.stringify({ id, from: this.ownerId, connection, message }))
        .then((listeners) => {
          // nobody subscribed: the owner is gone, fail fast and let the outbox retry
          if (!listeners && this.#pending.delete(id)) {
            clearTimeout(timer)
            reject(Object.assign(new Error('owner not listening'), { code: 'ERR_WAPP_SESSION_BUSY' }))
          }
        })
        .catch(reject)
    })
  }

  async close() {
    for (const p of this.#pending.values()) clearTimeout(p.timer)
    this.#pending.clear()
    await Promise.allSettled([this.#sub.quit(), this.#pub.quit()])
  }
}
