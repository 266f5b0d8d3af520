/**
 * Declares the pipeline's queues once, whoever asks first (the inbox and the
 * channels call it from their providers).
 */
import { jobs } from '#core/jobs'
import { INBOUND_QUEUE, inbound } from './inbound.js'
import { OUTBOX_QUEUE, outbox } from './outbox.js'

let installed = false

export function installPipeline() {
  if (installed) return
  installed = true
  jobs.define(INBOUND_QUEUE, 'process', (data: any, job) => inbound.handleJob(data, job), { concurrency: 16 })
  jobs.define(INBOUND_QUEUE, 'recover', () => inbound.recover())
  jobs.every(INBOUND_QUEUE, 'inbound-recover', { every: 30_000 }, 'recover')
  jobs.define(OUTBOX_QUEUE, 'send', (data: any, job) => outbox.handleJob(data, job), { concurrency: 4 })
}
