import type { ApplicationService } from '@adonisjs/core/types'

export default class CampaignsProvider {
  constructor(protected app: ApplicationService) {}

  /** The dispatcher's jobs and sweep, and the report export's job, are defined before the workers start. */
  async start() {
    const { defineCampaignJobs } = await import('./services/dispatcher_jobs.js')
    defineCampaignJobs()
    const { reportExports } = await import('./services/report_export.js')
    reportExports()
    // a contact's reply may confirm a campaign message or opt the number out
    const { onMessageReceived } = await import('#modules/inbox/public/events')
    const { onContactReply } = await import('./services/replies.js')
    onMessageReceived(onContactReply)
    await import('./routes.js')
  }
}
