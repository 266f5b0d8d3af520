/** A Transmit (SSE) subscriber for tests, as the browser's realtime client does it. */
import { Transmit } from '@adonisjs/transmit-client'
import { EventSource } from 'eventsource'

export interface Listener {
  /** the stream id the server bound to this listener's user */
  uid: string
  messages: any[]
  subscribe: (channel: string) => Promise<void>
  waitFor: (predicate: (m: any) => boolean, ms?: number) => Promise<any>
  close: () => void
}

export function listen(baseUrl: string, token: string): Listener {
  const messages: any[] = []
  const transmit = new Transmit({
    baseUrl,
    // EventSource cannot send headers: the stream is signed in with ?token=
    eventSourceFactory: (url: string | URL, options: { withCredentials: boolean }) => {
      const signed = new URL(url)
      signed.searchParams.set('token', token)
      return new EventSource(signed, options) as any
    },
    eventTargetFactory: () => new EventTarget(),
    beforeSubscribe: (request: RequestInit) => {
      ;(request.headers as Headers).set('Authorization', `Bearer ${token}`)
    },
    beforeUnsubscribe: (request: RequestInit) => {
      ;(request.headers as Headers).set('Authorization', `Bearer ${token}`)
    },
  } as any)
  return {
    uid: transmit.uid,
    messages,
    async subscribe(channel) {
      const sub = transmit.subscription(channel)
      sub.onMessage((m: any) => messages.push({ channel, ...m }))
      await sub.create()
      // the client swallows refusals; surface them to the test
      if (!sub.isCreated) throw new Error(`subscription to ${channel} refused`)
    },
    async waitFor(predicate, ms = 5000) {
      const deadline = Date.now() + ms
      while (Date.now() < deadline) {
        const found = messages.find(predicate)
        if (found) return found
        await new Promise((r) => setTimeout(r, 50))
      }
      return undefined
    },
    close() {
      transmit.close()
    },
  }
}
