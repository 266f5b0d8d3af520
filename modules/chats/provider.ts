import type { ApplicationService } from '@adonisjs/core/types'

export default class ChatsProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    await import('./routes.js')
  }
}
