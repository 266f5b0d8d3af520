/**
 * The name and picture of a person who writes to a page or Instagram account
 * for the first time: fetched from the Graph API in a job (never on the
 * webhook's path) and handed in as a contact update.
 */
import type { Job } from 'bullmq'
import { jobs } from '#core/jobs'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { channelHooks, connectionRef } from '#core/pipeline'
import { graph, GraphError } from '../graph.js'
import { openSecret } from '#core/secrets'

export const MESSENGER_QUEUE = 'meta-channels'

export interface ProfileJob {
  companyId: number
  whatsappId: number
  psid: string
}

export async function queueProfile(job: ProfileJob) {
  await jobs
    .dispatch(MESSENGER_QUEUE, 'meta-profile', job, {
      jobId: `metap-${job.whatsappId}-${job.psid}`,
      attempts: 3,
      backoff: { type: 'exponential', delay: 2000 },
    })
    .catch(() => {}) // a name is not worth failing the webhook over
}

export async function runProfileJob(data: ProfileJob, _job?: Job) {
  return tenancy.run(data.companyId, async () => {
    const whatsapp = await Whatsapp.find(data.whatsappId)
    if (!whatsapp || !['facebook', 'instagram'].includes(whatsapp.channel)) return 'skipped'
    const token = openSecret(whatsapp.settings?.pageToken)
    const fields = whatsapp.channel === 'instagram' ? 'name,username,profile_pic' : 'first_name,last_name,profile_pic'
    let profile: any
    try {
      profile = await graph(encodeURIComponent(data.psid), { token, query: { fields } })
    } catch (error) {
      // people may hide their profile from the page: nothing to update
      if (error instanceof GraphError && error.status > 0 && error.status < 500) return 'hidden'
      throw error
    }
    const name = (
      profile?.name ||
      [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') ||
      profile?.username ||
      ''
    )
      .toString()
      .slice(0, 100)
    const picture =
      typeof profile?.profile_pic === 'string' && /^https:\/\//.test(profile.profile_pic)
        ? profile.profile_pic
        : undefined
    if (!name && !picture) return 'empty'
    await channelHooks.inbound(connectionRef(whatsapp), {
      kind: 'contact',
      whatsappId: whatsapp.id,
      providerMessageId: `profile:${data.psid}`,
      eventId: `profile:${data.psid}:${new Date().toISOString().slice(0, 10)}`,
      contact: { number: data.psid, ...(name ? { name } : {}), ...(picture ? { pictureUrl: picture } : {}) },
    })
    return 'updated'
  })
}
