import env from '#start/env'
import { defineConfig } from '@adonisjs/transmit'
import { redis } from '@adonisjs/transmit/transports/redis'

const redisUrl = env.get('REDIS_URL')

/** With Redis, every API process shares broadcasts; without it, one process. */
export default defineConfig({
  pingInterval: '30s',
  transport: redisUrl
    ? {
        driver: redis(redisOptions(redisUrl)),
        channel: `${env.get('REDIS_PREFIX', 'balcao')}::transmit`,
      }
    : null,
})

function redisOptions(url: string) {
  const u = new URL(url)
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    keyPrefix: `${env.get('REDIS_PREFIX', 'balcao')}:transmit:`,
  }
}
