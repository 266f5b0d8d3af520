/**
 * The public API, authenticated by a connection token (not a session):
 * POST /api/messages/send and GET /api/messages/:id. See README.md and the
 * OpenAPI document (services/openapi.ts) for fields, answers and errors.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { rateLimiter } from '#core/http'
import { tenancy, tenantTable } from '#core/tenancy'
import { deliveryStates } from '#modules/inbox/public/outreach'
import { sendValidator } from '../validators.js'
import { authenticate } from '../services/token_auth.js'
import { countUsage } from '../services/usage.js'
import { perMinute, perToken } from '../services/limits.js'
import { checkMedias, MAX_FILE_MB } from '../services/media.js'
import { sendViaApi, stateOf } from '../services/send.js'

const NUMBER = /^\d{8,20}$/
const KEY = /^[\x21-\x7e]{1,200}$/

const fieldError = (code: string, field: string, rule: string, status = 422) =>
  new AppError(code, status, { fields: [{ field, rule, message: rule }] })

export default class MessagesApiController {
  async send(ctx: HttpContext) {
    const caller = await authenticate(ctx)
    const wid = caller.whatsapp.id
    await countUsage(caller.companyId, wid, 'requests')
    try {
      await rateLimiter.consume([perToken(wid)])
    } catch (error) {
      await countUsage(caller.companyId, wid, 'limited')
      throw error
    }
    ctx.response.header('x-ratelimit-limit', String(perMinute()))

    // digits only, as the reference demands: country code, area code, number
    const rawNumber = ctx.request.input('number')
    const number = typeof rawNumber === 'number' ? String(rawNumber) : rawNumber
    if (typeof number !== 'string' || !NUMBER.test(number.trim())) {
      throw fieldError('ERR_API_NUMBER_INVALID', 'number', 'digits')
    }
    const data = await ctx.request.validateUsing(sendValidator)
    const header = ctx.request.header('idempotency-key')
    if (header !== undefined && !KEY.test(header))
      throw fieldError('ERR_API_IDEMPOTENCY_KEY', 'Idempotency-Key', 'format', 400)

    const files = ctx.request.files('medias', { size: `${MAX_FILE_MB}mb` })
    const body = (data.body ?? '').trim()
    if (!body && !files.length) throw fieldError('ERR_API_MESSAGE_EMPTY', 'body', 'required')
    const medias = await checkMedias(files)

    const answer = await sendViaApi(
      caller,
      {
        number: number.trim(),
        body,
        userId: data.userId ?? null,
        queueId: data.queueId ?? null,
        sendSignature: Boolean(data.sendSignature),
        closeTicket: Boolean(data.closeTicket),
        noRegister: Boolean(data.noRegister),
      },
      medias,
      header ?? null
    )
    if (answer.replayed) ctx.response.header('idempotent-replayed', 'true')
    return ctx.response.status(answer.status).send(answer.body)
  }

  /** The delivery state of a message this connection sent through the API. */
  async show(ctx: HttpContext) {
    const caller = await authenticate(ctx)
    await rateLimiter.consume([perToken(caller.whatsapp.id)])
    const raw = String(ctx.params.id ?? '')
    const id = Number(raw)
    if (!/^\d{1,10}$/.test(raw) || id <= 0 || id > 2147483647) throw new AppError('ERR_NO_API_MESSAGE_FOUND', 404)
    return tenancy.run(caller.companyId, async () => {
      const req = await tenantTable('messaging_api_requests')
        .where({ whatsapp_id: caller.whatsapp.id, message_id: id })
        .first()
      if (!req) throw new AppError('ERR_NO_API_MESSAGE_FOUND', 404)
      const s = (await deliveryStates([id])).get(id)
      const ack = s?.ack ?? Number(req.ack)
      const error = s ? s.sendError : req.error
      return {
        messageId: id,
        ticketId: req.ticket_id,
        status: stateOf(ack, error),
        ack,
        error: error ?? null,
        createdAt: new Date(req.created_at).toISOString(),
      }
    })
  }
}
