/**
 * What a contact's reply means to running campaigns (inbox event
 * onMessageReceived, after the inbox committed, in the company's scope):
 *  - an opt-out keyword (SAIR/STOP/PARAR by default, the whole message) records
 *    the number as opted out: every pending or awaited row of it is skipped,
 *    now and in every later campaign;
 *  - any other reply to a confirmation question confirms it: the row goes back
 *    to pending with confirmed_at, and the campaign's next tick (queued now)
 *    sends the real message at the connection's pace.
 */
import db from '@adonisjs/lucid/services/db'
import { tenancy, tenantTable } from '#core/tenancy'
import { getContact } from '#modules/inbox/public/contacts'
import type { MessageReceived } from '#modules/inbox/public/events'
import { readSettings } from './campaign_settings.js'
import { clock } from './clock.js'
import { anyCampaignRunning } from './running.js'
import { CONFIRMATION_WAIT_MS, scheduleTick } from './dispatcher.js'

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, '')

export async function onContactReply(e: MessageReceived) {
  if (e.imported) return
  await tenancy.run(e.companyId, async () => {
    const settings = await readSettings()
    const keyword = settings.optOutKeywords.find((k) => normalise(k) === normalise(e.body ?? ''))
    // most messages are neither an opt-out nor a reply to a running campaign: one cheap look decides
    if (!keyword && !(await anyCampaignRunning())) return
    const contact = await getContact(e.contactId)
    if (!contact || contact.isGroup) return
    const now = new Date(clock.now())
    const touched = await db.transaction(async (trx) => {
      const running = tenantTable('campaigns', trx).where('status', 'EM_ANDAMENTO').select('id')
      if (keyword) {
        const companyId = tenancy.requireCompanyId()
        const last = await tenantTable('campaign_shippings', trx)
          .where('number', contact.number)
          .whereIn('campaign_id', running.clone())
          .orderBy('id', 'desc')
          .first()
        await trx.rawQuery(
          `INSERT INTO campaign_opt_outs (company_id, number, keyword, campaign_id) VALUES (?, ?, ?, ?)
           ON CONFLICT (company_id, number) DO NOTHING`,
          [companyId, contact.number, keyword.slice(0, 30), last?.campaign_id ?? null]
        )
        return tenantTable('campaign_shippings', trx)
          .where('number', contact.number)
          .whereIn('status', ['pending', 'confirming'])
          .whereIn('campaign_id', running.clone())
          .update({ status: 'opted_out', updated_at: now })
          .returning('campaign_id')
      }
      return tenantTable('campaign_shippings', trx)
        .where({ number: contact.number, whatsapp_id: e.whatsappId, status: 'confirming' })
        .where('confirmation_requested_at', '>', new Date(now.getTime() - CONFIRMATION_WAIT_MS))
        .whereIn('campaign_id', running.clone())
        .update({
          status: 'pending',
          confirmed_at: now,
          // an answer shows the question arrived and was read, whatever its acks said so far
          confirmation_delivered_at: db.raw('COALESCE(confirmation_delivered_at, ?)', [now]),
          confirmation_read_at: db.raw('COALESCE(confirmation_read_at, ?)', [now]),
          updated_at: now,
        })
        .returning('campaign_id')
    })
    const campaigns = [...new Set(touched.map((r: any) => Number(r.campaign_id ?? r)))]
    if (!campaigns.length) return
    // the campaigns' chains move to now: their waiting ticks become stale
    await tenantTable('campaigns')
      .whereIn('id', campaigns)
      .where('status', 'EM_ANDAMENTO')
      .update({ next_tick_at: now })
    for (const id of campaigns) await scheduleTick(e.companyId, id, now.getTime()).catch(() => {})
  })
}
