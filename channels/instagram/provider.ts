import type { ApplicationService } from '@adonisjs/core/types'

/** Instagram Direct: driver and signed webhook (connections come from POST /facebook with addInstagram). */
export default class InstagramChannelProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    const { installMessengerChannel } = await import('#channels/meta/messenger/install')
    const { default: manifest } = await import('./channel.js')
    await installMessengerChannel(this.app, manifest)
  }
}
