/**
 * Inbound side of the API channel. POST /channels/api/webhook/:token with
 * headers x-balcao-timestamp and x-balcao-signature (HMAC-SHA256 of
 * `${timestamp}.${rawBody}`). The body is one event or a JSON array of up to
 * EVENTS_PER_REQUEST events (answered with { events: [{ id, duplicate }] },
 * in order; one invalid event refuses the whole request, nothing stored). Events:
 *   { type?: 'message', id, from: { number, name? }, body?, mediaType?, mediaUrl?, quotedId?, timestamp? }
 *   { type: 'ack', id, ack: 0..5, from: { number } }
 *   { type: 'edit' | 'delete', id, body?, from: { number } }
 * The event is persisted by the core pipeline before the answer (202), so an
 * accepted event is never lost; sending the same id again is a no-op.
 * `mediaUrl` (http or https, a public address) is downloaded by the inbox into
 * private storage after the event is processed (at most 20 MB, a content type
 * of the `mediaType`), retried while the source fails.
 * Limits: 20 bad signatures per address in 5 minutes lock that address out
 * (429) for the rest of the window; API_WEBHOOK_PER_MINUTE events per
 * connection and minute (default 30,000). The plan flag (useExternalApi) is
 * enforced by the core (channelRoutes in #core/http).
 */
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { AppError } from '#core/errors'
import { rateLimiter } from '#core/http'
import { channelHooks, connectionRef } from '#core/pipeline'
import { normaliseNumber, type InboundEvent } from '#core/channels'
import { connectionByToken, knownToken } from './connection_cache.js'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, secretOf, verify } from './signature.js'

/** 2100-01-01 in ms: the pipeline refuses later timestamps */
const MAX_TIMESTAMP_MS = 4_102_444_800_000

const eventSchema = vine.object({
  type: vine.enum(['message', 'ack', 'edit', 'delete', 'reaction']).optional(),
  id: vine.string().trim().minLength(1).maxLength(200),
  from: vine.object({
    number: vine.string().trim().minLength(3).maxLength(60),
    name: vine.string().trim().maxLength(100).optional(),
    isGroup: vine.boolean().optional(),
  }),
  participant: vine
    .object({
      number: vine.string().trim().minLength(3).maxLength(60),
      name: vine.string().trim().maxLength(100).optional(),
    })
    .optional(),
  fromMe: vine.boolean().optional(),
  body: vine.string().maxLength(65536).optional(),
  mediaType: vine
    .enum(['image', 'audio', 'video', 'application', 'document', 'locationMessage', 'contactMessage'])
    .optional(),
  // fetched into private storage by the inbox (never shown from the sender's address)
  mediaUrl: vine
    .string()
    .trim()
    .url({ require_protocol: true, protocols: ['http', 'https'] })
    .maxLength(500)
    .optional(),
  quotedId: vine.string().trim().maxLength(200).optional(),
  ack: vine.number().withoutDecimals().min(0).max(5).optional(),
  timestamp: vine.number().positive().max(MAX_TIMESTAMP_MS).optional(),
})
/** A request carries at most this many events (a JSON array): one signature, one stored batch. */
export const EVENTS_PER_REQUEST = 100
const eventValidator = vine.create(eventSchema)
const eventsValidator = vine.create(vine.array(eventSchema).minLength(1).maxLength(EVENTS_PER_REQUEST))
type EventData = Awaited<ReturnType<typeof eventValidator.validate>>

/** Bad signatures per client address before it is refused outright (guessing tokens or secrets). */
const failuresFrom = (ip: string) => ({ key: `apiwh:fail:${ip}`, max: 20, windowSeconds: 300 })
/** Events per connection and minute: a runaway or hostile sender cannot flood the pipeline. */
const perConnection = (id: number) => ({
  key: `apiwh:conn:${id}`,
  max: Number(process.env.API_WEBHOOK_PER_MINUTE) || 30_000,
  windowSeconds: 60,
})

export default class WebhookController {
  async receive(ctx: HttpContext) {
    const ip = ctx.request.ip()
    // a locked-out address gets no token lookup; a token read recently is checked with the request's count below
    if (!knownToken(String(ctx.params.token ?? '')) && (await rateLimiter.exceeded(failuresFrom(ip)))) {
      throw new AppError('ERR_TOO_MANY_REQUESTS', 429)
    }
    try {
      return await this.#accept(ctx, ip)
    } catch (error) {
      // counting the failure answers 429 once the address is locked out, whatever the request was
      if (error instanceof AppError && error.status === 401) await rateLimiter.consume([failuresFrom(ip)])
      throw error
    }
  }

  async #accept(ctx: HttpContext, ip: string) {
    const signature = ctx.request.header(SIGNATURE_HEADER)
    const timestamp = ctx.request.header(TIMESTAMP_HEADER)
    if (!signature || !timestamp) throw new AppError('ERR_INVALID_SIGNATURE', 401)
    const token = String(ctx.params.token ?? '')
    if (!/^[A-Za-z0-9]{16,64}$/.test(token)) throw new AppError('ERR_INVALID_SIGNATURE', 401)
    const { whatsapp, companyActive } = await connectionByToken(token)
    const raw = ctx.request.raw() ?? ''
    // the same answer for an unknown token and a bad signature: nothing to probe
    if (!whatsapp || !verify(secretOf(whatsapp), timestamp, signature, raw)) {
      throw new AppError('ERR_INVALID_SIGNATURE', 401)
    }
    if (!companyActive) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402)
    const body = ctx.request.body()
    // every event is checked before any is stored: a request is taken whole or not at all
    const batch = Array.isArray(body)
      ? await eventsValidator.validate(body)
      : [await ctx.request.validateUsing(eventValidator)]
    const events = batch.map((data) => toEvent(whatsapp.id, data))
    // counted through a local lease (one Redis round trip in 50 events), which also reads the address's lockout
    await rateLimiter.consumeLeased(failuresFrom(ip), perConnection(whatsapp.id), events.length)
    // ingested together, the events are written in one statement, in the request's order
    const connection = connectionRef(whatsapp)
    const results = await Promise.all(events.map((event) => channelHooks.inbound(connection, event)))
    if (!Array.isArray(body)) return ctx.response.accepted({ id: results[0].id, duplicate: results[0].duplicate })
    return ctx.response.accepted({ events: results.map((r) => ({ id: r.id, duplicate: r.duplicate })) })
  }
}

function toEvent(whatsappId: number, data: EventData): InboundEvent {
  const kind = data.type ?? 'message'
  const isGroup = Boolean(data.from.isGroup)
  const event: InboundEvent = {
    kind,
    whatsappId,
    providerMessageId: data.id,
    eventId:
      kind === 'message'
        ? data.id
        : `${kind}:${data.id}:${data.ack ?? ''}:${data.timestamp ?? ''}:${kind === 'edit' ? (data.body ?? '').length : ''}`,
    fromMe: data.fromMe ?? false,
    timestamp: data.timestamp ? Math.trunc(data.timestamp < 1e12 ? data.timestamp * 1000 : data.timestamp) : Date.now(),
    contact: { number: normaliseNumber(data.from.number, isGroup), name: data.from.name, isGroup },
    participant: data.participant
      ? { number: normaliseNumber(data.participant.number), name: data.participant.name }
      : undefined,
    body: data.body,
    mediaType: data.mediaType,
    mediaUrl: data.mediaUrl,
    quotedProviderId: data.quotedId,
    ack: data.ack,
  }
  if (!event.contact.number) throw new AppError('ERR_WAPP_INVALID_CONTACT', 422)
  // seconds are taken as such: checked here so that no event of a batch is refused after others were stored
  if (event.timestamp! > MAX_TIMESTAMP_MS) throw new AppError('ERR_INVALID_INBOUND_EVENT', 422)
  return event
}
