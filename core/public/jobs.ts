/**
 * Background jobs on BullMQ. Modules define named jobs on their own queues;
 * the core starts the workers (in the API process by default, or in a separate
 * `npm run worker` process). With REDIS_URL the queues live in Redis,
 * otherwise in PostgreSQL (BullMQ's built-in backend, schema "bullmq").
 */
import { Queue, Worker, createPostgresBackend, quoteSchemaName, runMigrations, type Job, type JobsOptions } from 'bullmq'
import pg from 'pg'
import env from '#start/env'
import { POOL_IDLE_MS } from '#config/database'
import { failFast, redisConnectionOptions } from '../app/services/redis.js'
import { AppError } from './errors.js'

export type JobHandler<T = any> = (data: T, job: Job<T>) => Promise<unknown> | unknown

interface QueueDef {
  handlers: Map<string, JobHandler>
  concurrency: number
}

type Schedule = { every: number } | { pattern: string; tz?: string }

interface Sweep {
  name: string
  every: number
  run: () => Promise<unknown> | unknown
  next: number
  running: boolean
}

/**
 * A consumer that is not a BullMQ worker (the inbound drainer reads its work
 * from PostgreSQL): started and stopped with the job workers, so a process that
 * runs no workers (WORKERS=false) runs none of them either.
 */
export interface Consumer {
  start(): void
  /** resolves once the work in hand is finished */
  stop(): Promise<void>
}

const PREFIX = env.get('REDIS_PREFIX', 'balcao')
/** how long a request waits to queue a job before answering 503 */
const DISPATCH_TIMEOUT_MS = 3000
/** how often the maintenance timer looks at sweeps and job schedulers */
const TICK_MS = 2000
const SCHEDULER_CHECK_MS = 10_000

/** connections the PostgreSQL job backend's queries share, besides one LISTEN connection per worker */
const PG_JOB_QUERIES = 4
const PG_JOB_SCHEMA = 'bullmq'

/**
 * The PostgreSQL job backend's connections: one pool for every queue and worker of the process.
 * Given a connection string, each BullMQ queue and worker opens a pool of its own plus, for a
 * worker, a LISTEN connection: a process without Redis held 66 connections at start, two thirds
 * of a default server's 100. A worker keeps one connection for its LISTEN, so the pool grows by
 * one per worker (`grow`). A pool handed to BullMQ is not migrated by it: the schema is migrated
 * here before the first checkout (again after a failure, e.g. PostgreSQL not up yet).
 */
function sharedJobsPool() {
  const pool = new pg.Pool({
    connectionString: env.get('DATABASE_URL'),
    // BullMQ sets this on pools it owns: its statements name their tables unqualified
    options: `-c search_path=${quoteSchemaName(PG_JOB_SCHEMA)}`,
    max: PG_JOB_QUERIES,
    idleTimeoutMillis: POOL_IDLE_MS,
    // a pool too small must fail a call, not hang it
    connectionTimeoutMillis: 10_000,
    // a LISTEN connection dropped silently is noticed
    keepAlive: true,
    // the job backend's connections show apart in pg_stat_activity
    application_name: `${process.env.PGAPPNAME || 'balcao'}-jobs`,
  })
  // every queue and worker listens for the pool's errors
  pool.setMaxListeners(0)
  let migrated: Promise<void> | null = null
  const ready = () =>
    (migrated ??= (async () => {
      const client = await pool.connect()
      try {
        await runMigrations(client, PG_JOB_SCHEMA)
      } finally {
        client.release()
      }
    })().catch((error) => {
      migrated = null
      throw error
    }))
  // what BullMQ uses of a pool (it tells one by connect, query and end)
  const shared = {
    options: pool.options,
    connect: async () => (await ready(), pool.connect()),
    query: async (text: string, values?: unknown[]) => (await ready(), pool.query(text, values)),
    end: () => pool.end(),
    on: (event: 'error', listener: (error: Error) => void) => (pool.on(event, listener), shared),
    grow: (n: number) => void (pool.options.max += n),
  }
  return shared
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('ERR_SERVICE_UNAVAILABLE', 503)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export class JobRegistry {
  /** 'redis' when REDIS_URL is set, else 'postgres'; tests may force one */
  constructor(private forcedBackend?: 'redis' | 'postgres') {}

  #defs = new Map<string, QueueDef>()
  // either backend's Queue/Worker: both expose the same API
  #queues = new Map<string, Queue<any, any, string, any, any, string, any, any>>()
  #workers: Worker<any, any, string, any, any, any>[] = []
  #schedules: { queue: string; id: string; schedule: Schedule; name: string; data: unknown }[] = []
  #started = false
  #sweeps: Sweep[] = []
  #consumers = new Map<string, Consumer>()
  #timer: NodeJS.Timeout | null = null
  #nextSchedulerCheck = 0
  #checking = false
  #pgPool: ReturnType<typeof sharedJobsPool> | null = null

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

  /**
   * Work run on a plain timer in every process that runs workers, not as a
   * Redis job: recovery sweeps that must keep running whatever happened to
   * Redis (a restart without persistence drops every queued and repeatable
   * job). A sweep must be idempotent; runs of one sweep never overlap.
   */
  sweep(name: string, everyMs: number, run: Sweep['run']) {
    this.#sweeps.push({ name, every: everyMs, run, next: 0, running: false })
  }

  /** Declares a consumer run alongside the workers (one per name). */
  consumer(name: string, consumer: Consumer) {
    this.#consumers.set(name, consumer)
    if (this.#started) consumer.start()
  }

  queue(name: string): Queue<any, any, string, any, any, string, any, any> {
    let q = this.#queues.get(name)
    if (!q) {
      q = this.#backend()
        ? new Queue(name, { connection: this.#pgConnection() }, createPostgresBackend)
        : new Queue(name, { connection: { ...redisConnectionOptions()!, ...failFast }, prefix: PREFIX })
      q.on('error', () => {}) // outages surface per call; ioredis reconnects by itself
      this.#queues.set(name, q)
    }
    return q
  }

  /**
   * Adds a job; pass jobId to make it idempotent. While the queue's store is
   * unreachable it fails within seconds with 503 ERR_SERVICE_UNAVAILABLE;
   * callers whose work is already durable in PostgreSQL leave it to a sweep.
   */
  async dispatch<T>(queue: string, name: string, data: T, options: JobsOptions = {}) {
    const added = this.queue(queue).add(name, data as any, {
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      ...options,
    })
    added.catch(() => {}) // a late failure after the timeout answered must not go unhandled
    return withTimeout(added, DISPATCH_TIMEOUT_MS)
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
      // the worker's LISTEN connection comes out of the shared pool
      if (this.#backend()) this.#pgConnection().grow(1)
      const worker = this.#backend()
        ? new Worker(name, processor, { connection: this.#pgConnection(), concurrency: def.concurrency }, createPostgresBackend)
        : new Worker(name, processor, { connection: redisConnectionOptions()!, prefix: PREFIX, concurrency: def.concurrency })
      worker.on('error', () => {})
      this.#workers.push(worker)
    }
    for (const consumer of this.#consumers.values()) consumer.start()
    // schedulers and sweeps are kept by a timer, so a Redis that is down at
    // start or comes back empty is repaired without a restart
    this.#timer = setInterval(() => void this.#tick(), TICK_MS)
    this.#timer.unref()
    void this.#tick()
  }

  async #tick() {
    const now = Date.now()
    for (const sweep of this.#sweeps) {
      if (sweep.running || sweep.next > now) continue
      sweep.running = true
      sweep.next = now + sweep.every
      Promise.resolve()
        .then(sweep.run)
        .catch(() => {}) // the next tick tries again
        .finally(() => (sweep.running = false))
    }
    if (now >= this.#nextSchedulerCheck && !this.#checking) {
      this.#checking = true
      this.#nextSchedulerCheck = now + SCHEDULER_CHECK_MS
      await this.ensureSchedulers()
        .catch(() => (this.#nextSchedulerCheck = 0)) // store unreachable: retry on the next tick
        .finally(() => (this.#checking = false))
    }
  }

  /** Registers every repeatable job that the store does not have (idempotent). */
  async ensureSchedulers() {
    for (const s of this.#schedules) {
      const q = this.queue(s.queue)
      const existing = await withTimeout(q.getJobScheduler(s.id), DISPATCH_TIMEOUT_MS)
      if (existing) continue
      await withTimeout(
        q.upsertJobScheduler(s.id, s.schedule as any, { name: s.name, data: s.data as any }),
        DISPATCH_TIMEOUT_MS
      )
    }
  }

  /** Runs every sweep once now (tests, and a worker that just started). */
  async runSweeps() {
    for (const sweep of this.#sweeps) await sweep.run()
  }

  get workersRunning() {
    return this.#workers.length > 0
  }

  /** Graceful shutdown: lets running jobs finish, then closes connections. */
  async close() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    await Promise.allSettled([
      ...this.#workers.map((w) => w.close()),
      ...[...this.#consumers.values()].map((c) => c.stop()),
    ])
    await Promise.allSettled([...this.#queues.values()].map((q) => q.close()))
    this.#workers = []
    this.#queues.clear()
    await this.#pgPool?.end().catch(() => {})
    this.#pgPool = null
    this.#started = false
  }

  /** 'postgres' when no Redis is configured (or when forced) */
  #backend() {
    const kind = this.forcedBackend ?? (redisConnectionOptions() ? 'redis' : 'postgres')
    return kind === 'postgres' ? 'postgres' : null
  }

  #pgConnection() {
    return (this.#pgPool ??= sharedJobsPool())
  }
}

export const jobs = new JobRegistry()
export const jobsBackend = () => (redisConnectionOptions() ? 'redis' : 'postgres')
