/**
 * One update, from the webhook or the poll loop, into the durable pipeline:
 * media are held for the media job, everything else goes straight in. Both
 * paths are idempotent (the pipeline dedupes by event id, the held-media
 * table by message), so Telegram's redeliveries and an update seen by both a
 * webhook and a poll are no-ops.
 */
import type { ConnectionRef } from '#core/channels'
import { channelHooks } from '#core/pipeline'
import { mapUpdate } from './inbound_map.js'
import { holdMedia, queuePhoto } from './media_job.js'

export async function receiveUpdate(connection: ConnectionRef, update: unknown) {
  const mapped = mapUpdate(connection.id, update)
  if (!mapped) return { accepted: false }
  const { event, file, userId } = mapped
  if (file) await holdMedia(connection.companyId, connection.id, event, file)
  else await channelHooks.inbound(connection, event)
  // a person's profile photo (not the group's): fetched by a job, never on this path
  if (userId && event.kind === 'message' && !event.contact.isGroup) {
    await queuePhoto({ companyId: connection.companyId, whatsappId: connection.id, userId })
  }
  return { accepted: true }
}
