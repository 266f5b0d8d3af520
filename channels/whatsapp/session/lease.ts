/**
 * One session, one process: a lease per connection in Redis. Taking it
 * increments a fencing counter, so each owner holds a token larger than every
 * previous owner's; renewing and releasing only succeed while the lease still
 * holds our value. Without Redis (one process by design) the lease is local.
 * The same Redis keeps a heartbeat per supervisor, so each knows how many
 * processes run sessions and takes about its share (supervisor.ts).
 */
import { Redis } from 'ioredis'

export interface Lease {
  /** the fencing token when we took (or already hold) it, null when someone else holds it */
  acquire(sessionId: number): Promise<number | null>
  renew(sessionId: number): Promise<boolean>
  release(sessionId: number): Promise<void>
  /** whether some process (this one included) holds the session's lease now */
  isHeld?(sessionId: number): Promise<boolean>
  /** marks this supervisor alive; answers how many were alive within windowMs, itself included */
  heartbeat?(windowMs: number): Promise<number>
  close(): Promise<void>
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`
// Redis's clock, not each machine's: supervisors on several hosts compare the same times
const HEARTBEAT = `local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('zadd', KEYS[1], now, ARGV[1])
redis.call('zremrangebyscore', KEYS[1], '-inf', now - tonumber(ARGV[2]))
redis.call('pexpire', KEYS[1], tonumber(ARGV[2]) * 10)
return redis.call('zcard', KEYS[1])`

export class RedisLease implements Lease {
  #held = new Map<number, { value: string; fence: number }>()
  #redis: Redis

  constructor(
    url: string,
    private ownerId: string,
    private ttlMs = 15_000,
    private prefix = process.env.REDIS_PREFIX || 'balcao'
  ) {
    this.#redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false })
    this.#redis.on('error', () => {})
  }

  #key = (id: number) => `${this.prefix}:wa:lease:${id}`
  #supervisors = () => `${this.prefix}:wa:supervisors`

  async acquire(id: number) {
    const held = this.#held.get(id)
    if (held && (await this.renew(id))) return held.fence
    const current = await this.#redis.get(this.#key(id))
    if (current) return null
    const fence = await this.#redis.incr(`${this.prefix}:wa:fence:${id}`)
    const value = `${this.ownerId}:${fence}`
    const ok = await this.#redis.set(this.#key(id), value, 'PX', this.ttlMs, 'NX')
    if (ok !== 'OK') return null
    this.#held.set(id, { value, fence })
    return fence
  }

  async renew(id: number) {
    const held = this.#held.get(id)
    if (!held) return false
    const ok = Number(await this.#redis.eval(RENEW, 1, this.#key(id), held.value, String(this.ttlMs)).catch(() => 0))
    if (!ok) this.#held.delete(id)
    return ok === 1
  }

  async release(id: number) {
    const held = this.#held.get(id)
    this.#held.delete(id)
    if (held) await this.#redis.eval(RELEASE, 1, this.#key(id), held.value).catch(() => {})
  }

  async isHeld(id: number) {
    return (await this.#redis.exists(this.#key(id))) === 1
  }

  async heartbeat(windowMs: number) {
    return Number(await this.#redis.eval(HEARTBEAT, 1, this.#supervisors(), this.ownerId, String(windowMs)))
  }

  async close() {
    await Promise.allSettled([...this.#held.keys()].map((id) => this.release(id)))
    // gone at once from the others' count, not only after the heartbeat window
    await this.#redis.zrem(this.#supervisors(), this.ownerId).catch(() => {})
    await this.#redis.quit().catch(() => this.#redis.disconnect())
  }
}

/** Single-process fallback: fencing by a local counter. */
export class LocalLease implements Lease {
  static #owners = new Map<number, { owner: string; fence: number }>()
  static #fences = new Map<number, number>()
  constructor(private ownerId: string) {}

  async acquire(id: number) {
    const cur = LocalLease.#owners.get(id)
    if (cur && cur.owner !== this.ownerId) return null
    if (cur) return cur.fence
    const fence = (LocalLease.#fences.get(id) ?? 0) + 1
    LocalLease.#fences.set(id, fence)
    LocalLease.#owners.set(id, { owner: this.ownerId, fence })
    return fence
  }
  async renew(id: number) {
    return LocalLease.#owners.get(id)?.owner === this.ownerId
  }
  async release(id: number) {
    if (LocalLease.#owners.get(id)?.owner === this.ownerId) LocalLease.#owners.delete(id)
  }
  async isHeld(id: number) {
    return LocalLease.#owners.has(id)
  }
  async heartbeat() {
    return 1
  }
  async close() {
    for (const [id, o] of LocalLease.#owners) if (o.owner === this.ownerId) LocalLease.#owners.delete(id)
  }
}
