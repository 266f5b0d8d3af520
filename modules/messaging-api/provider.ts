import type { ApplicationService } from '@adonisjs/core/types'

export default class MessagingApiProvider {
  constructor(protected app: ApplicationService) {}

  /** Jobs and sweeps are defined before the workers start; inbox events feed the webhooks. */
  async start() {
    const { jobs } = await import('#core/jobs')
    const { API_QUEUE } = await import('./services/send.js')
    const { runDirectSend } = await import('./services/direct_send.js')
    const { WEBHOOK_QUEUE, runDelivery } = await import('./services/webhooks.js')
    const { listenToInbox, sweepAcks, sweepStalled } = await import('./services/listeners.js')
    jobs.define(API_QUEUE, 'send-direct', runDirectSend as any, { concurrency: 4 })
    jobs.define(WEBHOOK_QUEUE, 'deliver', runDelivery as any, { concurrency: 8 })
    jobs.sweep('messaging-api-acks', 5_000, sweepAcks)
    jobs.sweep('messaging-api-stalled', 60_000, sweepStalled)
    listenToInbox()
    if (['web', 'test'].includes(this.app.getEnvironment())) await import('./routes.js')
  }
}
