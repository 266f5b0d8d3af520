/**
 * Background jobs on BullMQ. Modules define named jobs on their own queues;
 * the core starts the workers (in the API process by default, or in a separate
 * `npm run worker` process). With REDIS_URL the queues live in Redis,
 * otherwise in PostgreSQL (BullMQ's built-in backend, schema "bullmq").
 */
import { Queue, Worker, createPostgresBackend, type Job, type JobsOptions } from 'bullmq'
import env from '#start/env'
import { redisConnectionOptions } from '../app/services/redis.js'

export type JobHandler<T = any> = (data: T, job: Job<T>) => Promise<unknown> | unknown

interface QueueDef {
  handlers: Map<string, JobHandler>
  concurrency: number
}

type Schedule = { every: number } | { pattern: string; tz?: string }

const PREFIX = env.get('REDIS_PREFIX', 'balcao')

export class JobRegistry {
  /** 'redis' when REDIS_URL is set, else 'postgres'; tests may force one */
  constructor(private forcedBackend?: 'redis' | 'postgres') {}

  #defs = new Map<string, QueueDef>()
  // either backend's Queue/Worker: both expose the same API
  #queues = new Map<string, Queue<any, any, string, any, any, string, any, any>>()
  #workers: Worker<any, any, string, any, any, any>[] = []
  #schedules: { queue: string; id: string; schedule: Schedule; name: string; data: unknown }[] = []
  #started = false

  /** Declares a job handler. Call from a provider's register/boot/start. */
  define<T>(queue: string, name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}) {
    const def = this.#defs.get(queue) ?? { handlers: new Map(), concurrency: 1 }
    def.handlers.set(name, handler as JobHandler)
    def.concurrency = Math.max(def.concurrency, options.concurrency ?? 1)
    this.#defs.set(queue, def)
  }

  /** A repeatable job, registered when the workers start (idempotent upsert). */
  every(queue: string, id: string, schedule: Schedule, name: string, data: unknown = {}) {
    this.#schedules.push({ queue, id, schedule, name, data })
  }

  queue(name: string): Queue<any, any, string, any, any, string, any, any> {
    let q = this.#queues.get(name)
    if (!q) {
      q = this.#backend()
        ? new Queue(name, { connection: this.#pgConnection() }, createPostgresBackend)
        : new Queue(name, { connection: redisConnectionOptions()!, prefix: PREFIX })
      this.#queues.set(name, q)
    }
    return q
  }

  /** Adds a job; pass jobId to make it idempotent. */
  async dispatch<T>(queue: string, name: string, data: T, options: JobsOptions = {}) {
    return this.queue(queue).add(name, data as any, {
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      ...options,
    })
  }

  async startWorkers() {
    if (this.#started) return
    this.#started = true
    for (const [name, def] of this.#defs) {
      const processor = async (job: Job) => {
        const handler = def.handlers.get(job.name)
        if (!handler) throw new Error(`No handler for job ${name}:${job.name}`)
        return handler(job.data, job)
      }
      const worker = this.#backend()
        ? new Worker(name, processor, { connection: this.#pgConnection(), concurrency: def.concurrency }, createPostgresBackend)
        : new Worker(name, processor, { connection: redisConnectionOptions()!, prefix: PREFIX, concurrency: def.concurrency })
      worker.on('error', () => {})
      this.#workers.push(worker)
    }
    for (const s of this.#schedules) {
      await this.queue(s.queue).upsertJobScheduler(s.id, s.schedule as any, { name: s.name, data: s.data as any })
    }
  }

  get workersRunning() {
    return this.#workers.length > 0
  }

  /** Graceful shutdown: lets running jobs finish, then closes connections. */
  async close() {
    await Promise.allSettled(this.#workers.map((w) => w.close()))
    await Promise.allSettled([...this.#queues.values()].map((q) => q.close()))
    this.#workers = []
    this.#queues.clear()
    this.#started = false
  }

  /** 'postgres' when no Redis is configured (or when forced) */
  #backend() {
    const kind = this.forcedBackend ?? (redisConnectionOptions() ? 'redis' : 'postgres')
    return kind === 'postgres' ? 'postgres' : null
  }

  #pgConnection() {
    return { connectionString: env.get('DATABASE_URL'), schema: 'bullmq', migrate: true, max: 4 }
  }
}

export const jobs = new JobRegistry()
export const jobsBackend = () => (redisConnectionOptions() ? 'redis' : 'postgres')
