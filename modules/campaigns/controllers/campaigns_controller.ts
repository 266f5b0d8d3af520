import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { AppError, type FieldError } from '#core/errors'
import { idParam, likeTerm, pageNumber, paginate, requireAdmin } from '#core/http'
import { Queue, User, Whatsapp } from '#core/models'
import { realtime } from '#core/realtime'
import { MEDIA_EXTENSIONS, storage } from '#core/storage'
import { tenantTable } from '#core/tenancy'
import { audit } from '#core/audit'
import { exportRequester } from '#core/file_exports'
import { tagExists } from '#modules/inbox/public/tag_recipients'
import Campaign from '../models/campaign.js'
import ContactList from '../models/contact_list.js'
import { clock } from '../services/clock.js'
import { campaignStarted } from '../services/running.js'
import { scheduleStart, scheduleTick, unscheduleTick, writeShippings } from '../services/dispatcher.js'
import { campaignRecord, campaignSummary } from '../services/report.js'
import { reportExports } from '../services/report_export.js'
import { createCampaignValidator, reportExportValidator, updateCampaignValidator } from '../validators.js'

const PAGE_SIZE = 20
/** images and videos the channels send, plus documents and audio */
const CAMPAIGN_MEDIA = [...MEDIA_EXTENSIONS, 'pdf', 'mp3', 'ogg']

/** An export of this campaign's report, asked by the caller (else 404). */
async function exportIdOf(ctx: HttpContext) {
  const params = await reportExports().params(ctx.params.exportId, exportRequester(ctx))
  if (!params || params.campaignId !== Number(ctx.params.id)) throw new AppError('ERR_CAMPAIGN_EXPORT_NOT_FOUND', 404)
  return ctx.params.exportId as string
}

async function findCampaign(ctx: HttpContext, lock?: { trx: any }) {
  const query = Campaign.query(lock ? { client: lock.trx } : undefined).where(
    'id',
    idParam(ctx, 'ERR_NO_CAMPAIGN_FOUND')
  )
  if (lock) query.forUpdate()
  const campaign = await query.first()
  if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND', 404)
  return campaign
}

const invalid = (fields: FieldError[]) => new AppError('ERR_VALIDATION', 422, { fields })

/** scheduledAt: an ISO time, or a datetime-local value read in the company's time zone */
function parseScheduledAt(raw: string | null | undefined, zone: string): DateTime | null | undefined {
  if (raw === undefined) return undefined
  if (raw === null) return null
  const t = DateTime.fromISO(raw, { zone: zone || 'America/Sao_Paulo' })
  if (!t.isValid || t.year < 2000 || t.year > 2100) {
    throw invalid([{ field: 'scheduledAt', rule: 'date', message: 'The scheduledAt field must be a date and time' }])
  }
  return t
}

/** Every referenced row must be the company's (the tenant scope filters the lookups). */
async function checkReferences(data: {
  tagListId?: number | null
  contactListId?: number | null
  whatsappId?: string | null
  queueId?: number | null
  userId?: number | null
}) {
  // a list or connection of another company is as unknown as one that never existed
  if (data.contactListId && !(await ContactList.find(data.contactListId))) {
    throw new AppError('ERR_NO_CONTACT_LIST_FOUND', 404)
  }
  if (data.whatsappId) {
    const ids = data.whatsappId.split(',').map(Number)
    const found = await Whatsapp.query().whereIn('id', ids).select('id')
    if (found.length !== ids.length) throw new AppError('ERR_NO_WAPP_FOUND', 404)
  }
  if (data.tagListId && !(await tagExists(data.tagListId))) throw new AppError('ERR_NO_TAG_FOUND', 404)
  const fields: FieldError[] = []
  if (data.queueId && !(await Queue.find(data.queueId)))
    fields.push({ field: 'queueId', rule: 'exists', message: 'Unknown queue' })
  if (data.userId && !(await User.find(data.userId)))
    fields.push({ field: 'userId', rule: 'exists', message: 'Unknown user' })
  if (fields.length) throw invalid(fields)
}

/** A scheduled campaign needs somewhere to send, someone to send to and something to say. */
function checkReady(c: Campaign) {
  if (c.status !== 'PROGRAMADA') return
  if ((!c.contactListId && !c.tagListId) || !c.connectionIds.length)
    throw new AppError('ERR_CAMPAIGN_NO_RECIPIENTS', 422)
  if (!c.messages.length && !c.mediaPath) {
    throw invalid([{ field: 'message1', rule: 'required', message: 'The campaign needs a message' }])
  }
  if (c.confirmation && !c.confirmationMessages.length) {
    throw invalid([{ field: 'confirmationMessage1', rule: 'required', message: 'The confirmation needs a message' }])
  }
}

async function emit(ctx: HttpContext, action: 'create' | 'update', campaign: Campaign) {
  realtime.toCompany(ctx.actor.company.id, 'campaign', { action, record: await campaignSummary(campaign) })
}

export default class CampaignsController {
  async index(ctx: HttpContext) {
    const query = Campaign.query().orderBy('created_at', 'desc').orderBy('id', 'desc')
    const search = ctx.request.input('searchParam')
    if (search) query.whereRaw('lower(name) like ?', [likeTerm(search)])
    const { rows, count, hasMore } = await paginate(query, pageNumber(ctx), PAGE_SIZE)
    const records = []
    for (const r of rows) records.push(await campaignSummary(r))
    return { records, count, hasMore }
  }

  async show(ctx: HttpContext) {
    const record = await campaignRecord(idParam(ctx, 'ERR_NO_CAMPAIGN_FOUND'))
    if (!record) throw new AppError('ERR_NO_CAMPAIGN_FOUND', 404)
    return record
  }

  /** POST /campaigns/{id}/exports { lang }: queues the report's xlsx (admins); 202 { exportId, total }. */
  async startExport(ctx: HttpContext) {
    requireAdmin(ctx)
    const campaign = await findCampaign(ctx)
    const { lang } = await ctx.request.validateUsing(reportExportValidator)
    const [{ total }] = await tenantTable('campaign_shippings').where('campaign_id', campaign.id).count('* as total')
    const exportId = await reportExports().start(exportRequester(ctx), {
      campaignId: campaign.id,
      lang: lang ?? 'pt',
      zone: ctx.actor.company.timezone || 'America/Sao_Paulo',
    })
    await audit.record(null, {
      action: 'campaign.export',
      entity: 'campaign',
      entityId: campaign.id,
      companyId: campaign.companyId,
      details: { name: campaign.name, status: campaign.status, exportId },
    })
    return ctx.response.accepted({ exportId, total: Number(total), status: 'queued', done: 0 })
  }

  /** GET /campaigns/{id}/exports/{exportId}: the caller's export state { status, done, total }. */
  async exportProgress(ctx: HttpContext) {
    requireAdmin(ctx)
    return reportExports().state(await exportIdOf(ctx), exportRequester(ctx), 'ERR_CAMPAIGN_EXPORT_NOT_FOUND')
  }

  /** GET /campaigns/{id}/exports/{exportId}/file: the finished xlsx. */
  async exportDownload(ctx: HttpContext) {
    requireAdmin(ctx)
    const id = await exportIdOf(ctx)
    const name = `campaign-${ctx.params.id}.xlsx`
    await reportExports().send(ctx.response, id, exportRequester(ctx), 'ERR_CAMPAIGN_EXPORT_NOT_FOUND', name)
  }

  /** PROGRAMADA when it has a time (reference §4), INATIVA as a draft without one. */
  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const { scheduledAt, ...data } = await ctx.request.validateUsing(createCampaignValidator)
    await checkReferences(data)
    const when = parseScheduledAt(scheduledAt, ctx.actor.company.timezone)
    const campaign = new Campaign()
    campaign.merge({
      statusTicket: 'closed',
      openTicket: 'disabled',
      confirmation: false,
      ...data,
      scheduledAt: when ?? null,
      status: when ? 'PROGRAMADA' : 'INATIVA',
    } as Partial<Campaign>)
    checkReady(campaign)
    await campaign.save()
    await scheduleStart(ctx.actor.company.id, campaign).catch(() => {}) // the sweep starts it if the queue is away
    await emit(ctx, 'create', campaign)
    return ctx.response.created(await campaignSummary(campaign))
  }

  /** The edit rule is the server's (spec 3 §4): INATIVA, or PROGRAMADA more than one hour ahead. */
  async update(ctx: HttpContext) {
    requireAdmin(ctx)
    const { scheduledAt, ...data } = await ctx.request.validateUsing(updateCampaignValidator)
    await checkReferences(data)
    const when = parseScheduledAt(scheduledAt, ctx.actor.company.timezone)
    const campaign = await db.transaction(async (trx) => {
      const c = await findCampaign(ctx, { trx })
      if (!c.isEditable(DateTime.fromMillis(clock.now()))) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 409)
      c.merge(data as Partial<Campaign>)
      if (when !== undefined) c.scheduledAt = when
      c.status = c.scheduledAt ? 'PROGRAMADA' : 'INATIVA'
      checkReady(c)
      await c.useTransaction(trx).save()
      return c
    })
    await scheduleStart(ctx.actor.company.id, campaign).catch(() => {})
    await emit(ctx, 'update', campaign)
    return campaignSummary(campaign)
  }

  /** POST /campaigns/{id}/media-upload (multipart "file"): the attachment, sent with the message as its caption. */
  async mediaUpload(ctx: HttpContext) {
    requireAdmin(ctx)
    const campaign = await findCampaign(ctx)
    if (!campaign.isEditable(DateTime.fromMillis(clock.now()))) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 409)
    const saved = await storage.save(
      ctx.request.file('file', { size: '16mb' }),
      ctx.actor.company.id,
      'campaigns',
      CAMPAIGN_MEDIA
    )
    const previous = campaign.mediaPath
    campaign.merge({ mediaPath: saved.key, mediaName: saved.name })
    await campaign.save()
    await storage.delete(previous)
    await emit(ctx, 'update', campaign)
    return campaignSummary(campaign)
  }

  async mediaDelete(ctx: HttpContext) {
    requireAdmin(ctx)
    const campaign = await findCampaign(ctx)
    if (!campaign.isEditable(DateTime.fromMillis(clock.now()))) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 409)
    const previous = campaign.mediaPath
    campaign.merge({ mediaPath: null, mediaName: null })
    await campaign.save()
    await storage.delete(previous)
    await emit(ctx, 'update', campaign)
    return campaignSummary(campaign)
  }

  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const campaign = await findCampaign(ctx)
    if (campaign.status === 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_IN_PROGRESS', 409)
    await db.transaction(async (trx) => {
      await campaign.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'campaign.delete',
        entity: 'campaign',
        entityId: campaign.id,
        companyId: campaign.companyId,
        before: { name: campaign.name, status: campaign.status, scheduledAt: campaign.scheduledAt },
      })
    })
    await storage.delete(campaign.mediaPath)
    realtime.toCompany(ctx.actor.company.id, 'campaign', { action: 'delete', id: campaign.id })
    return ctx.response.noContent()
  }

  /** EM_ANDAMENTO (or PROGRAMADA) → CANCELADA; sends not yet made are dropped at once. */
  async cancel(ctx: HttpContext) {
    requireAdmin(ctx)
    const campaign = await db.transaction(async (trx) => {
      // the lock waits for a running tick, so nothing is sent after this commit
      const c = await findCampaign(ctx, { trx })
      if (!['EM_ANDAMENTO', 'PROGRAMADA'].includes(c.status)) throw new AppError('ERR_CAMPAIGN_INVALID_TRANSITION', 409)
      const dueTick = c.nextTickAt?.toJSDate() ?? null
      c.merge({ status: 'CANCELADA', nextTickAt: null })
      await c.useTransaction(trx).save()
      await tenantTable('campaign_shippings', trx)
        .where({ campaign_id: c.id, status: 'pending' })
        .update({ status: 'cancelled', updated_at: new Date() })
      return Object.assign(c, { dueTick })
    })
    await unscheduleTick(campaign.id, campaign.dueTick)
    await emit(ctx, 'update', campaign)
    return ctx.response.noContent()
  }

  /** CANCELADA → EM_ANDAMENTO; delivered rows are kept and skipped, the rest go out again. */
  async restart(ctx: HttpContext) {
    requireAdmin(ctx)
    const now = clock.now()
    const campaign = await db.transaction(async (trx) => {
      const c = await findCampaign(ctx, { trx })
      if (c.status !== 'CANCELADA') throw new AppError('ERR_CAMPAIGN_INVALID_TRANSITION', 409)
      if ((!c.contactListId && !c.tagListId) || !c.connectionIds.length) {
        throw new AppError('ERR_CAMPAIGN_NO_RECIPIENTS', 422)
      }
      c.merge({ status: 'EM_ANDAMENTO', nextTickAt: DateTime.fromMillis(now), completedAt: null })
      await c.useTransaction(trx).save()
      await tenantTable('campaign_shippings', trx)
        .where({ campaign_id: c.id, status: 'cancelled' })
        .update({ status: 'pending', updated_at: new Date() })
      // a campaign cancelled before it started has no rows yet
      await writeShippings(trx, c)
      return c
    })
    campaignStarted(ctx.actor.company.id)
    await scheduleTick(ctx.actor.company.id, campaign.id, now).catch(() => {}) // else the sweep
    await emit(ctx, 'update', campaign)
    return ctx.response.noContent()
  }
}
