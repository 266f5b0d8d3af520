import type { ApplicationService } from '@adonisjs/core/types'

export default class AuditProvider {
  constructor(protected app: ApplicationService) {}

  /** Registers the writer #core/audit calls, the daily retention job, the export job, and mounts the read-only routes. */
  async start() {
    const { auditWriter } = await import('#core/audit')
    const { writeAuditRow } = await import('./services/writer.js')
    auditWriter.set('audit', writeAuditRow)
    const { defineRetentionJob } = await import('./services/retention.js')
    defineRetentionJob()
    const { auditExports } = await import('./services/export_job.js')
    auditExports()
    await import('./routes.js')
  }
}
