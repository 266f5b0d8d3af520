import type { ApplicationService } from '@adonisjs/core/types'

export default class AssistProvider {
  constructor(protected app: ApplicationService) {}

  /** The AI job is defined before the workers start. */
  async start() {
    const { defineAssistJobs } = await import('./services/runner.js')
    defineAssistJobs()
    await import('./routes.js')
  }
}
