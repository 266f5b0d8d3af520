/**
 * In-memory caches of hot lookups (the caller's session, user, company and
 * plan; company settings): every authenticated request needs them, and they
 * change rarely. Each process keeps its own copy for at most `ttlMs`; a change
 * made anywhere clears the entry in every process at once through Redis
 * (channel <REDIS_PREFIX>:cache) when Redis is configured, and the TTL bounds
 * staleness when a message is lost or Redis is down.
 *
 * A loader's promise is stored before it settles, so concurrent callers share
 * one query; an invalidation removes it, so a load that raced a change is
 * never kept past that change.
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import env from '#start/env'
import { redis, redisConnectionOptions } from '../app/services/redis.js'

/** per installation: processes sharing a Redis under another REDIS_PREFIX are not ours to clear */
const CHANNEL = `${env.get('REDIS_PREFIX', 'balcao')}:cache`
const ORIGIN = randomUUID()

type Key = string | number

export class MemoCache<V> {
  #entries = new Map<Key, { at: number; value: Promise<V> }>()

  constructor(
    readonly name: string,
    readonly ttlMs: number,
    readonly max = 10_000
  ) {}

  get(key: Key, load: () => Promise<V>): Promise<V> {
    const hit = this.#entries.get(key)
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value
    if (this.#entries.size >= this.max) this.#entries.clear()
    const entry = { at: Date.now(), value: load() }
    this.#entries.set(key, entry)
    // a failed load is not remembered
    entry.value.catch(() => this.#entries.get(key) === entry && this.#entries.delete(key))
    return entry.value
  }

  /** Forgets one key here and in every other process. */
  delete(key: Key) {
    this.#entries.delete(key)
    broadcast(this.name, key)
  }

  /** Forgets everything here and in every other process. */
  clear() {
    this.#entries.clear()
    broadcast(this.name, null)
  }

  /** from another process's message */
  forgetLocally(key: Key | null) {
    if (key === null) this.#entries.clear()
    else this.#entries.delete(key)
  }
}

const caches = new Map<string, MemoCache<any>>()

export function memoCache<V>(name: string, ttlMs: number, max?: number): MemoCache<V> {
  let cache = caches.get(name)
  if (!cache) caches.set(name, (cache = new MemoCache<V>(name, ttlMs, max)))
  return cache
}

function broadcast(name: string, key: Key | null) {
  const client = redis()
  if (!client) return
  client.publish(CHANNEL, JSON.stringify({ origin: ORIGIN, name, key })).catch(() => {})
}

let subscriber: Redis | null = null

/** Listens for other processes' invalidations (started with the app, stopped at shutdown; never waits on Redis). */
export function startCacheInvalidation() {
  const options = redisConnectionOptions()
  if (!options || subscriber) return
  subscriber = new Redis({ ...options, lazyConnect: true })
  subscriber.on('error', () => {}) // reconnects by itself; the TTL covers what is missed meanwhile
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const { origin, name, key } = JSON.parse(raw)
      if (origin !== ORIGIN) caches.get(name)?.forgetLocally(key)
    } catch {
      // not ours
    }
  })
  // a reconnect may have missed messages: start over
  subscriber.on('ready', () => caches.forEach((c) => c.forgetLocally(null)))
  // ioredis queues the subscription until connected and renews it after every reconnect
  subscriber.subscribe(CHANNEL).catch(() => {})
}

export async function stopCacheInvalidation() {
  const s = subscriber
  subscriber = null
  if (s) await s.quit().catch(() => s.disconnect())
}
