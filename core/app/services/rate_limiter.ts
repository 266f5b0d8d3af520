/**
 * Fixed-window rate limiter: Redis when configured, a PostgreSQL table
 * otherwise. Used for login, sign-up, password changes and channel webhooks.
 */
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import env from '#start/env'
import { redis } from './redis.js'

export interface Limit {
  key: string
  max: number
  windowSeconds: number
}

const PREFIX = `${env.get('REDIS_PREFIX', 'balcao')}:rl:`

/** Redis when it answers; while it is down the PostgreSQL table keeps counting. */
let everReady = false
async function live() {
  const r = redis()
  if (!r) return null
  if (r.status !== 'ready' && !everReady) {
    // the first calls of a process wait briefly for the first connection
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        r.off('ready', done)
        resolve()
      }
      const timer = setTimeout(done, 1500)
      r.once('ready', done)
    })
  }
  if (r.status !== 'ready') return null
  everReady = true
  return r
}

/**
 * Counts one attempt against `limit`. With `blocker`, the same Redis round
 * trip also reads that limit's count (not counting it): `blocked` says whether
 * it is used up.
 */
async function hit(
  limit: Limit,
  blocker?: Limit,
  count = 1
): Promise<{ hits: number; retryAfter: number; blocked?: boolean }> {
  const r = await live()
  if (r) {
    const key = PREFIX + limit.key
    const multi = r.multi().incrby(key, count).expire(key, limit.windowSeconds, 'NX').ttl(key)
    if (blocker) multi.get(PREFIX + blocker.key)
    const result = await multi.exec().catch(() => null)
    if (result) {
      const hits = Number(result?.[0]?.[1] ?? 0)
      const ttl = Number(result?.[2]?.[1] ?? limit.windowSeconds)
      const blocked = blocker ? Number(result?.[3]?.[1] ?? 0) > blocker.max : undefined
      return { hits, retryAfter: Math.max(ttl, 1), blocked }
    }
  }
  if (blocker && (await rateLimiter.exceeded(blocker))) return { hits: 0, retryAfter: 1, blocked: true }
  const row = await db.rawQuery(
    `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, ?, now() + make_interval(secs => ?))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.reset_at <= now() THEN excluded.hits ELSE rate_limits.hits + excluded.hits END,
       reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
     RETURNING hits, ceil(extract(epoch from reset_at - now()))::int AS retry_after`,
    [limit.key, count, limit.windowSeconds]
  )
  const { hits, retry_after: retryAfter } = row.rows[0]
  return { hits: Number(hits), retryAfter: Math.max(Number(retryAfter), 1) }
}

/**
 * Leases: for the hottest limit (an API channel connection's events, thousands
 * a second), a process takes up to LEASE hits of the shared counter at once and
 * spends them locally, so one request in LEASE meets Redis. A lease ends with
 * the counter's window; what a process leased and did not spend counts as used
 * (the limit is at most processes × LEASE lower, never higher).
 */
const LEASE = 50
const leases = new Map<string, { remaining: number; until: number }>()
const leasing = new Map<string, Promise<unknown>>()

export const rateLimiter = {
  /** Counts one attempt against every limit; throws 429 when any is exceeded. */
  async consume(limits: Limit[]) {
    let retryAfter = 0
    for (const limit of limits) {
      const result = await hit(limit)
      if (result.hits > limit.max) retryAfter = Math.max(retryAfter, result.retryAfter)
    }
    if (retryAfter > 0) {
      throw new AppError('ERR_TOO_MANY_REQUESTS', 429, { details: { retryAfter } })
    }
  },
  /**
   * consume() of `count` attempts against a limit of thousands a second, counted
   * through a local lease (above); refused (429) as well when `blocker` (the
   * caller's failures) is used up, read in the same round trip whenever a lease
   * is taken. Callers check `blocker` themselves wherever a request could be guessing.
   */
  async consumeLeased(blocker: Limit, limit: Limit, count = 1): Promise<void> {
    const lease = leases.get(limit.key)
    if (lease && lease.remaining >= count && Date.now() < lease.until) {
      lease.remaining -= count
      return
    }
    // concurrent requests wait for one lease instead of each taking one
    const pending = leasing.get(limit.key)
    if (pending) {
      await pending.catch(() => {})
      return rateLimiter.consumeLeased(blocker, limit, count)
    }
    // what is left of a lease is spent first; the shared counter gives the rest
    const left = () => {
      const current = leases.get(limit.key)
      return current && Date.now() < current.until ? current.remaining : 0
    }
    const chunk = Math.max(count - left(), Math.min(LEASE, limit.max))
    const taking = hit(limit, blocker, chunk)
    leasing.set(limit.key, taking)
    try {
      const result = await taking
      if (result.blocked) throw new AppError('ERR_TOO_MANY_REQUESTS', 429)
      const granted = Math.max(0, Math.min(chunk, limit.max - (result.hits - chunk)))
      // read again: requests spent from the lease while the counter answered
      const usable = left()
      const until = Date.now() + result.retryAfter * 1000
      if (usable + granted < count) {
        // what was granted stays leased for smaller requests
        leases.set(limit.key, { remaining: usable + granted, until })
        throw new AppError('ERR_TOO_MANY_REQUESTS', 429, { details: { retryAfter: result.retryAfter } })
      }
      leases.set(limit.key, { remaining: usable + granted - count, until })
    } finally {
      leasing.delete(limit.key)
    }
  },
  /** Whether a limit is already used up, without counting an attempt. */
  async exceeded(limit: Limit): Promise<boolean> {
    const r = await live()
    const cached = r ? await r.get(PREFIX + limit.key).catch(() => undefined) : undefined
    if (cached !== undefined) return Number(cached ?? 0) > limit.max
    const row = await db.from('rate_limits').where('key', limit.key).where('reset_at', '>', new Date()).first()
    return Number(row?.hits ?? 0) > limit.max
  },
  /** Forgets the counters of one key (after a successful login, for instance). */
  async reset(key: string) {
    leases.delete(key)
    const r = await live()
    if (r) await r.del(PREFIX + key).catch(() => {})
    await db.from('rate_limits').where('key', key).delete()
  },
  /** Test helper: forgets every counter. */
  async resetAll() {
    leases.clear()
    const r = await live()
    if (r) {
      const keys = await r.keys(PREFIX + '*')
      if (keys.length) await r.del(...keys)
    }
    await db.from('rate_limits').delete()
  },
}
