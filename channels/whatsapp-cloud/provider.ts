import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Registers the Cloud API driver, its jobs (media downloads, the daily token
 * check of every Meta connection, the held-media sweep) and its routes: the
 * signed webhook, templates, and the generic 24-hour window read of Meta tickets.
 */
export default class WhatsappCloudProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    const { channelRegistry } = await import('#core/channels')
    const { installPipeline } = await import('#core/pipeline')
    const { jobs } = await import('#core/jobs')
    const { whatsappCloudDriver } = await import('./driver.js')
    const { META_QUEUE, runMediaJob, recoverMedia } = await import('./media_job.js')
    const { runTokenHealth } = await import('#channels/meta/token_health')
    installPipeline()
    channelRegistry.register(whatsappCloudDriver)
    jobs.define(META_QUEUE, 'wa-cloud-media', runMediaJob, { concurrency: 4 })
    jobs.define(META_QUEUE, 'meta-token-health', () => runTokenHealth())
    // daily, early morning UTC: an expired or revoked token is found within a day
    jobs.every(META_QUEUE, 'meta-token-health', { pattern: '17 5 * * *' }, 'meta-token-health')
    jobs.sweep('meta-held-media', 60_000, () => recoverMedia())

    if (['web', 'test'].includes(this.app.getEnvironment())) {
      const { router, middleware, channelRoutes } = await import('#core/http')
      const { default: manifest } = await import('./channel.js')
      const Webhook = () => import('./webhook_controller.js')
      const Templates = () => import('./templates_controller.js')
      const Window = () => import('#channels/meta/window_controller')
      // authenticated by Meta's signature (POST) and the verify token (GET), not by a session
      channelRoutes(manifest, () => {
        router.get('/channels/whatsappapi/webhook', [Webhook, 'verify']).as('whatsappapi.webhook.verify')
        router.post('/channels/whatsappapi/webhook', [Webhook, 'receive']).as('whatsappapi.webhook.receive')
      })
      router
        .group(() => {
          router.get('/whatsappapi/:whatsappId/templates', [Templates, 'index']).as('whatsappapi.templates.index')
          router.post('/whatsappapi/:whatsappId/templates/sync', [Templates, 'sync']).as('whatsappapi.templates.sync')
          router.post('/whatsappapi/templates/send', [Templates, 'send']).as('whatsappapi.templates.send')
        })
        .use([middleware.auth(), middleware.subscribed(), middleware.feature({ flag: manifest.feature! })])
      router
        .get('/meta/window/:ticketId', [Window, 'show'])
        .as('meta.window.show')
        .use([middleware.auth(), middleware.subscribed()])
    }
  }
}
