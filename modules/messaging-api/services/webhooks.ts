/**
 * Outgoing webhooks: a company admin registers URLs for events; each event
 * becomes one delivery row per subscribed webhook (the log) and one BullMQ
 * job that POSTs it, signed, and is retried with exponential backoff. The
 * signature is HMAC-SHA256 with the webhook's secret over
 * `${timestamp}.${rawBody}`, sent as `x-balcao-signature: sha256=<hex>` with
 * `x-balcao-timestamp` (seconds), the same scheme as the API channel's
 * inbound webhook, so one verifier serves both.
 */
import { createHmac, randomBytes } from 'node:crypto'
import type { Job } from 'bullmq'
import { DateTime } from 'luxon'
import { jobs } from '#core/jobs'
import { tenancy } from '#core/tenancy'
import Webhook from '../models/webhook.js'
import WebhookDelivery from '../models/webhook_delivery.js'
import { companyHasFeature } from './token_auth.js'
import type { WEBHOOK_EVENTS } from '../validators.js'

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export const WEBHOOK_QUEUE = 'messaging-api-webhooks'
/** attempts per delivery round (the first try and 5 retries) */
export const WEBHOOK_ATTEMPTS = 6
const TIMEOUT_MS = 10_000
/** first retry after this; doubled each time (tests shorten it) */
const backoffMs = () => Number(process.env.MESSAGING_API_WEBHOOK_BACKOFF_MS) || 5000

export const SIGNATURE_HEADER = 'x-balcao-signature'
export const TIMESTAMP_HEADER = 'x-balcao-timestamp'

export const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`

export function signPayload(secret: string, timestamp: number, raw: string) {
  return 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')
}

/**
 * Addresses a webhook may not target: credentials in the URL, and (outside
 * development and tests) loopback, private and link-local hosts, so a webhook
 * cannot be aimed at our own network. Literal hosts only: DNS is not resolved.
 */
export function urlAllowed(raw: string) {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return false
  if (process.env.NODE_ENV !== 'production' || process.env.MESSAGING_API_ALLOW_PRIVATE_WEBHOOKS === '1') return true
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return false
  if (/^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(host)) return false
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(host)) return false
  if (host === '::1' || host.startsWith('fc') || host.startsWith('fd') || host.startsWith('fe80')) return false
  return true
}

export async function queueDelivery(companyId: number, delivery: { id: number; round: number }) {
  await jobs
    .dispatch(
      WEBHOOK_QUEUE,
      'deliver',
      { companyId, deliveryId: delivery.id },
      {
        jobId: `msgapi-wh-${delivery.id}-${delivery.round}`,
        attempts: WEBHOOK_ATTEMPTS,
        backoff: { type: 'exponential', delay: backoffMs() },
      }
    )
    .catch(() => {}) // the sweep queues pending deliveries again
}

/**
 * A company's active webhooks, or none when its plan lacks the flag; cached
 * for a few seconds because every inbound message asks. Writes through the
 * page forget the company's entry at once (other processes within HOOKS_TTL_MS).
 */
const HOOKS_TTL_MS = 5000
const hooksCache = new Map<number, { at: number; value: Promise<Webhook[]> }>()

function activeHooks(companyId: number): Promise<Webhook[]> {
  const hit = hooksCache.get(companyId)
  if (hit && Date.now() - hit.at < HOOKS_TTL_MS) return hit.value
  if (hooksCache.size > 10_000) hooksCache.clear()
  const value = (async () => {
    if (!(await companyHasFeature(companyId))) return []
    return tenancy.run(companyId, () => Webhook.query().where('active', true))
  })()
  hooksCache.set(companyId, { at: Date.now(), value })
  value.catch(() => hooksCache.delete(companyId))
  return value
}

/** Whether any active webhook of the company (with the flag on) wants the event. */
export async function hasSubscribers(companyId: number, event: WebhookEvent) {
  return (await activeHooks(companyId)).some((h) => h.events.includes(event))
}

export function forgetHooks(companyId: number) {
  hooksCache.delete(companyId)
}

/** Records and queues one event for every active webhook of the company subscribed to it. */
export async function emitWebhookEvent(companyId: number, event: WebhookEvent, data: Record<string, unknown>) {
  const hooks = (await activeHooks(companyId)).filter((h) => h.events.includes(event))
  if (!hooks.length) return
  await tenancy.run(companyId, async () => {
    for (const hook of hooks) {
      let delivery: WebhookDelivery
      try {
        delivery = await WebhookDelivery.create({
          webhookId: hook.id,
          event,
          payload: { event, companyId, createdAt: new Date().toISOString(), data },
          status: 'pending',
          attempts: 0,
          round: 0,
        })
      } catch (error) {
        // ticket.created: another listener announced this ticket already (unique index)
        if ((error as { code?: string })?.code === '23505') continue
        throw error
      }
      await queueDelivery(companyId, delivery)
    }
  })
}

/** Sends a delivery again (a new round of attempts), from the log's resend button. */
export async function resendDelivery(delivery: WebhookDelivery) {
  delivery.merge({ status: 'pending', round: delivery.round + 1, lastError: null })
  await delivery.save()
  await queueDelivery(delivery.companyId, delivery)
}

export interface DeliverJob {
  companyId: number
  deliveryId: number
}

/** The job: one POST; a non-2xx answer or a network error is retried by BullMQ until the last attempt. */
export async function runDelivery(data: DeliverJob, job?: Job) {
  return tenancy.run(data.companyId, async () => {
    const delivery = await WebhookDelivery.find(data.deliveryId)
    if (!delivery || delivery.status !== 'pending') return { skipped: true }
    const hook = await Webhook.find(delivery.webhookId)
    const final = !job || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
    if (!hook || !hook.active || !urlAllowed(hook.url) || !(await companyHasFeature(data.companyId))) {
      delivery.merge({ status: 'failed', lastError: 'webhook inactive or removed, or the plan has no external API' })
      await delivery.save()
      return { skipped: true }
    }
    const raw = JSON.stringify({ id: delivery.id, ...delivery.payload })
    const ts = Math.floor(Date.now() / 1000)
    let code: number | null = null
    let error: string | null = null
    try {
      const res = await fetch(hook.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Balcao-Webhooks/1.0',
          'x-balcao-event': delivery.event,
          'x-balcao-delivery': String(delivery.id),
          [TIMESTAMP_HEADER]: String(ts),
          [SIGNATURE_HEADER]: signPayload(hook.secret, ts, raw),
        },
        body: raw,
      })
      code = res.status
      await res.arrayBuffer().catch(() => null) // drain; the body is not kept
      if (code < 200 || code >= 300) error = `HTTP ${code}`
    } catch (e) {
      error = String((e as Error)?.message ?? e).slice(0, 500)
    }
    delivery.merge({
      attempts: delivery.attempts + 1,
      responseCode: code,
      lastError: error,
      ...(error ? (final ? { status: 'failed' as const } : {}) : { status: 'success' as const }),
    })
    if (!error) delivery.deliveredAt = DateTime.now()
    await delivery.save()
    if (error) throw new Error(error)
    return { status: code }
  })
}
