import type { ApplicationService } from '@adonisjs/core/types'

export default class ApiChannelProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    const { channelRegistry } = await import('#core/channels')
    const { installPipeline } = await import('#core/pipeline')
    const { apiDriver } = await import('./driver.js')
    installPipeline()
    channelRegistry.register(apiDriver)
    if (['web', 'test'].includes(this.app.getEnvironment())) {
      const { router, channelRoutes } = await import('#core/http')
      const { default: manifest } = await import('./channel.js')
      const Webhook = () => import('./webhook_controller.js')
      // authenticated by the HMAC signature, not by a user session; the plan flag is the core's
      channelRoutes(manifest, () => {
        router.post('/channels/api/webhook/:token', [Webhook, 'receive'])
      })
    }
  }
}
