/**
 * n8n and webhook integrations: the inbound message as a normalised JSON
 * (documented in README.md), POSTed to the URL and signed like the API
 * channel (HMAC-SHA256 over `${timestamp}.${body}` in x-balcao-signature,
 * the timestamp in x-balcao-timestamp). Up to MAX_ATTEMPTS tries with a
 * growing pause, each one in the delivery log. A reply in the response body
 * ({"reply": "..."} / {"replies": [...]} or plain text) goes back to the contact.
 * A failed try is logged with an error code (errors.ts) that every user of the
 * company may read, and the raw error, which may name the receiver's host or
 * address (a token in its path), that only admins read.
 */
import { createHmac } from 'node:crypto'
import { tenantInsert } from '#core/tenancy'
import { UnsafeTargetError, assertSafeTarget } from './safe_target.js'

export const MAX_ATTEMPTS = 3
const TIMEOUT_MS = 10_000
/** pauses between tries; tests shorten them */
export const retryDelays = { ms: [500, 2000] }

export interface WebhookPayload {
  event: 'message'
  integration: { id: number; name: string; type: string }
  ticket: { id: number; status: string; queueId: number | null }
  contact: { id: number; name: string; number: string }
  message: { id: number; body: string; mediaType: string | null; mediaUrl: string | null; createdAt: string }
}

/** Why a try failed, as the delivery log tells it to any user (texts in errors.ts). */
export type DeliveryErrorCode =
  | 'ERR_INTEGRATION_DELIVERY_STATUS'
  | 'ERR_INTEGRATION_DELIVERY_TIMEOUT'
  | 'ERR_INTEGRATION_DELIVERY_BLOCKED'
  | 'ERR_INTEGRATION_DELIVERY_UNREACHABLE'
  | 'ERR_INTEGRATION_DELIVERY_FAILED'

function failureCode(e: unknown): DeliveryErrorCode {
  if (e instanceof UnsafeTargetError) return 'ERR_INTEGRATION_DELIVERY_BLOCKED'
  const name = (e as Error)?.name
  if (name === 'TimeoutError' || name === 'AbortError') return 'ERR_INTEGRATION_DELIVERY_TIMEOUT'
  // fetch's own network failure (refused, reset, TLS) and a name that does not resolve
  if (e instanceof TypeError || ['ENOTFOUND', 'EAI_AGAIN'].includes((e as NodeJS.ErrnoException)?.code ?? ''))
    return 'ERR_INTEGRATION_DELIVERY_UNREACHABLE'
  return 'ERR_INTEGRATION_DELIVERY_FAILED'
}

type Failure = { code: DeliveryErrorCode; detail: string }

export const signBody = (secret: string, timestamp: number, body: string) =>
  'sha256=' + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')

/** The texts a receiver answered with (none for an empty or unrelated body). */
export function repliesOf(contentType: string, text: string): string[] {
  const t = text.trim()
  if (!t) return []
  if (contentType.includes('json')) {
    try {
      const data = JSON.parse(t)
      if (typeof data === 'string') return [data]
      if (Array.isArray(data?.replies)) return data.replies.filter((r: unknown) => typeof r === 'string' && r.trim())
      if (typeof data?.reply === 'string' && data.reply.trim()) return [data.reply]
    } catch {}
    return []
  }
  return contentType.startsWith('text/plain') ? [t.slice(0, 4096)] : []
}

export async function deliver(
  url: string,
  secret: string,
  payload: WebhookPayload,
  log: { integrationId: number; ticketId: number; messageId: number }
): Promise<{ ok: boolean; replies: string[] }> {
  const body = JSON.stringify(payload)
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const ts = Math.floor(Date.now() / 1000)
    let status: number | null = null
    let error: Failure | null = null
    try {
      await assertSafeTarget(url)
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Balcao-Integrations/1',
          'x-balcao-timestamp': String(ts),
          'x-balcao-signature': signBody(secret, ts, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      status = res.status
      const text = (await res.text()).slice(0, 64 * 1024)
      if (res.ok) {
        await record(log, attempt, status, true, null)
        return { ok: true, replies: repliesOf(res.headers.get('content-type') ?? '', text) }
      }
      error = { code: 'ERR_INTEGRATION_DELIVERY_STATUS', detail: `HTTP ${status}` }
      // a 4xx other than 408/429 will not get better by trying again
      if (status < 500 && status !== 408 && status !== 429) {
        await record(log, attempt, status, false, error)
        return { ok: false, replies: [] }
      }
    } catch (e) {
      error = { code: failureCode(e), detail: String((e as Error)?.message ?? e) }
    }
    await record(log, attempt, status, false, error)
    const pause = retryDelays.ms[attempt - 1]
    if (attempt < MAX_ATTEMPTS && pause !== undefined) await new Promise((r) => setTimeout(r, pause))
  }
  return { ok: false, replies: [] }
}

async function record(
  log: { integrationId: number; ticketId: number; messageId: number },
  attempt: number,
  status: number | null,
  ok: boolean,
  error: Failure | null
) {
  await tenantInsert('integration_deliveries', {
    integration_id: log.integrationId,
    ticket_id: log.ticketId,
    message_id: log.messageId,
    attempt,
    status_code: status,
    ok,
    error_code: error?.code ?? null,
    error: error?.detail.slice(0, 500) ?? null,
  })
}
