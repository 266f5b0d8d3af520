/**
 * POST /channels/telegram/webhook/:key: the updates Telegram pushes for one
 * bot. :key is an opaque random key of the connection's webhook (never the
 * connection's API token: that one authenticates API callers and must not be
 * handed to Telegram). The X-Telegram-Bot-Api-Secret-Token header must match
 * the secret given to setWebhook (compared in constant time), else 401 and
 * nothing is stored; an unknown key and a bad secret get the same answer.
 * Updates are persisted before the answer, so an accepted update is never
 * lost; a redelivered update is a no-op. The plan flag (useTelegram) of the
 * owning company is checked here, since the key is not the core's token.
 * 20 refused calls per address in 5 minutes lock that address out (429).
 */
import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { AppError } from '#core/errors'
import { rateLimiter } from '#core/http'
import { tenancy, tenantTable } from '#core/tenancy'
import { Company, Whatsapp } from '#core/models'
import { connectionChannelEnabled } from '#core/channels'
import { connectionRef } from '#core/pipeline'
import { secretMatches } from './bot_state.js'
import { receiveUpdate } from './receive.js'

export const SECRET_HEADER = 'x-telegram-bot-api-secret-token'

const updateValidator = vine.create({
  update_id: vine.number().withoutDecimals().min(0).max(Number.MAX_SAFE_INTEGER),
})

const failuresFrom = (ip: string) => ({ key: `tgwh:fail:${ip}`, max: 20, windowSeconds: 300 })

async function connectionOf(key: string) {
  // system: the webhook names its connection by key alone; the company is what this finds
  return tenancy.asSystem(async () => {
    const bot = await tenantTable('telegram_bots').where('webhook_key', key).first()
    if (!bot) return null
    const whatsapp = await Whatsapp.query().where('id', bot.whatsapp_id).where('channel', 'telegram').first()
    if (!whatsapp || whatsapp.companyId !== bot.company_id) return null
    const company = await Company.query().where('id', whatsapp.companyId).first()
    return { whatsapp, bot, active: Boolean(company && company.status && !company.isExpired()) }
  })
}

export default class TelegramWebhookController {
  async receive(ctx: HttpContext) {
    const ip = ctx.request.ip()
    if (await rateLimiter.exceeded(failuresFrom(ip))) throw new AppError('ERR_TOO_MANY_REQUESTS', 429)
    try {
      return await this.#accept(ctx)
    } catch (error) {
      if (error instanceof AppError && error.status === 401) await rateLimiter.consume([failuresFrom(ip)])
      throw error
    }
  }

  async #accept(ctx: HttpContext) {
    const secret = ctx.request.header(SECRET_HEADER)
    const key = String(ctx.params.key ?? '')
    if (!secret || !/^[A-Za-z0-9_-]{20,64}$/.test(key)) throw new AppError('ERR_INVALID_SIGNATURE', 401)
    const found = await connectionOf(key)
    if (!found || found.bot.mode !== 'webhook' || !secretMatches(secret, found.bot.secret_hash)) {
      throw new AppError('ERR_INVALID_SIGNATURE', 401)
    }
    if (!found.active) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402)
    if (!(await connectionChannelEnabled(found.whatsapp.companyId, found.whatsapp.id))) {
      throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)
    }
    const update = await ctx.request.validateUsing(updateValidator)
    const result = await receiveUpdate(connectionRef(found.whatsapp), { ...ctx.request.body(), ...update })
    return ctx.response.ok({ ok: true, accepted: result.accepted })
  }
}
