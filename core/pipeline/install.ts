/**
 * Declares the pipeline's queues once, whoever asks first (the inbox and the
 * channels call it from their providers).
 */
import { jobs } from '#core/jobs'
import { INBOUND_QUEUE, inbound } from './inbound.js'
import { OUTBOX_QUEUE, outbox, outboxConcurrency } from './outbox.js'

let installed = false

export function installPipeline() {
  if (installed) return
  installed = true
  jobs.define(INBOUND_QUEUE, 'process', (data: any, job) => inbound.handleJob(data, job), { concurrency: 16 })
  // a timer, not a Redis job: pending events are re-queued even after Redis lost every job
  jobs.sweep('inbound-recover', 10_000, () => inbound.recover())
  jobs.define(OUTBOX_QUEUE, 'send', (data: any, job) => outbox.handleJob(data, job), {
    concurrency: outboxConcurrency(),
  })
}
