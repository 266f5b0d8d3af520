/**
 * The Messenger and Instagram webhooks of this deployment's Meta app:
 *   GET  /channels/{facebook|instagram}/webhook  subscription handshake
 *   POST /channels/{facebook|instagram}/webhook  events, signed X-Hub-Signature-256
 * Each entry names the page (or Instagram account) id; the connection holding
 * it gets the events when its company is active and its plan offers the
 * channel. Everything is persisted before the answer; redeliveries are no-ops
 * (the pipeline deduplicates by Meta's mid).
 */
import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import { channelHooks, connectionRef } from '#core/pipeline'
import { answerHandshake, signedPayload } from '../webhook.js'
import { connectionFor } from '../connections.js'
import { touchWindow } from '../windows.js'
import { metaConfig } from '../config.js'
import { mapMessaging } from './inbound.js'
import { takeRead } from './outgoing.js'
import { queueProfile } from './profile_job.js'

export function messengerWebhook(channel: 'facebook' | 'instagram') {
  const object = channel === 'facebook' ? 'page' : 'instagram'
  const key = channel === 'facebook' ? 'pageId' : 'igId'
  return class MessengerWebhookController {
    async verify(ctx: HttpContext) {
      return answerHandshake(ctx)
    }

    async receive(ctx: HttpContext) {
      const payload = signedPayload(ctx, object)
      const ownApp = metaConfig().appId
      let accepted = 0
      for (const entry of payload.entry.slice(0, 100)) {
        const accountId = String(entry?.id ?? '')
        if (!/^\d{1,25}$/.test(accountId)) continue
        const found = await connectionFor(channel, key, accountId)
        if (!found || !found.accepting) {
          logger.info(
            { channel, accountId, known: Boolean(found) },
            'meta webhook: no accepting connection, events dropped'
          )
          continue
        }
        const { whatsapp } = found
        const ref = connectionRef(whatsapp)
        for (const item of (Array.isArray(entry.messaging) ? entry.messaging : []).slice(0, 200)) {
          for (const action of mapMessaging(whatsapp.id, accountId, item, ownApp)) {
            if (action.event) {
              if (action.touch) {
                const first = await touchWindow(
                  whatsapp.companyId,
                  whatsapp.id,
                  action.event.contact.number,
                  action.event.timestamp ?? Date.now()
                )
                if (first)
                  await queueProfile({
                    companyId: whatsapp.companyId,
                    whatsappId: whatsapp.id,
                    psid: action.event.contact.number,
                  })
              }
              await channelHooks.inbound(ref, action.event)
              accepted++
            }
            if (action.read) {
              const mids = await takeRead(whatsapp.companyId, whatsapp.id, action.read.contact, action.read)
              for (const mid of mids) {
                await channelHooks.inbound(ref, {
                  kind: 'ack',
                  whatsappId: whatsapp.id,
                  providerMessageId: mid,
                  eventId: `ack:${mid}:read`,
                  fromMe: true,
                  contact: { number: action.read.contact },
                  ack: 3,
                })
                accepted++
              }
            }
          }
        }
      }
      return ctx.response.ok({ received: accepted })
    }
  }
}
