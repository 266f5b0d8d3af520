import type { ApplicationService } from '@adonisjs/core/types'

export default class SchedulesProvider {
  constructor(protected app: ApplicationService) {}

  /** The scheduler's jobs and sweep are defined before the workers start. */
  async start() {
    const { defineScheduleJobs } = await import('./services/scheduler.js')
    defineScheduleJobs()
    await import('./routes.js')
  }
}
