import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Registers the Telegram driver everywhere (the outbox sends from any
 * process), its jobs (media downloads, profile photos, the held-media sweep)
 * and its webhook route; runs the session sweep (webhooks set, poll loops)
 * where sessions run: the web process with in-process workers, or worker
 * processes. TELEGRAM_SESSIONS=on|off overrides; tests drive sessions themselves.
 */
export default class TelegramChannelProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    const { channelRegistry } = await import('#core/channels')
    const { installPipeline } = await import('#core/pipeline')
    const { jobs } = await import('#core/jobs')
    const { telegramDriver } = await import('./driver.js')
    const { TELEGRAM_QUEUE, runMediaJob, runPhotoJob, recoverMedia } = await import('./media_job.js')
    installPipeline()
    channelRegistry.register(telegramDriver)
    jobs.define(TELEGRAM_QUEUE, 'telegram-media', runMediaJob, { concurrency: 4 })
    jobs.define(TELEGRAM_QUEUE, 'telegram-photo', runPhotoJob, { concurrency: 2 })
    jobs.sweep('telegram-held-media', 60_000, () => recoverMedia())

    if (['web', 'test'].includes(this.app.getEnvironment())) {
      const { router, channelRoutes } = await import('#core/http')
      const { default: manifest } = await import('./channel.js')
      const Webhook = () => import('./webhook_controller.js')
      // authenticated by the secret header Telegram was given, not by a user session
      channelRoutes(manifest, () => {
        router.post('/channels/telegram/webhook/:key', [Webhook, 'receive']).as('telegram.webhook.receive')
      })
    }
  }

  async ready() {
    const env = this.app.getEnvironment()
    const flag = process.env.TELEGRAM_SESSIONS
    const workerProcess = /bin\/worker\.(ts|js)$/.test(process.argv[1] ?? '')
    const inProcessWorkers = env === 'web' && process.env.WORKERS !== 'false'
    const run = flag === 'on' || (flag !== 'off' && env !== 'test' && (inProcessWorkers || workerProcess))
    if (!run) return
    const { startSessionSweep } = await import('./sessions.js')
    startSessionSweep()
  }

  async shutdown() {
    const { stopSessionSweep } = await import('./sessions.js')
    await stopSessionSweep()
  }
}
