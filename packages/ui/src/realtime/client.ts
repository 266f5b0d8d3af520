/**
 * The one realtime client: Transmit (SSE) subscriptions to the company, the
 * user's own channel and the platform channel. Every message carries the
 * spec's event name in `event`; handlers subscribe by that name.
 */
import { Transmit, type Subscription } from '@adonisjs/transmit-client'
import { api } from '../api/client.js'
import { singleton } from '../singleton.js'

export interface RealtimeMessage {
  event: string
  action: string
  [key: string]: unknown
}

type Handler = (message: RealtimeMessage) => void

export class RealtimeClient {
  #transmit: Transmit | null = null
  #subscriptions: Subscription[] = []
  #handlers = new Map<string, Set<Handler>>()
  #scope: { companyId: number; userId: number } | null = null

  get companyId() {
    return this.#scope?.companyId ?? null
  }

  /** company-{id}-{topic} of the signed-in company */
  companyEvent(topic: string) {
    return `company-${this.companyId ?? 0}-${topic}`
  }

  connect(companyId: number, userId: number) {
    if (this.#scope?.companyId === companyId && this.#scope.userId === userId) return
    this.disconnect()
    this.#scope = { companyId, userId }
    const transmit = new Transmit({
      baseUrl: location.origin,
      beforeSubscribe: (req: Request) => {
        req.headers.set('Accept', 'application/json')
        if (api.token) req.headers.set('Authorization', `Bearer ${api.token}`)
      },
      beforeUnsubscribe: (req: Request) => {
        req.headers.set('Accept', 'application/json')
        if (api.token) req.headers.set('Authorization', `Bearer ${api.token}`)
      },
      onSubscribeFailed: () => {
        // most likely an expired access token: refresh, then the next reconnect subscribes again
        void api.refresh()
      },
    })
    this.#transmit = transmit
    for (const channel of [`company/${companyId}`, `company/${companyId}/user/${userId}`, 'platform']) {
      const sub = transmit.subscription(channel)
      sub.onMessage<RealtimeMessage>((m) => this.#dispatch(m))
      sub.create().catch(() => {})
      this.#subscriptions.push(sub)
    }
  }

  disconnect() {
    for (const s of this.#subscriptions) s.delete().catch(() => {})
    this.#subscriptions = []
    this.#transmit?.close()
    this.#transmit = null
    this.#scope = null
  }

  /** Listens to one event name ('company-1-user', 'company-announcement', ...); returns the unsubscribe. */
  on(event: string, handler: Handler) {
    let set = this.#handlers.get(event)
    if (!set) this.#handlers.set(event, (set = new Set()))
    set.add(handler)
    return () => void set.delete(handler)
  }

  /** Test and local use: deliver a message as if it came from the server. */
  emitLocal(message: RealtimeMessage) {
    this.#dispatch(message)
  }

  #dispatch(message: RealtimeMessage) {
    if (!message || typeof message.event !== 'string') return
    for (const h of this.#handlers.get(message.event) ?? []) h(message)
    for (const h of this.#handlers.get('*') ?? []) h(message)
  }
}

export const realtime: RealtimeClient = singleton('realtime', () => new RealtimeClient())
