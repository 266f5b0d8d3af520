/**
 * A job worker process (npm run worker). Run API processes with WORKERS=false
 * and as many of these as the load needs; jobs are shared through Redis or
 * PostgreSQL.
 */
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { APP_ROOT, IMPORTER } from './_ignite.js'

try {
  const app = new Ignitor(APP_ROOT, { importer: IMPORTER })
    .tap((a) => a.booting(async () => void (await import('#start/env'))))
    .createApp('console')
  await app.init()
  await app.boot()
  await app.start(async () => {})
  const { jobs } = await import('#core/jobs')
  await jobs.startWorkers()
  const stop = async () => {
    await app.terminate()
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  console.log('worker started')
} catch (error) {
  // open pools and timers would keep a failed worker alive: exit so its supervisor sees it
  await prettyPrintError(error)
  process.exit(1)
}
