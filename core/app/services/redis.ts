/**
 * The optional Redis connection (REDIS_URL). Without it the app runs on
 * PostgreSQL alone: jobs on BullMQ's PostgreSQL backend, realtime in-process,
 * rate limits in a table.
 */
import { Redis } from 'ioredis'
import env from '#start/env'

let client: Redis | null = null

export function redisUrl() {
  return env.get('REDIS_URL') || null
}

export function redisConnectionOptions() {
  const url = redisUrl()
  if (!url) return null
  const u = new URL(url)
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    connectTimeout: 2000,
    // reconnect every second at most: an outage ends as soon as Redis is back
    retryStrategy: (times: number) => Math.min(times * 200, 1000),
  }
}

/**
 * For request-path commands (rate limits, queueing a job): while Redis is
 * down they fail at once instead of waiting for it (ioredis' offline queue
 * would hold a login or a webhook for as long as the outage lasts).
 */
export const failFast = { maxRetriesPerRequest: 1, enableOfflineQueue: false } as const

export function redis(): Redis | null {
  // called for every realtime event: the URL is read only when there is no client yet
  if (client) return client
  const options = redisConnectionOptions()
  if (!options) return null
  if (!client) {
    client = new Redis({ ...options, ...failFast, lazyConnect: false })
    client.on('error', () => {}) // outages are handled per command; ioredis reconnects by itself
  }
  return client
}

export async function closeRedis() {
  if (client) {
    const c = client
    client = null
    await c.quit().catch(() => c.disconnect())
  }
}
