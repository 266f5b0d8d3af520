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

/** Longest wait before opening a refused stream again. */
const MAX_RETRY_MS = 30_000

export class RealtimeClient {
  #transmit: Transmit | null = null
  #subscriptions: Subscription[] = []
  #handlers = new Map<string, Set<Handler>>()
  #scope: { companyId: number; userId: number } | null = null
  #retries = 0
  #retryTimer: ReturnType<typeof setTimeout> | null = null
  /** the id of the last event heard: a new stream asks the server for what came after it */
  #lastEventId = ''

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
    this.#retries = 0
    this.#lastEventId = ''
    this.#open()
  }

  disconnect() {
    if (this.#retryTimer) clearTimeout(this.#retryTimer)
    this.#retryTimer = null
    this.#close(true)
    this.#scope = null
  }

  /**
   * Opens the stream and subscribes. The stream is signed in with the access
   * token as `?token=` (EventSource cannot send headers) and bound by the
   * server to this user. The browser re-opens a dropped stream by itself, with
   * the same URL and Last-Event-ID, and the server replays what the stream
   * missed (through a proxy, on another node when this one died); when the server refuses it (expired token, stream limit) the
   * stream stays closed, and a fresh one is opened after a token refresh.
   */
  #open() {
    const scope = this.#scope
    if (!scope) return
    const transmit: Transmit = new Transmit({
      baseUrl: location.origin,
      eventSourceFactory: (url: string | URL, options: { withCredentials: boolean }) => {
        const signed = new URL(url)
        if (api.token) signed.searchParams.set('token', api.token)
        // the browser's own reconnects send Last-Event-ID; a stream opened anew names it here
        if (this.#lastEventId) signed.searchParams.set('lastEventId', this.#lastEventId)
        const source = new EventSource(signed, options)
        source.addEventListener('message', (e: MessageEvent) => {
          if (e.lastEventId) this.#lastEventId = e.lastEventId
        })
        source.addEventListener('open', () => {
          this.#retries = 0
        })
        source.addEventListener('error', () => {
          if (source.readyState === EventSource.CLOSED) this.#reopen(transmit)
        })
        return source
      },
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
      onReconnectFailed: () => this.#reopen(transmit),
    })
    this.#transmit = transmit
    const { companyId, userId } = scope
    for (const channel of [`company/${companyId}`, `company/${companyId}/user/${userId}`, 'platform']) {
      const sub = transmit.subscription(channel)
      sub.onMessage<RealtimeMessage>((m) => this.#dispatch(m))
      this.#subscriptions.push(sub)
    }
    // subscribe once the stream is open (the client re-subscribes by itself after a reconnect); a
    // stream that never opens then leaves no subscription polling for it
    let subscribed = false
    transmit.on('connected', () => {
      if (subscribed || this.#transmit !== transmit) return
      subscribed = true
      for (const sub of this.#subscriptions) sub.create().catch(() => {})
    })
  }

  /** Ends the current stream; `unsubscribe` also tells the server (not needed for a dead stream). */
  #close(unsubscribe: boolean) {
    if (unsubscribe) for (const s of this.#subscriptions) s.delete().catch(() => {})
    this.#subscriptions = []
    this.#transmit?.close()
    this.#transmit = null
  }

  /** A refused or given-up stream: refresh the token, then open a new one, backing off. */
  #reopen(failed: Transmit) {
    if (this.#transmit !== failed || this.#retryTimer || !this.#scope) return
    this.#close(false)
    const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** this.#retries++)
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null
      void api.refresh().then(() => {
        if (this.#scope && !this.#transmit && api.token) this.#open()
      })
    }, delay)
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
