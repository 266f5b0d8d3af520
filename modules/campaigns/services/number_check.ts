/**
 * Which list items are on WhatsApp (spec 3 §7's valid indicator), asked of the
 * company's connected connections whose channel can check a number, one
 * number at a time, in a job after items are added or imported. An item no
 * channel could check stays unknown (null) and is still a recipient; a number
 * the channel says has no account is skipped by every campaign (false):
 * sending to numbers that do not exist is what gets a sender banned.
 */
import { checkNumbers, channelChecksNumbers } from '#core/channels'
import { jobs } from '#core/jobs'
import { Whatsapp } from '#core/models'
import { realtime } from '#core/realtime'
import { tenancy } from '#core/tenancy'
import ContactListItem from '../models/contact_list_item.js'
import { CAMPAIGN_QUEUE } from './dispatcher.js'

export interface NumberCheckJob {
  companyId: number
  contactListId: number
}

const BATCH = 50
let sequence = 0
const running = new Map<number, Promise<unknown>>()

/**
 * Queues a check of a list's unknown items. A job per call (a check already
 * running may have read the list before this item came); the jobs of one list
 * run one after the other in a process, and each finds what is still unknown.
 */
export async function queueNumberCheck(companyId: number, contactListId: number) {
  await jobs
    .dispatch<NumberCheckJob>(
      CAMPAIGN_QUEUE,
      'check-numbers',
      { companyId, contactListId },
      { jobId: `check-numbers-${contactListId}-${Date.now()}-${++sequence}`, attempts: 3, removeOnComplete: true }
    )
    // the items stay unknown (and still recipients) until the next add or import asks again
    .catch(() => {})
}

/** The job: checks the list's unknown items, in id order, after any check of the same list running here. */
export function runNumberCheck(job: NumberCheckJob) {
  const previous = running.get(job.contactListId) ?? Promise.resolve()
  const mine = previous.catch(() => {}).then(() => checkList(job))
  running.set(job.contactListId, mine)
  void mine.finally(() => running.get(job.contactListId) === mine && running.delete(job.contactListId)).catch(() => {})
  return mine
}

async function checkList(job: NumberCheckJob) {
  return tenancy.run(job.companyId, async () => {
    const connections = (
      await Whatsapp.query().where('status', 'CONNECTED').orderBy('is_default', 'desc').orderBy('id')
    )
      .filter((w) => channelChecksNumbers(w.channel))
      .map((w) => w.id)
    if (!connections.length) return { checked: 0 }
    let after = 0
    let checked = 0
    for (;;) {
      const items = await ContactListItem.query()
        .where('contactListId', job.contactListId)
        .whereNull('isWhatsappValid')
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
      if (!items.length) return { checked }
      after = items[items.length - 1].id
      const answers = new Map<string, boolean>()
      for (const whatsappId of connections) {
        const left = items.map((i) => i.number).filter((n) => !answers.has(n))
        if (!left.length) break
        for (const [number, valid] of await checkNumbers(job.companyId, whatsappId, left)) answers.set(number, valid)
      }
      // no connection could answer: the rest would fare no better now
      if (!answers.size) return { checked }
      for (const item of items) {
        const valid = answers.get(item.number)
        if (valid === undefined) continue
        item.isWhatsappValid = valid
        await item.save()
        checked++
        realtime.toCompany(job.companyId, 'ContactListItem', {
          action: 'update',
          record: item.serialize(),
          contactListId: item.contactListId,
        })
      }
    }
  })
}
