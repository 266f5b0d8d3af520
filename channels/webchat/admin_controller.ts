/**
 * GET /channels/webchat/connections/:whatsappId/snippet (admins): the
 * connection's public key and the tag to paste into the website, creating
 * the key on first ask. Another company's connection is not found (404).
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { idParam, requireAdmin } from '#core/http'
import { planOffersChannel } from '#core/channels'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { ensureKey } from './keys.js'
import { parseOrigins } from './origins.js'
import { baseUrl, snippet } from './snippet.js'

export default class AdminController {
  async snippet(ctx: HttpContext) {
    requireAdmin(ctx)
    if (!planOffersChannel(ctx.actor.company.plan, 'webchat')) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)
    const id = idParam(ctx, 'ERR_NO_WAPP_FOUND', 'whatsappId')
    const companyId = ctx.actor.company.id
    const whatsapp = await tenancy.run(companyId, () =>
      Whatsapp.query().where('id', id).where('channel', 'webchat').first()
    )
    if (!whatsapp) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    const key = await tenancy.run(companyId, () => ensureKey(whatsapp.id))
    const base = baseUrl(ctx)
    return {
      key,
      snippet: snippet(base, key),
      allowedOrigins: parseOrigins(whatsapp.settings?.allowedOrigins),
      demoUrl: process.env.NODE_ENV === 'production' ? null : `${base}/channels/webchat/${key}/demo`,
    }
  }
}
