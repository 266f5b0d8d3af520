/** The company's outgoing webhooks and their delivery log (admins). */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { audit } from '#core/audit'
import { AppError } from '#core/errors'
import { idParam, pageNumber, paginate, requireAdmin } from '#core/http'
import Webhook from '../models/webhook.js'
import WebhookDelivery from '../models/webhook_delivery.js'
import { webhookUpdateValidator, webhookValidator } from '../validators.js'
import { forgetHooks, newSecret, resendDelivery, urlAllowed } from '../services/webhooks.js'

/** The URL's origin only: a path or query string may carry the receiver's token. */
function originOf(raw: string) {
  try {
    return new URL(raw).origin
  } catch {
    return null
  }
}

const view = (w: Webhook) => ({ id: w.id, url: w.url, events: w.events, active: w.active, createdAt: w.createdAt })

async function findHook(ctx: HttpContext) {
  const hook = await Webhook.find(idParam(ctx, 'ERR_NO_WEBHOOK_FOUND'))
  if (!hook) throw new AppError('ERR_NO_WEBHOOK_FOUND', 404)
  return hook
}

export default class WebhooksController {
  async index(ctx: HttpContext) {
    requireAdmin(ctx)
    return (await Webhook.query().orderBy('id')).map(view)
  }

  /** The secret is answered here once; later only by GET /messages-api/webhooks/:id/secret. */
  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const data = await ctx.request.validateUsing(webhookValidator)
    if (!urlAllowed(data.url)) throw new AppError('ERR_WEBHOOK_URL_NOT_ALLOWED', 422)
    const hook = await Webhook.create({
      url: data.url,
      events: data.events,
      active: data.active ?? true,
      secret: newSecret(),
    })
    forgetHooks(hook.companyId)
    return ctx.response.created({ ...view(hook), secret: hook.secret })
  }

  async update(ctx: HttpContext) {
    requireAdmin(ctx)
    const hook = await findHook(ctx)
    const data = await ctx.request.validateUsing(webhookUpdateValidator)
    if (data.url !== undefined && !urlAllowed(data.url)) throw new AppError('ERR_WEBHOOK_URL_NOT_ALLOWED', 422)
    hook.merge(data)
    await hook.save()
    forgetHooks(hook.companyId)
    return view(hook)
  }

  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const hook = await findHook(ctx)
    await db.transaction(async (trx) => {
      await hook.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'webhook.delete',
        entity: 'webhook',
        entityId: hook.id,
        companyId: hook.companyId,
        before: { url: originOf(hook.url), events: hook.events, active: hook.active },
      })
    })
    forgetHooks(hook.companyId)
    return { id: hook.id }
  }

  async secret(ctx: HttpContext) {
    requireAdmin(ctx)
    const hook = await findHook(ctx)
    return { id: hook.id, secret: hook.secret }
  }

  /** The delivery log of one webhook, newest first, 20 a page. */
  async deliveries(ctx: HttpContext) {
    requireAdmin(ctx)
    const hook = await findHook(ctx)
    const page = await paginate(
      WebhookDelivery.query().where('webhook_id', hook.id).orderBy('id', 'desc'),
      pageNumber(ctx),
      20
    )
    return {
      deliveries: page.rows.map((d) => ({
        id: d.id,
        event: d.event,
        status: d.status,
        attempts: d.attempts,
        responseCode: d.responseCode,
        lastError: d.lastError,
        createdAt: d.createdAt,
        deliveredAt: d.deliveredAt,
        payload: d.payload,
      })),
      count: page.count,
      hasMore: page.hasMore,
    }
  }

  async resend(ctx: HttpContext) {
    requireAdmin(ctx)
    const delivery = await WebhookDelivery.find(idParam(ctx, 'ERR_NO_WEBHOOK_DELIVERY_FOUND'))
    if (!delivery) throw new AppError('ERR_NO_WEBHOOK_DELIVERY_FOUND', 404)
    await resendDelivery(delivery)
    return { id: delivery.id, status: delivery.status }
  }
}
