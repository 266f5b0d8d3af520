import type { ApplicationService } from '@adonisjs/core/types'

export default class DashboardProvider {
  constructor(protected app: ApplicationService) {}

  /** Tracking listens to the inbox before any ticket moves; the backfill and export jobs are defined before the workers start. */
  async start() {
    const { listenToInbox } = await import('./tracking/listeners.js')
    const { defineBackfillJob } = await import('./tracking/backfill.js')
    const { defineReconcileSweep } = await import('./tracking/reconcile.js')
    listenToInbox()
    defineBackfillJob()
    defineReconcileSweep()
    const { tableExports } = await import('./stats/export.js')
    tableExports()
    await import('./routes.js')
  }
}
