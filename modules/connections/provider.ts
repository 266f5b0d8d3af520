import type { ApplicationService } from '@adonisjs/core/types'

export default class ConnectionsProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    // health and history-import reports of channel drivers (channelHooks) land in this module's tables
    const { installChannelReports } = await import('./services/channel_reports.js')
    installChannelReports()
    if (['web', 'test'].includes(this.app.getEnvironment())) await import('./routes.js')
  }
}
