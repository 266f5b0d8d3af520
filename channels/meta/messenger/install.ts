/** What Messenger and Instagram both register: their driver, webhook routes, and the profile job (once). */
import type { ApplicationService } from '@adonisjs/core/types'
import type { ChannelManifest } from '#core/module'

let jobsDefined = false

export async function installMessengerChannel(app: ApplicationService, manifest: ChannelManifest) {
  const channel = manifest.name as 'facebook' | 'instagram'
  const { channelRegistry } = await import('#core/channels')
  const { installPipeline } = await import('#core/pipeline')
  const { jobs } = await import('#core/jobs')
  const { messengerDriver } = await import('./driver.js')
  installPipeline()
  channelRegistry.register(messengerDriver(channel))
  if (!jobsDefined) {
    jobsDefined = true
    const { MESSENGER_QUEUE, runProfileJob } = await import('./profile_job.js')
    jobs.define(MESSENGER_QUEUE, 'meta-profile', runProfileJob, { concurrency: 2 })
  }
  if (!['web', 'test'].includes(app.getEnvironment())) return
  const { router, channelRoutes } = await import('#core/http')
  const { messengerWebhook } = await import('./webhook.js')
  const Webhook = messengerWebhook(channel)
  const controller = () => Promise.resolve({ default: Webhook })
  // authenticated by Meta's signature (POST) and the verify token (GET), not by a session
  channelRoutes(manifest, () => {
    router.get(`/channels/${channel}/webhook`, [controller, 'verify']).as(`${channel}.webhook.verify`)
    router.post(`/channels/${channel}/webhook`, [controller, 'receive']).as(`${channel}.webhook.receive`)
  })
}
