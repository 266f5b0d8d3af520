/**
 * Templates of a whatsappapi connection:
 *   GET  /whatsappapi/:whatsappId/templates        the synced list (any user of the company)
 *   POST /whatsappapi/:whatsappId/templates/sync   fetch them again from the WABA (admins)
 *   POST /whatsappapi/templates/send               send one on a ticket, any time (window or not)
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { idParam, requireAdmin } from '#core/http'
import { sendMessage } from '#modules/inbox/public/messages'
import { metaTicket } from '#channels/meta/ticket_access'
import { templateSendValidator } from './validators.js'
import {
  approvedTemplate,
  cloudConnection,
  dropTemplateSend,
  holdTemplateSend,
  linkTemplateSend,
  listTemplates,
  render,
  syncTemplates,
} from './templates.js'

export default class TemplatesController {
  async index(ctx: HttpContext) {
    const w = await cloudConnection(idParam(ctx, 'ERR_NO_WAPP_FOUND', 'whatsappId'))
    return { templates: await listTemplates(w.id) }
  }

  async sync(ctx: HttpContext) {
    requireAdmin(ctx)
    const w = await cloudConnection(idParam(ctx, 'ERR_NO_WAPP_FOUND', 'whatsappId'))
    return { templates: await syncTemplates(w) }
  }

  async send(ctx: HttpContext) {
    const data = await ctx.request.validateUsing(templateSendValidator)
    const { ticket } = await metaTicket(ctx, data.ticketId)
    if (!['open', 'group'].includes(ticket.status)) throw new AppError('ERR_TICKET_NOT_OPEN', 422)
    const w = await cloudConnection(ticket.whatsappId)
    const template = await approvedTemplate(w.id, data.name, data.language)
    const params = data.variables ?? []
    if (params.length !== template.variables) {
      throw new AppError('ERR_VALIDATION', 422, { fields: [{ field: 'variables', rule: 'length', message: 'length' }] })
    }
    const body = render(template.body, params) || template.name
    // the template row first: the outbox may pick the message up as soon as it exists
    const held = await holdTemplateSend(w.id, ticket.id, body, {
      name: template.name,
      language: template.language,
      params,
    })
    try {
      const { messageId } = await sendMessage(ticket.id, { body, userId: ctx.actor.user.id })
      await linkTemplateSend(held, messageId)
      return ctx.response.created({ messageId })
    } catch (error) {
      await dropTemplateSend(held)
      throw error
    }
  }
}
