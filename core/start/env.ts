/**
 * Environment variables, validated at boot. .env is read when present; in
 * production APP_KEY must be given (no default secret ever exists).
 */
import { Env } from '@adonisjs/core/env'

const env = await Env.create(new URL('../../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_KEY: Env.schema.secret(),
  APP_URL: Env.schema.string.optional(),
  LOG_LEVEL: Env.schema.string.optional(),
  DATABASE_URL: Env.schema.string(),
  REDIS_URL: Env.schema.string.optional(),
  STORAGE_PATH: Env.schema.string.optional(),
  /** "false" keeps job workers out of the API process (run `npm run worker`). */
  WORKERS: Env.schema.boolean.optional(),
  SUPER_EMAIL: Env.schema.string.optional(),
  SUPER_PASSWORD: Env.schema.string.optional(),
  APP_VERSION: Env.schema.string.optional(),
  /** key prefix for jobs, realtime and rate limits in Redis (lets several installs share one) */
  REDIS_PREFIX: Env.schema.string.optional(),
  // inbound drainers per worker process (core/pipeline/inbound.ts)
  INBOUND_DRAINERS: Env.schema.number.optional(),
  // days a processed inbound event is kept before the retention sweep deletes it (default 30)
  INBOUND_KEEP_DAYS: Env.schema.number.optional(),
  // how long an idle PostgreSQL connection stays in a process's pool (default 30 s)
  DB_POOL_IDLE_MS: Env.schema.number.optional(),
  /**
   * graceful shutdown of an API process on SIGTERM (core/app/services/drain.ts): how long /health
   * answers 503 while requests are still served (so the load balancer moves away), then how long
   * in-flight requests may take before their connections are cut
   */
  SHUTDOWN_DRAIN_MS: Env.schema.number.optional(),
  SHUTDOWN_TIMEOUT_MS: Env.schema.number.optional(),
  /** reverse proxies whose X-Forwarded-For is believed: addresses, IPv4 CIDRs or `loopback` (default: none) */
  TRUST_PROXY: Env.schema.string.optional(),
  /** the deployment's Meta app (WhatsApp Cloud API, Messenger, Instagram): id, secret (signs webhooks), webhook verify token */
  META_APP_ID: Env.schema.string.optional(),
  META_APP_SECRET: Env.schema.string.optional(),
  META_VERIFY_TOKEN: Env.schema.string.optional(),
  /** Graph API base URL and version (tests point the URL at a local fake) */
  META_GRAPH_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  META_GRAPH_VERSION: Env.schema.string.optional(),
  /** Telegram Bot API base URL (default https://api.telegram.org; tests point it at a local fake) */
  TELEGRAM_API_URL: Env.schema.string.optional({ format: 'url', tld: false }),
})

export default env

// no default secret: production refuses a missing or weak key
if (env.get('NODE_ENV') === 'production' && env.get('APP_KEY').release().length < 32) {
  throw new Error('APP_KEY must be set to a random value of at least 32 characters in production')
}
