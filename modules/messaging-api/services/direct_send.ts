/**
 * noRegister sends: the payload lives only in this module's call record; the
 * job hands it straight to the connection's channel driver (no contact,
 * ticket or message rows, as reference §5.6 says), retried with backoff by
 * BullMQ, one job per call (jobId), so a retry of the job never sends twice
 * once the driver answered.
 */
import type { Job } from 'bullmq'
import { assertCanSendThrough, channelRegistry, type OutgoingMessage } from '#core/channels'
import { connectionRef } from '#core/pipeline'
import { storage } from '#core/storage'
import { tenancy, tenantTable } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { countUsage } from './usage.js'
import { emitWebhookEvent } from './webhooks.js'
import { companyHasFeature } from './token_auth.js'

export interface DirectSendJob {
  companyId: number
  requestId: number
}

export async function runDirectSend(data: DirectSendJob, job?: Job) {
  return tenancy.run(data.companyId, async () => {
    const req = await tenantTable('messaging_api_requests').where('id', data.requestId).first()
    if (!req || !req.no_register || req.state !== 'queued') return { skipped: true }
    try {
      if (!(await companyHasFeature(data.companyId))) throw new Error('ERR_PLAN_FEATURE_DISABLED')
      const whatsapp = await Whatsapp.find(req.whatsapp_id)
      if (!whatsapp) throw new Error('ERR_NO_WAPP_FOUND')
      await assertCanSendThrough(data.companyId, whatsapp.id)
      const driver = channelRegistry.driver(whatsapp.channel)
      if (!driver) throw new Error('ERR_WAPP_NOT_INITIALIZED')
      const medias: { key: string; name: string; mediaType: string }[] = req.medias ?? []
      const parts = medias.length ? medias : [null]
      let providerId = ''
      for (const [i, media] of parts.entries()) {
        const message: OutgoingMessage = {
          id: `api-${req.id}-${i}`,
          messageId: 0,
          ticketId: 0,
          kind: media ? 'media' : 'text',
          to: { number: req.number, isGroup: false },
          body: i === 0 ? req.body : '',
          mediaType: media?.mediaType ?? null,
          mediaUrl: media ? storage.url(media.key) : null,
          mediaName: media?.name ?? null,
        }
        const result = await driver.send(connectionRef(whatsapp), message)
        providerId ||= result.providerId
      }
      await tenantTable('messaging_api_requests')
        .where('id', req.id)
        .update({ state: 'sent', ack: 1, provider_id: providerId.slice(0, 200), updated_at: new Date() })
      await emitWebhookEvent(data.companyId, 'message.status', {
        requestId: req.id,
        messageId: null,
        status: 'sent',
        ack: 1,
      })
      return { providerId }
    } catch (error) {
      const final = !job || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
      if (final) {
        const text = String((error as Error)?.message ?? error).slice(0, 500)
        await tenantTable('messaging_api_requests')
          .where('id', req.id)
          .update({ state: 'failed', error: text, updated_at: new Date() })
        await countUsage(data.companyId, req.whatsapp_id, 'failed')
        await emitWebhookEvent(data.companyId, 'message.status', {
          requestId: req.id,
          messageId: null,
          status: 'failed',
          error: text,
        })
      }
      throw error
    }
  })
}
