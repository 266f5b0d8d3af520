/**
 * A campaign as its screens read it (spec 3 §7 GET /campaigns/{id}): the
 * campaign, its connection names, its list with the valid contacts count, its
 * shipping rows and the report's counters.
 */
import db from '@adonisjs/lucid/services/db'
import { Whatsapp } from '#core/models'
import { tenantTable } from '#core/tenancy'
import Campaign from '../models/campaign.js'
import CampaignShipping from '../models/campaign_shipping.js'
import ContactList from '../models/contact_list.js'

export interface CampaignCounters {
  /** recipients: shipping rows once started, else the list's contacts not known invalid */
  valid: number
  pending: number
  delivered: number
  read: number
  failed: number
  confirmationRequested: number
  /** confirmation questions the channel delivered / the contact read (their own acks) */
  confirmationDelivered: number
  confirmationRead: number
  confirmed: number
  /** recipients that answered an opt-out keyword (now or before) */
  optedOut: number
  /** recipients skipped because they were in an open ticket with an agent */
  skipped: number
}

export async function campaignCounters(campaign: Campaign): Promise<CampaignCounters> {
  const row = await tenantTable('campaign_shippings')
    .where('campaign_id', campaign.id)
    .select(
      db.raw(`count(*)::int AS total,
        count(*) FILTER (WHERE status IN ('pending','queued'))::int AS pending,
        count(delivered_at)::int AS delivered, count(read_at)::int AS read,
        count(*) FILTER (WHERE status = 'failed')::int AS failed,
        count(confirmation_requested_at)::int AS confirmation_requested,
        count(confirmation_delivered_at)::int AS confirmation_delivered,
        count(confirmation_read_at)::int AS confirmation_read,
        count(confirmed_at)::int AS confirmed,
        count(*) FILTER (WHERE status = 'opted_out')::int AS opted_out,
        count(*) FILTER (WHERE status = 'skipped')::int AS skipped`)
    )
    .first()
  let valid = Number(row?.total ?? 0)
  if (!valid && campaign.contactListId && !['EM_ANDAMENTO', 'FINALIZADA', 'CANCELADA'].includes(campaign.status)) {
    const list = await tenantTable('contact_list_items')
      .where('contact_list_id', campaign.contactListId)
      .whereRaw('is_whatsapp_valid IS NOT FALSE')
      .count('* as n')
      .first()
    valid = Number(list?.n ?? 0)
  }
  return {
    valid,
    pending: Number(row?.pending ?? 0),
    delivered: Number(row?.delivered ?? 0),
    read: Number(row?.read ?? 0),
    failed: Number(row?.failed ?? 0),
    confirmationRequested: Number(row?.confirmation_requested ?? 0),
    confirmationDelivered: Number(row?.confirmation_delivered ?? 0),
    confirmationRead: Number(row?.confirmation_read ?? 0),
    confirmed: Number(row?.confirmed ?? 0),
    optedOut: Number(row?.opted_out ?? 0),
    skipped: Number(row?.skipped ?? 0),
  }
}

/** The list row's shape: the campaign, its connection and list names, its counters. */
export async function campaignSummary(campaign: Campaign) {
  const ids = campaign.connectionIds
  const connections = ids.length ? await Whatsapp.query().whereIn('id', ids).select('id', 'name') : []
  const list = campaign.contactListId ? await ContactList.find(campaign.contactListId) : null
  return {
    ...campaign.serialize(),
    whatsapp: connections.length ? { id: connections[0].id, name: connections.map((c) => c.name).join(', ') } : null,
    whatsapps: connections.map((c) => ({ id: c.id, name: c.name })),
    contactList: list ? { id: list.id, name: list.name } : null,
    counters: await campaignCounters(campaign),
  }
}

/** The full record: summary plus shipping rows (at most the first 5000; the report pages the rest). */
export async function campaignRecord(id: number) {
  const campaign = await Campaign.find(id)
  if (!campaign) return null
  const shipping = await CampaignShipping.query().where('campaign_id', id).orderBy('id').limit(5000)
  return { ...(await campaignSummary(campaign)), shipping: shipping.map((s) => s.serialize()) }
}
