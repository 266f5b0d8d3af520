/**
 * The WhatsApp Cloud API webhook of this deployment's Meta app:
 *   GET  /channels/whatsappapi/webhook  subscription handshake (hub.*)
 *   POST /channels/whatsappapi/webhook  events, signed X-Hub-Signature-256
 * Each change names its business number (metadata.phone_number_id); the
 * connection holding that id in its settings gets the events, when its company
 * is active and its plan offers the channel (otherwise they are dropped, logged).
 * Everything is persisted before the answer (the core's inbound pipeline, or
 * the held-media table for files still to download); Meta's redeliveries are
 * no-ops (deduplicated by Meta's message id, and by status for acks).
 */
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import { channelHooks, connectionRef } from '#core/pipeline'
import { answerHandshake, signedPayload } from '#channels/meta/webhook'
import { connectionFor } from '#channels/meta/connections'
import { touchWindow } from '#channels/meta/windows'
import { mapMessages, mapStatuses } from './inbound_map.js'
import { holdMedia } from './media_job.js'
import { applyTemplateStatus } from './templates.js'
import { tenancy } from '#core/tenancy'

export default class WhatsappCloudWebhookController {
  async verify(ctx: HttpContext) {
    return answerHandshake(ctx)
  }

  async receive(ctx: HttpContext) {
    const payload = signedPayload(ctx, 'whatsapp_business_account')
    let accepted = 0
    for (const entry of payload.entry.slice(0, 100)) {
      for (const change of Array.isArray(entry?.changes) ? entry.changes.slice(0, 100) : []) {
        if (change?.field === 'message_template_status_update') {
          await this.#templateStatus(String(entry?.id ?? ''), change.value ?? {})
          continue
        }
        if (change?.field !== 'messages') continue
        const value = change.value ?? {}
        const phoneId = String(value.metadata?.phone_number_id ?? '')
        if (!/^\d{1,25}$/.test(phoneId)) continue
        const found = await connectionFor('whatsappapi', 'phoneNumberId', phoneId)
        if (!found || !found.accepting) {
          logger.info(
            { phoneId, known: Boolean(found) },
            'whatsappapi webhook: no accepting connection, events dropped'
          )
          continue
        }
        const { whatsapp } = found
        const ref = connectionRef(whatsapp)
        for (const m of mapMessages(whatsapp.id, value)) {
          await touchWindow(whatsapp.companyId, whatsapp.id, m.event.contact.number, m.event.timestamp ?? Date.now())
          if (m.mediaId) {
            await holdMedia(whatsapp.companyId, whatsapp.id, m.event, {
              mediaId: m.mediaId,
              mimeType: m.mimeType,
              fileName: m.fileName,
            })
          } else {
            await channelHooks.inbound(ref, m.event)
          }
          accepted++
        }
        for (const s of mapStatuses(whatsapp.id, value)) {
          await channelHooks.inbound(ref, s.event)
          accepted++
        }
        if (Array.isArray(value.errors) && value.errors.length) {
          logger.warn({ whatsappId: whatsapp.id, errors: value.errors.slice(0, 5) }, 'whatsappapi webhook: errors')
        }
      }
    }
    return ctx.response.ok({ received: accepted })
  }

  /** entry.id is the WABA: its connection's copy of the template follows Meta's review */
  async #templateStatus(wabaId: string, value: any) {
    const name = typeof value.message_template_name === 'string' ? value.message_template_name : ''
    const language = typeof value.message_template_language === 'string' ? value.message_template_language : ''
    const status = typeof value.event === 'string' ? value.event : ''
    if (!/^\d{1,25}$/.test(wabaId) || !name || !language || !status) return
    const found = await connectionFor('whatsappapi', 'wabaId', wabaId)
    if (!found?.accepting) return
    await tenancy.run(found.whatsapp.companyId, () => applyTemplateStatus(found.whatsapp.id, name, language, status))
  }
}
