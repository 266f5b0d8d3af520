import type { ApplicationService } from '@adonisjs/core/types'

export default class InboxProvider {
  constructor(protected app: ApplicationService) {}

  /** Jobs and pipeline hooks are declared before the core starts the workers (ready). */
  async start() {
    const { inbound, outbox, installPipeline } = await import('#core/pipeline')
    const { processInbound } = await import('./services/inbound_processor.js')
    const { processInboundBatch } = await import('./services/inbound_batch.js')
    const { outboxHandlers } = await import('./services/outbox_handlers.js')
    const { recoverOutgoing } = await import('./services/outbox_recovery.js')
    const { jobs } = await import('#core/jobs')
    const { conversation } = await import('#core/conversation')
    const { inboxPort } = await import('./services/conversation_port.js')
    // single-owner slots: a second registration (another plugin) fails the boot
    conversation.setInboxPort('inbox', inboxPort)
    installPipeline()
    inbound.setProcessor('inbox', processInbound)
    inbound.setBatchProcessor('inbox', processInboundBatch)
    outbox.setHandlers('inbox', outboxHandlers)
    // a timer, not a Redis job: unsent messages are re-queued even after Redis lost every job
    jobs.sweep('outbox-recover', 30_000, () => recoverOutgoing())
    // uploaded contact sheets: parsed in a worker thread by this job, one import at a time per process
    const { IMPORT_QUEUE, runImportJob } = await import('./services/contact_import.js')
    jobs.define(IMPORT_QUEUE, 'import', (data: any, job) => runImportJob(data, job))
    const { contactExports } = await import('./services/contact_export.js')
    contactExports()
    // inbound media from outside URLs, fetched into storage; the sweep re-queues fetches whose job was lost
    const { MEDIA_QUEUE, runMediaFetch, recoverMediaFetches } = await import('./services/inbound_media.js')
    jobs.define(MEDIA_QUEUE, 'fetch', (data: any, job) => runMediaFetch(data, job), { concurrency: 4 })
    jobs.sweep('inbox-media-recover', 30_000, () => recoverMediaFetches())
    if (['web', 'test'].includes(this.app.getEnvironment())) await import('./routes.js')
  }
}
