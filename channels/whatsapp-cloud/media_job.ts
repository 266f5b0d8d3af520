/**
 * Inbound media of the Cloud API: the webhook writes the message here first
 * (meta_pending_media, durable, one row per Meta message id) and answers; this
 * job asks the Graph media endpoint for the file's URL, downloads it with the
 * connection's token into private storage (c{company}/whatsappapi/...), and only
 * then hands the message to the core pipeline with the storage key. After the
 * last attempt the message still arrives, with the media marked unavailable.
 * A sweep re-queues rows whose job was lost.
 */
import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { Job } from 'bullmq'
import { jobs } from '#core/jobs'
import { storage } from '#core/storage'
import { tenancy, tenantTable } from '#core/tenancy'
import { channelHooks, connectionRef } from '#core/pipeline'
import type { InboundEvent } from '#core/channels'
import { Whatsapp } from '#core/models'
import { graph, graphDownload } from '#channels/meta/graph'
import { openSecret } from '#core/secrets'

export const META_QUEUE = 'meta-channels'
const ATTEMPTS = 6
const STALE_MS = 60_000

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
}

function extensionOf(mime: string, fileName?: string | null) {
  const fromName = fileName?.match(/\.([a-zA-Z0-9]{1,8})$/)?.[1]?.toLowerCase()
  if (fromName && !['html', 'htm', 'svg', 'xml', 'js', 'mjs', 'xhtml'].includes(fromName)) return fromName
  return EXT[mime] ?? 'bin'
}

export interface MediaJob {
  companyId: number
  id: number
}

export async function queueMedia(companyId: number, id: number) {
  await jobs
    .dispatch(META_QUEUE, 'wa-cloud-media', { companyId, id } satisfies MediaJob, {
      jobId: `wacm-${id}`,
      attempts: ATTEMPTS,
      backoff: { type: 'exponential', delay: 1000 },
    })
    .catch(() => {}) // the row is durable: the sweep queues it later
}

/** Holds a media message before its download; false when Meta redelivered one already held. */
export async function holdMedia(
  companyId: number,
  whatsappId: number,
  event: InboundEvent,
  media: { mediaId: string; mimeType?: string; fileName?: string }
) {
  return tenancy.run(companyId, async () => {
    const rows = await db.rawQuery(
      `INSERT INTO meta_pending_media (company_id, whatsapp_id, provider_message_id, media_id, event)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (company_id, whatsapp_id, provider_message_id) DO NOTHING RETURNING id`,
      [companyId, whatsappId, event.providerMessageId, media.mediaId, JSON.stringify({ event, ...media })]
    )
    const id = rows.rows[0]?.id
    if (id) await queueMedia(companyId, Number(id))
    return Boolean(id)
  })
}

export async function runMediaJob(data: MediaJob, job?: Job) {
  const attempt = (job?.attemptsMade ?? 0) + 1
  const last = attempt >= (job?.opts.attempts ?? 1)
  return tenancy.run(data.companyId, async () => {
    const row = await tenantTable('meta_pending_media').where('id', data.id).first()
    if (!row) return 'skipped'
    const held = row.event as { event: InboundEvent; mediaId: string; mimeType?: string; fileName?: string }
    const whatsapp = await Whatsapp.find(row.whatsapp_id)
    if (!whatsapp) {
      await tenantTable('meta_pending_media').where('id', data.id).delete()
      return 'skipped'
    }
    const event: InboundEvent = { ...held.event, whatsappId: whatsapp.id }
    try {
      const token = openSecret(whatsapp.settings?.systemUserToken)
      const info = await graph<{ url?: string; mime_type?: string }>(encodeURIComponent(held.mediaId), { token })
      if (!info.url) throw new Error('graph media without url')
      const got = await graphDownload(info.url, token)
      const mime = got.contentType || info.mime_type || held.mimeType || ''
      const month = new Date().toISOString().slice(0, 7)
      const name = createHash('sha256').update(`${whatsapp.id}:${event.providerMessageId}`).digest('hex').slice(0, 32)
      const key = `c${data.companyId}/whatsappapi/${whatsapp.id}/${month}/${name}.${extensionOf(mime, held.fileName)}`
      await storage.disk().put(key, got.bytes)
      event.mediaUrl = key
    } catch (error) {
      await tenantTable('meta_pending_media')
        .where('id', data.id)
        .update({ attempts: attempt, last_error: String((error as Error).message).slice(0, 500) })
      if (!last) throw error
      // the message still arrives (type and caption); the chat shows the media as unavailable
      event.mediaError = 'ERR_WAPP_DOWNLOAD_MEDIA'
    }
    await channelHooks.inbound(connectionRef(whatsapp), event)
    await tenantTable('meta_pending_media').where('id', data.id).delete()
    return event.mediaUrl ? 'stored' : 'unavailable'
  })
}

/** Re-queues held media whose job was lost (same job id: a live job is not doubled). */
export async function recoverMedia(olderThanMs = STALE_MS) {
  // system: every company's held media; each job runs in its own company's scope
  const rows = await tenancy.asSystem(() =>
    tenantTable('meta_pending_media')
      .where('created_at', '<', new Date(Date.now() - olderThanMs))
      .orderBy('id')
      .limit(1000)
      .select('id', 'company_id')
  )
  for (const r of rows) await queueMedia(r.company_id, Number(r.id))
  return rows.length
}
