/**
 * Inbound files and profile photos. A Telegram file URL carries the bot
 * token, so it is never handed to the inbox's media fetch: the update is held
 * here (telegram_pending_media, durable, one row per message) and this job
 * asks getFile, downloads into private storage (c{company}/telegram/...) and
 * only then hands the event in with the storage key. After the last attempt
 * the message still arrives, with the media marked unavailable. A sweep
 * re-queues rows whose job was lost. The profile photo job does the same for
 * a person's first profile photo (getUserProfilePhotos), once a day at most.
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
import { botApi, downloadFile } from './bot_api.js'
import { openSecret } from '#core/secrets'

export const TELEGRAM_QUEUE = 'telegram-channel'
const ATTEMPTS = 6
const STALE_MS = 60_000
/** the Bot API serves files up to 20 MB */
const MAX_BYTES = 20 * 1024 * 1024

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
}

function extensionOf(mime: string, fileName?: string | null, filePath?: string) {
  for (const name of [fileName, filePath]) {
    const ext = name?.match(/\.([a-zA-Z0-9]{1,8})$/)?.[1]?.toLowerCase()
    if (ext && !['html', 'htm', 'svg', 'xml', 'js', 'mjs', 'xhtml', 'oga'].includes(ext)) return ext
    if (ext === 'oga') return 'ogg'
  }
  return EXT[mime] ?? 'bin'
}

export interface HeldFile {
  fileId: string
  fileName?: string
  mimeType?: string
  size?: number
}

export interface MediaJob {
  companyId: number
  id: number
}

export async function queueMedia(companyId: number, id: number) {
  await jobs
    .dispatch(TELEGRAM_QUEUE, 'telegram-media', { companyId, id } satisfies MediaJob, {
      jobId: `tgm-${id}`,
      attempts: ATTEMPTS,
      backoff: { type: 'exponential', delay: 1000 },
    })
    .catch(() => {}) // the row is durable: the sweep queues it later
}

/** Holds a media message before its download; false when it was held already (a redelivery). */
export async function holdMedia(companyId: number, whatsappId: number, event: InboundEvent, file: HeldFile) {
  return tenancy.run(companyId, async () => {
    const rows = await db.rawQuery(
      `INSERT INTO telegram_pending_media (company_id, whatsapp_id, provider_message_id, file_id, event)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (company_id, whatsapp_id, provider_message_id) DO NOTHING RETURNING id`,
      [companyId, whatsappId, event.providerMessageId, file.fileId, JSON.stringify({ event, file })]
    )
    const id = rows.rows[0]?.id
    if (id) await queueMedia(companyId, Number(id))
    return Boolean(id)
  })
}

/** getFile + download into the company's private storage; answers the storage key. */
async function store(token: string, companyId: number, whatsappId: number, name: string, file: HeldFile) {
  if (file.size && file.size > MAX_BYTES) throw new Error('file larger than the Bot API serves')
  const info = await botApi<{ file_path?: string }>(token, 'getFile', { file_id: file.fileId })
  if (!info?.file_path) throw new Error('getFile without file_path')
  const got = await downloadFile(token, info.file_path, MAX_BYTES)
  const mime = got.contentType || file.mimeType || ''
  const month = new Date().toISOString().slice(0, 7)
  const hashed = createHash('sha256').update(`${whatsappId}:${name}`).digest('hex').slice(0, 32)
  const key = `c${companyId}/telegram/${whatsappId}/${month}/${hashed}.${extensionOf(mime, file.fileName, info.file_path)}`
  await storage.disk().put(key, got.bytes)
  return key
}

export async function runMediaJob(data: MediaJob, job?: Job) {
  const attempt = (job?.attemptsMade ?? 0) + 1
  const last = attempt >= (job?.opts.attempts ?? 1)
  return tenancy.run(data.companyId, async () => {
    const row = await tenantTable('telegram_pending_media').where('id', data.id).first()
    if (!row) return 'skipped'
    const held = row.event as { event: InboundEvent; file: HeldFile }
    const whatsapp = await Whatsapp.find(row.whatsapp_id)
    if (!whatsapp) {
      await tenantTable('telegram_pending_media').where('id', data.id).delete()
      return 'skipped'
    }
    const event: InboundEvent = { ...held.event, whatsappId: whatsapp.id }
    try {
      const token = openSecret(whatsapp.settings?.botToken)
      event.mediaUrl = await store(token, data.companyId, whatsapp.id, event.providerMessageId, held.file)
    } catch (error) {
      await tenantTable('telegram_pending_media')
        .where('id', data.id)
        .update({ attempts: attempt, last_error: String((error as Error).message).slice(0, 500) })
      const tooLarge = Boolean(held.file.size && held.file.size > MAX_BYTES)
      if (!last && !tooLarge) throw error
      // the message still arrives (type and caption); the chat shows the media as unavailable
      event.mediaError = 'ERR_WAPP_DOWNLOAD_MEDIA'
    }
    await channelHooks.inbound(connectionRef(whatsapp), event)
    await tenantTable('telegram_pending_media').where('id', data.id).delete()
    return event.mediaUrl ? 'stored' : 'unavailable'
  })
}

/** Re-queues held media whose job was lost (same job id: a live job is not doubled). */
export async function recoverMedia(olderThanMs = STALE_MS) {
  // system: every company's held media; each job runs in its own company's scope
  const rows = await tenancy.asSystem(() =>
    tenantTable('telegram_pending_media')
      .where('created_at', '<', new Date(Date.now() - olderThanMs))
      .orderBy('id')
      .limit(1000)
      .select('id', 'company_id')
  )
  for (const r of rows) await queueMedia(r.company_id, Number(r.id))
  return rows.length
}

export interface PhotoJob {
  companyId: number
  whatsappId: number
  userId: number
}

const asked = new Map<string, number>()
const DAY_MS = 86_400_000

/** Queues the profile photo of a person who wrote, at most once a day per connection and person. */
export async function queuePhoto(data: PhotoJob) {
  const key = `${data.whatsappId}:${data.userId}`
  const at = asked.get(key)
  if (at && Date.now() - at < DAY_MS) return
  if (asked.size > 50_000) asked.clear()
  asked.set(key, Date.now())
  const day = new Date().toISOString().slice(0, 10)
  await jobs
    .dispatch(TELEGRAM_QUEUE, 'telegram-photo', data, {
      jobId: `tgp-${data.whatsappId}-${data.userId}-${day}`,
      attempts: 3,
      backoff: { type: 'exponential', delay: 2000 },
    })
    .catch(() => {}) // a photo is not worth failing an update over
}

export async function runPhotoJob(data: PhotoJob) {
  return tenancy.run(data.companyId, async () => {
    const whatsapp = await Whatsapp.find(data.whatsappId)
    if (!whatsapp || whatsapp.channel !== 'telegram') return 'skipped'
    const token = openSecret(whatsapp.settings?.botToken)
    const photos = await botApi<{ photos?: { file_id: string; file_size?: number }[][] }>(
      token,
      'getUserProfilePhotos',
      { user_id: data.userId, limit: 1 }
    )
    const sizes = photos?.photos?.[0]
    if (!Array.isArray(sizes) || !sizes.length) return 'none'
    // a middle size: enough for an avatar, far smaller than the original
    const pick = sizes[Math.min(1, sizes.length - 1)]
    const key = await store(token, data.companyId, whatsapp.id, `photo:${data.userId}:${pick.file_id}`, {
      fileId: String(pick.file_id),
      mimeType: 'image/jpeg',
      size: pick.file_size,
    })
    await channelHooks.inbound(connectionRef(whatsapp), {
      kind: 'contact',
      whatsappId: whatsapp.id,
      providerMessageId: `photo:${data.userId}`,
      eventId: `photo:${data.userId}:${new Date().toISOString().slice(0, 10)}`,
      contact: { number: String(data.userId), pictureUrl: key },
    })
    return 'updated'
  })
}
