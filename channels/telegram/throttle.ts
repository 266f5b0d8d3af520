/**
 * Telegram's rate limits, per process: a bot sends at most ~30 messages a
 * second overall and one a second to the same chat; a 429 answer's
 * retry_after pauses that chat (and, when Telegram says so for the bot, the
 * bot). A send waits for its turn up to MAX_WAIT_MS, then gives the slot back
 * and the outbox retries it later.
 */
const MAX_WAIT_MS = Number(process.env.TELEGRAM_MAX_WAIT_MS) || 10_000

const nextSlot = new Map<string, number>()
const pausedUntil = new Map<string, number>()

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export class Throttled extends Error {
  constructor(readonly waitMs: number) {
    super(`throttled by Telegram, waiting ${waitMs} ms`)
  }
}

export const perBotPerSecond = () => Number(process.env.TELEGRAM_PER_SECOND) || 30
export const perChatPerSecond = () => Number(process.env.TELEGRAM_PER_CHAT_PER_SECOND) || 1

function reserve(key: string, perSecond: number, now: number) {
  const slot = Math.max(now, nextSlot.get(key) ?? 0)
  nextSlot.set(key, slot + 1000 / Math.max(1, perSecond))
  return slot
}

/** Waits for the bot's and the chat's turn; throws Throttled when that is too far away. */
export async function awaitTurn(botKey: string, chatKey: string) {
  const now = Date.now()
  const paused = Math.max(pausedUntil.get(botKey) ?? 0, pausedUntil.get(chatKey) ?? 0) - now
  const chatNext = (nextSlot.get(chatKey) ?? 0) - now
  if (Math.max(paused, chatNext) > MAX_WAIT_MS) throw new Throttled(Math.max(paused, chatNext))
  const start = now + Math.max(0, paused)
  const slot = Math.max(reserve(botKey, perBotPerSecond(), start), reserve(chatKey, perChatPerSecond(), start))
  if (nextSlot.size > 50_000) nextSlot.clear()
  if (slot > Date.now()) await sleep(slot - Date.now())
}

/** A 429: nothing more to `key` for retryAfter seconds. */
export function pause(key: string, retryAfterSeconds: number) {
  const until = Date.now() + Math.min(3600, Math.max(1, retryAfterSeconds)) * 1000
  pausedUntil.set(key, Math.max(pausedUntil.get(key) ?? 0, until))
  if (pausedUntil.size > 50_000) pausedUntil.clear()
}

export const maxWaitMs = () => MAX_WAIT_MS

/** Tests: the current pause of a key in ms (0 when none). */
export function pauseOf(key: string) {
  return Math.max(0, (pausedUntil.get(key) ?? 0) - Date.now())
}

export function resetThrottle() {
  nextSlot.clear()
  pausedUntil.clear()
}
