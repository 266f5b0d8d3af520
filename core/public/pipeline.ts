/**
 * The durable message pipeline, as modules and channels see it:
 * - inbound: channels hand events in (ingest); the inbox registers the processor;
 * - outbox: the inbox queues outgoing messages and registers how to load and settle them;
 * - channelHooks: what a driver gets to report status, inbound events, health and history imports;
 *   channelReports: where the owning module (connections) registers to receive health and imports;
 *   inboundDrained: waits until a connection's pending inbound events are processed.
 */
export {
  inbound,
  type InboundBatchProcessor,
  type InboundProcessor,
  type StoredInboundEvent,
} from '../pipeline/inbound.js'
export { outbox, OUTBOX_ATTEMPTS, type OutboxHandlers, type OutboxOp } from '../pipeline/outbox.js'
export { channelHooks, channelReports, inboundDrained, type ChannelReporter } from '../pipeline/sessions.js'
export { installPipeline } from '../pipeline/install.js'
export { connectionRef } from '../pipeline/connection_ref.js'
