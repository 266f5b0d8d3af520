/**
 * Pacing and back-off for sends to Meta, per process: a connection sends at
 * most `perSecond` messages a second; after a throughput error (130429, or
 * 80007/613 rate limits) the whole connection waits, after a pair-rate error
 * (131056: too many messages to one recipient) only that recipient does. The
 * wait doubles on each repeat, up to MAX_BACKOFF_MS, and resets after a success.
 */
const MAX_BACKOFF_MS = 60_000
const BASE_BACKOFF_MS = 1000
/** longest a send waits in its job before giving the slot back (the outbox retries it) */
const MAX_WAIT_MS = 5000

const nextSlot = new Map<string, number>()
const pausedUntil = new Map<string, number>()
const strikes = new Map<string, number>()

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export class Throttled extends Error {
  constructor(readonly waitMs: number) {
    super(`throttled by Meta, waiting ${waitMs} ms`)
  }
}

/** Waits for the connection's (and the recipient's) turn; throws Throttled when the pause is long. */
export async function awaitTurn(connectionKey: string, recipientKey: string, perSecond: number) {
  const pause = Math.max(pausedUntil.get(connectionKey) ?? 0, pausedUntil.get(recipientKey) ?? 0) - Date.now()
  if (pause > MAX_WAIT_MS) throw new Throttled(pause)
  if (pause > 0) await sleep(pause)
  const gap = 1000 / Math.max(1, perSecond)
  const now = Date.now()
  const slot = Math.max(now, nextSlot.get(connectionKey) ?? 0)
  nextSlot.set(connectionKey, slot + gap)
  if (nextSlot.size > 50_000) nextSlot.clear()
  if (slot > now) await sleep(slot - now)
}

/** Records a throughput error on `key`; answers the pause it starts. */
export function backOff(key: string) {
  const n = (strikes.get(key) ?? 0) + 1
  strikes.set(key, n)
  const wait = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (n - 1))
  pausedUntil.set(key, Date.now() + wait)
  return wait
}

export function succeeded(...keys: string[]) {
  for (const k of keys) {
    strikes.delete(k)
    pausedUntil.delete(k)
  }
}

/** Tests: the current pause of a key in ms (0 when none). */
export function pauseOf(key: string) {
  return Math.max(0, (pausedUntil.get(key) ?? 0) - Date.now())
}

export function resetThrottle() {
  nextSlot.clear()
  pausedUntil.clear()
  strikes.clear()
}
