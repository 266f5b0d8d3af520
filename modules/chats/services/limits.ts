/** Per-user limits of the chat's write calls (429 ERR_TOO_MANY_REQUESTS beyond them). */
import { rateLimiter } from '#core/http'

/** far above a person typing; stops a script flooding colleagues */
export const SENDS_PER_MINUTE = 120
/** the screen signals at most every 3 s */
export const TYPING_PER_MINUTE = 40

export const limitSends = (userId: number) =>
  rateLimiter.consume([{ key: `chat-send:${userId}`, max: SENDS_PER_MINUTE, windowSeconds: 60 }])

export const limitTyping = (userId: number) =>
  rateLimiter.consume([{ key: `chat-typing:${userId}`, max: TYPING_PER_MINUTE, windowSeconds: 60 }])
