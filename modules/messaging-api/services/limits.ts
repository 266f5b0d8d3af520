/**
 * The per-token rate limit (the products had none): MESSAGING_API_PER_MINUTE
 * calls per connection token and minute (default 60), counted in Redis (or
 * PostgreSQL without it) by the core's limiter, so every API process shares
 * the count. Over it: 429 ERR_TOO_MANY_REQUESTS with Retry-After.
 */
export const perMinute = () => Number(process.env.MESSAGING_API_PER_MINUTE) || 60

export const perToken = (whatsappId: number) => ({
  key: `msgapi:conn:${whatsappId}`,
  max: perMinute(),
  windowSeconds: 60,
})
