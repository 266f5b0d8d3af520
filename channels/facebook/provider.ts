import type { ApplicationService } from '@adonisjs/core/types'

/** Facebook Messenger: driver, signed webhook, and POST /facebook (page connections from a Facebook login). */
export default class FacebookChannelProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    const { installMessengerChannel } = await import('#channels/meta/messenger/install')
    const { default: manifest } = await import('./channel.js')
    await installMessengerChannel(this.app, manifest)
    if (!['web', 'test'].includes(this.app.getEnvironment())) return
    const { router, middleware } = await import('#core/http')
    const Connect = () => import('./connect_controller.js')
    // admins only (checked in the controller); the plan flags are checked per channel created
    router
      .post('/facebook', [Connect, 'store'])
      .as('facebook.connect')
      .use([middleware.auth(), middleware.subscribed()])
  }
}
