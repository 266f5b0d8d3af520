/**
 * Live delivery to visitors: the open SSE streams of this process, per
 * visitor, kept in memory. The driver may run in another process (the
 * outbox worker), so a wake is also published to every process through the
 * core's cache-invalidation message (core/public/cache.ts, over Redis when it
 * is configured): the one cross-process signal the core offers today; a
 * process receiving it wakes its own streams of that visitor. Every stream
 * also re-reads the visitor's history every POLL_MS, which bounds the delay
 * when Redis is absent or a message is lost.
 */
import { memoCache } from '#core/cache'

export const POLL_MS = 10_000

type Listener = () => void

const listeners = new Map<string, Set<Listener>>()

const keyOf = (whatsappId: number, number: string) => `${whatsappId}:${number}`

function wakeHere(key: string) {
  for (const fn of listeners.get(key) ?? []) fn()
}

// nothing is ever cached here: the entry's invalidation message is the wake signal
const bus = memoCache<never>('webchat:wake', 1, 1)
const forgetLocally = bus.forgetLocally.bind(bus)
bus.forgetLocally = (key) => {
  forgetLocally(key)
  if (typeof key === 'string') wakeHere(key)
}

export const live = {
  /** registers a stream; returns the function that removes it */
  listen(whatsappId: number, number: string, fn: Listener) {
    const key = keyOf(whatsappId, number)
    let set = listeners.get(key)
    if (!set) listeners.set(key, (set = new Set()))
    set.add(fn)
    return () => {
      set!.delete(fn)
      if (!set!.size) listeners.delete(key)
    }
  },
  /** open streams of a visitor in this process */
  count(whatsappId: number, number: string) {
    return listeners.get(keyOf(whatsappId, number))?.size ?? 0
  },
  /** something new for the visitor: their streams, here and in every other process, read it now */
  wake(whatsappId: number, number: string) {
    const key = keyOf(whatsappId, number)
    wakeHere(key)
    bus.delete(key)
  },
}
