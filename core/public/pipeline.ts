/**
 * The durable message pipeline, as modules and channels see it:
 * - inbound: channels hand events in (ingest); the inbox registers the processor;
 * - outbox: the inbox queues outgoing messages and registers how to load and settle them;
 * - channelHooks: what a driver gets to report status and inbound events.
 */
export { inbound, type InboundProcessor, type StoredInboundEvent } from '../pipeline/inbound.js'
export { outbox, OUTBOX_ATTEMPTS, type OutboxHandlers, type OutboxOp } from '../pipeline/outbox.js'
export { channelHooks } from '../pipeline/sessions.js'
export { installPipeline } from '../pipeline/install.js'
export { connectionRef } from '../pipeline/connection_ref.js'
