/**
 * Declares the pipeline's queues once, whoever asks first (the inbox and the
 * channels call it from their providers).
 */
import { jobs } from '#core/jobs'
import { inbound } from './inbound.js'
import { OUTBOX_QUEUE, outbox, outboxConcurrency } from './outbox.js'

let installed = false

export function installPipeline() {
  if (installed) return
  installed = true
  // inbound events are drained from PostgreSQL by the worker processes (no Redis job per event)
  jobs.consumer('inbound', inbound.drainers)
  jobs.define(OUTBOX_QUEUE, 'send', (data: any, job) => outbox.handleJob(data, job), {
    concurrency: outboxConcurrency(),
  })
}
