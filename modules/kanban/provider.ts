import type { ApplicationService } from '@adonisjs/core/types'

export default class KanbanProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    await import('./routes.js')
  }
}
