import type { ApplicationService } from '@adonisjs/core/types'

export default class ConnectionsProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    if (['web', 'test'].includes(this.app.getEnvironment())) await import('./routes.js')
  }
}
