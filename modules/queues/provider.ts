import type { ApplicationService } from '@adonisjs/core/types'

export default class QueuesProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    await import('./routes.js')
  }
}
