/**
 * Reconnect delays: exponential from 1 s, capped at 60 s, with full jitter so
 * that a WhatsApp outage does not bring every session back in the same second.
 */
export const BACKOFF = { baseMs: 1000, capMs: 60_000 }

export function backoffDelay(attempt: number, random = Math.random, base = BACKOFF.baseMs, cap = BACKOFF.capMs) {
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, Math.min(attempt, 20)))
  // never zero: at least a quarter of the ceiling
  return Math.round(ceiling / 4 + (random() * (ceiling * 3)) / 4)
}
