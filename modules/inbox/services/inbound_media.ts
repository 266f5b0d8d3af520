/**
 * Inbound media is never hot-linked (issue 15.3). A channel hands the inbox
 * either a key of its own private storage (WhatsApp stores what it downloads)
 * or an outside URL (the API channel's `mediaUrl`). An outside URL is kept on
 * the message as its source only (`media_source_url`, never sent to the
 * browser) and fetched by a job queued after the commit:
 * - SSRF-safe (media_fetch.ts: public addresses only, redirects checked),
 *   MEDIA_MAX_BYTES at most, a deadline, a content type of the message's family;
 * - stored under the company's prefix (c{companyId}/messages/{ticket}/in-{message}.{ext},
 *   the name derived from the message id, never from the sender);
 * - then `media_url` = the key and the browser gets the message's update
 *   through the inbox's one message event (message_events.emitMessage);
 * - a source that fails (5xx, timeout, unreachable) is retried with exponential
 *   backoff; after the last attempt, or at once when retrying cannot help
 *   (refused address, wrong type, too large, 404), `media_error` says why and
 *   the chat shows the media as unavailable.
 * Durable: the row says "pending" (a source, no key, no error) until then; the
 * recovery sweep re-queues pending rows whose job was lost (Redis down or
 * restarted empty, a crash before the queueing) under the same job id.
 */
import type { Job } from 'bullmq'
import { jobs } from '#core/jobs'
import { safeFileName, storage } from '#core/storage'
import { tenancy, tenantTable } from '#core/tenancy'
import Ticket from '../models/ticket.js'
import { emitMessage } from './message_events.js'
import { MediaFetchError, fetchMedia, type MediaFetchReason } from './media_fetch.js'

export const MEDIA_QUEUE = 'inbox-media'
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024
const MEDIA_TIMEOUT_MS = 30_000
const MEDIA_ATTEMPTS = 5
/** the sweep re-queues fetches pending longer than this (their job may be lost) */
const STALE_MS = 60_000
/** and gives up on those pending longer than this */
const GIVE_UP_MS = 24 * 3600_000

/** Why a message has no media: the fetch's reasons, plus a fetch the sweep gave up on. */
export type MediaError = MediaFetchReason | 'expired' | 'failed'

const limits = { maxBytes: MEDIA_MAX_BYTES, timeoutMs: MEDIA_TIMEOUT_MS, backoffMs: 2000 }

/** Test switches: a small size limit, a short backoff. */
export const inboundMediaSettings = {
  set(values: Partial<typeof limits>) {
    Object.assign(limits, values)
  },
  reset() {
    Object.assign(limits, { maxBytes: MEDIA_MAX_BYTES, timeoutMs: MEDIA_TIMEOUT_MS, backoffMs: 2000 })
  },
}

type Family = 'image' | 'audio' | 'video' | 'document'

/**
 * The content types accepted per family, and the extension each is stored
 * with (the file is served with the type of its extension): nothing a browser
 * would run on our origin (no HTML, SVG, XML or scripts).
 */
const TYPES: Record<Family, Record<string, string>> = {
  image: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' },
  audio: {
    'audio/ogg': 'ogg',
    'audio/opus': 'opus',
    'audio/mpeg': 'mp3',
    'audio/mp3': 'mp3',
    'audio/mp4': 'm4a',
    'audio/x-m4a': 'm4a',
    'audio/aac': 'aac',
    'audio/amr': 'amr',
    'audio/wav': 'wav',
    'audio/x-wav': 'wav',
    'audio/webm': 'weba',
  },
  video: { 'video/mp4': 'mp4', 'video/3gpp': '3gp', 'video/webm': 'webm', 'video/quicktime': 'mov' },
  document: {
    'application/pdf': 'pdf',
    'application/msword': 'doc',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'application/vnd.ms-excel': 'xls',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
    'application/vnd.ms-powerpoint': 'ppt',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
    'application/vnd.oasis.opendocument.text': 'odt',
    'application/vnd.oasis.opendocument.spreadsheet': 'ods',
    'application/zip': 'zip',
    'application/octet-stream': 'bin',
    'text/plain': 'txt',
    'text/csv': 'csv',
  },
}

/** The family a message's media type asks for; null = any (no type given); undefined = not a file. */
function familyOf(mediaType: string | null | undefined): Family | null | undefined {
  if (!mediaType) return null
  if (mediaType === 'image' || mediaType === 'sticker') return 'image'
  if (mediaType === 'audio' || mediaType === 'ptt') return 'audio'
  if (mediaType === 'video') return 'video'
  if (mediaType === 'application' || mediaType === 'document') return 'document'
  return undefined
}

/** The accepted type of a response for the wanted family: its family and extension; null if refused. */
function typeOf(contentType: string, wanted: Family | null): { family: Family; ext: string } | null {
  const families = wanted ? [wanted] : (Object.keys(TYPES) as Family[])
  for (const family of families) {
    const ext = TYPES[family][contentType]
    if (ext) return { family, ext }
  }
  return null
}

/** an outside http(s) address (fetched into storage, never shown as is) */
export const isOutside = (v: string) => /^https?:\/\//i.test(v)

/**
 * What the inbound processor stores for an event's media value: a key of this
 * company's storage as is, an outside http(s) URL of a file message as the
 * source to fetch; anything else (another company's key, a path, another
 * scheme) is dropped.
 */
export function inboundMedia(
  companyId: number,
  mediaType: string | null | undefined,
  value: string | null | undefined
): { mediaUrl: string | null; sourceUrl: string | null } {
  const none = { mediaUrl: null, sourceUrl: null }
  if (!value) return none
  if (isOutside(value)) {
    return familyOf(mediaType) === undefined || value.length > 1000 ? none : { mediaUrl: null, sourceUrl: value }
  }
  return value.startsWith(`c${companyId}/`) ? { mediaUrl: value, sourceUrl: null } : none
}

export interface MediaJob {
  companyId: number
  messageId: number
}

/**
 * Queues the fetch of a message's media; idempotent per message (the job id),
 * so the recovery sweep may queue it again while it waits or retries.
 * Fails within seconds when the queue is unreachable: the sweep queues it later.
 */
export async function queueMediaFetch(companyId: number, messageId: number) {
  await jobs.dispatch<MediaJob>(
    MEDIA_QUEUE,
    'fetch',
    { companyId, messageId },
    {
      jobId: `media-${messageId}`,
      attempts: MEDIA_ATTEMPTS,
      backoff: { type: 'exponential', delay: limits.backoffMs },
    }
  )
}

/** A display name from the source's path, for documents shown by name. */
function nameFrom(url: URL, ext: string) {
  let last = url.pathname.split('/').pop() ?? ''
  try {
    last = decodeURIComponent(last)
  } catch {
    // keep it encoded
  }
  return last ? safeFileName(last, `file.${ext}`).slice(0, 255) : null
}

const pendingRows = () =>
  tenantTable('messages').whereNotNull('media_source_url').whereNull('media_url').whereNull('media_error')

async function announce(ticketId: number, messageId: number) {
  const ticket = await Ticket.find(ticketId)
  if (ticket) await emitMessage('update', messageId, ticket)
}

/** The job: fetches, stores and announces one message's media (in the message's company). */
export async function runMediaFetch(data: MediaJob, job?: Job) {
  const attempt = (job?.attemptsMade ?? 0) + 1
  const last = attempt >= (job?.opts.attempts ?? 1)
  return tenancy.run(data.companyId, async () => {
    const row = await pendingRows()
      .where('id', data.messageId)
      .select('id', 'ticket_id', 'media_type', 'media_name', 'media_source_url')
      .first()
    if (!row) return 'skipped' // fetched, given up, or deleted meanwhile
    const messageId = Number(row.id)
    let outcome: { key: string; mediaType: string; mediaName: string | null } | { error: MediaError }
    try {
      const wanted = familyOf(row.media_type)
      if (wanted === undefined) throw new MediaFetchError('type', true, `no file for media type ${row.media_type}`)
      const got = await fetchMedia(row.media_source_url, {
        maxBytes: limits.maxBytes,
        timeoutMs: limits.timeoutMs,
        accept: (contentType) => typeOf(contentType, wanted) !== null,
      })
      const type = typeOf(got.contentType, wanted)!
      const key = `c${data.companyId}/messages/${row.ticket_id}/in-${messageId}.${type.ext}`
      await storage.disk().put(key, got.bytes)
      outcome = {
        key,
        mediaType: row.media_type ?? type.family,
        mediaName: row.media_name ?? nameFrom(got.url, type.ext),
      }
    } catch (error) {
      const failure = error instanceof MediaFetchError ? error : null
      // BullMQ retries with exponential backoff while trying again may help
      if (!failure?.permanent && !last) throw error
      outcome = { error: failure?.reason ?? 'failed' }
    }
    const changed = await pendingRows()
      .where('id', messageId)
      .update(
        'key' in outcome
          ? {
              media_url: outcome.key,
              media_type: outcome.mediaType,
              media_name: outcome.mediaName,
              updated_at: new Date(),
            }
          : { media_error: outcome.error, updated_at: new Date() }
      )
    if (!changed) return 'skipped'
    await announce(Number(row.ticket_id), messageId)
    return 'key' in outcome ? 'stored' : outcome.error
  })
}

/**
 * The recovery sweep (a timer in every process running workers, not a Redis
 * job): re-queues fetches pending longer than STALE_MS, and marks those
 * pending longer than GIVE_UP_MS as expired (shown as unavailable). "Pending
 * since" is the row's updated_at (set when it was stored with its source).
 */
export async function recoverMediaFetches(olderThanMs = STALE_MS, giveUpAfterMs = GIVE_UP_MS) {
  const now = Date.now()
  // system: every company's pending fetches; each is queued for its own company
  await tenancy.asSystem(() =>
    pendingRows()
      .where('updated_at', '<', new Date(now - giveUpAfterMs))
      .update({ media_error: 'expired' satisfies MediaError })
  )
  const rows = await tenancy.asSystem(() =>
    pendingRows()
      .where('updated_at', '<', new Date(now - olderThanMs))
      .orderBy('updated_at')
      .limit(500)
      .select('id', 'company_id')
  )
  // an unreachable queue fails the first dispatch: the next run tries again
  for (const r of rows) await queueMediaFetch(r.company_id, Number(r.id))
  return rows.length
}
