/**
 * The campaign dispatcher. A campaign runs as a chain of "tick" jobs on the
 * campaigns queue; each tick, in one transaction:
 *  - locks the campaign (a cancel waits for it, and a tick never sends for a
 *    campaign that is no longer EM_ANDAMENTO);
 *  - per connection, locks its pacer (campaigns on one number share its pace)
 *    and, when the pacer is due and the time is inside the company's window,
 *    claims the next pending shipping row and stores its message through the
 *    inbox's outreach seam: the row turns 'queued' in the same commit as the
 *    message exists, so no replay, second worker or crash sends twice;
 *  - settles acks, finalises the campaign when every row is settled, and
 *    records when the next tick is due (next_tick_at).
 * The next tick's job id is derived from (campaign, due time) and the job
 * names its due time: re-queuing a lost tick (the sweep) is deduplicated, and
 * a job whose due time is no longer the campaign's (next_tick_at) does nothing,
 * so a campaign never runs two chains.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { jobs } from '#core/jobs'
import { Company, Whatsapp } from '#core/models'
import { planHas } from '#core/plan_flags'
import { realtime } from '#core/realtime'
import { tenancy, tenantTable } from '#core/tenancy'
import { deliveryStates, inAgentTicket, storeOutreach } from '#modules/inbox/public/outreach'
import { contactsWithTag } from '#modules/inbox/public/tag_recipients'
import Campaign from '../models/campaign.js'
import { readSettings } from './campaign_settings.js'
import { clock } from './clock.js'
import { fillPlaceholders, pickVariant } from './compose.js'
import { insideWindow, nextAllowed, nextSendAt, pauseAfter } from './pacing.js'
import { campaignSummary } from './report.js'
import { campaignStarted } from './running.js'

export const CAMPAIGN_QUEUE = 'campaigns'
/** how soon to look again while sends wait for their acks */
const SETTLE_POLL_MS = 2000
/** acks are read at most this often per campaign while it sends */
const SETTLE_EVERY_MS = 1000
const settledAt = new Map<number, number>()
/** sends one tick may make on one connection when there is no pause between them */
const MAX_SENDS_PER_TICK = 25
/** hand-overs to the outbox run this many at once after a tick's commit */
const AFTER_COMMIT_CONCURRENCY = 8
/** how long a confirmation question waits for its answer before the campaign may finish */
export const CONFIRMATION_WAIT_MS = 24 * 3600_000
/** how soon to look again while only answers are awaited */
const CONFIRMATION_POLL_MS = 60_000
/** how soon to look again while the plan has campaigns off */
const PLAN_OFF_POLL_MS = 60_000

export const startJobId = (id: number, at: number) => `campaign-start-${id}-${at}`
export const tickJobId = (id: number, at: number) => `campaign-tick-${id}-${at}`

/** Queues the campaign's start at its scheduled time (idempotent per campaign and time). */
export async function scheduleStart(companyId: number, campaign: { id: number; scheduledAt: DateTime | null }) {
  if (!campaign.scheduledAt) return
  const at = campaign.scheduledAt.toMillis()
  await jobs.dispatch(
    CAMPAIGN_QUEUE,
    'start',
    { companyId, campaignId: campaign.id },
    { jobId: startJobId(campaign.id, at), delay: Math.max(0, at - clock.now()) }
  )
}

/** Queues the tick due at `at`; with replaceFinished, a finished job of that id (failed) is replaced. */
export async function scheduleTick(companyId: number, campaignId: number, at: number, replaceFinished = false) {
  if (replaceFinished) {
    const old = await jobs.queue(CAMPAIGN_QUEUE).getJob(tickJobId(campaignId, at))
    if (old && ((await old.isFailed()) || (await old.isCompleted()))) await old.remove()
  }
  await jobs.dispatch(
    CAMPAIGN_QUEUE,
    'tick',
    { companyId, campaignId, at },
    { jobId: tickJobId(campaignId, at), delay: Math.max(0, at - clock.now()) }
  )
}

/** Drops a waiting tick (cancel); a tick already running sees the status and stops. */
export async function unscheduleTick(campaignId: number, at: Date | null) {
  if (!at) return
  await jobs
    .queue(CAMPAIGN_QUEUE)
    .remove(tickJobId(campaignId, at.getTime()))
    .catch(() => {})
}

async function broadcastNow(companyId: number, campaignId: number) {
  const campaign = await tenancy.run(companyId, () => Campaign.find(campaignId))
  if (!campaign) return
  const record = await tenancy.run(companyId, () => campaignSummary(campaign))
  realtime.toCompany(companyId, 'campaign', { action: 'update', record })
}

/** live report updates: at most one per second per campaign (the last change always goes out) */
const BROADCAST_EVERY_MS = 1000
const broadcasts = new Map<number, { last: number; timer: NodeJS.Timeout | null }>()

async function broadcast(companyId: number, campaignId: number, force = false) {
  const state = broadcasts.get(campaignId) ?? { last: 0, timer: null }
  broadcasts.set(campaignId, state)
  const wait = state.last + BROADCAST_EVERY_MS - Date.now()
  if (force || wait <= 0) {
    if (state.timer) clearTimeout(state.timer)
    state.timer = null
    state.last = Date.now()
    await broadcastNow(companyId, campaignId).catch(() => {})
    if (force) broadcasts.delete(campaignId)
    return
  }
  if (state.timer) return
  state.timer = setTimeout(() => {
    state.timer = null
    state.last = Date.now()
    void broadcastNow(companyId, campaignId).catch(() => {})
  }, wait)
  state.timer.unref()
}

/**
 * Writes one shipping row per recipient (the list's items not known invalid,
 * or the contacts carrying the tag), spread over the campaign's connections.
 * Numbers that opted out are written as such: the report shows them, nothing
 * is sent. Idempotent: the (campaign, number) key keeps a replay from adding rows.
 */
export async function writeShippings(
  trx: TransactionClientContract,
  campaign: { id: number; contactListId: number | null; tagListId?: number | null; connectionIds: number[] }
) {
  if (!campaign.connectionIds.length) return
  const companyId = tenancy.requireCompanyId()
  const ids = `{${campaign.connectionIds.join(',')}}`
  const n = campaign.connectionIds.length
  if (campaign.contactListId) {
    await trx.rawQuery(
      `INSERT INTO campaign_shippings (company_id, campaign_id, contact_list_item_id, number, name, email, whatsapp_id, status)
       SELECT i.company_id, ?, i.id, i.number, i.name, i.email,
              (?::int[])[1 + ((row_number() OVER (ORDER BY i.id) - 1) % ?)],
              CASE WHEN EXISTS (SELECT 1 FROM campaign_opt_outs o WHERE o.company_id = i.company_id AND o.number = i.number)
                   THEN 'opted_out' ELSE 'pending' END
         FROM contact_list_items i
        WHERE i.company_id = ? AND i.contact_list_id = ? AND i.is_whatsapp_valid IS NOT FALSE
       ON CONFLICT (campaign_id, number) DO NOTHING`,
      [campaign.id, ids, n, companyId, campaign.contactListId]
    )
    return
  }
  if (!campaign.tagListId) return
  // the tag's contacts come from the inbox's public API, in pages
  let after = 0
  let index = 0
  for (;;) {
    const page = await contactsWithTag(campaign.tagListId, after, 1000)
    if (!page.length) break
    for (const c of page) {
      await trx.rawQuery(
        `INSERT INTO campaign_shippings (company_id, campaign_id, contact_id, number, name, email, whatsapp_id, status)
         VALUES (?, ?, ?, ?, ?, ?, ?,
           CASE WHEN EXISTS (SELECT 1 FROM campaign_opt_outs o WHERE o.company_id = ? AND o.number = ?) THEN 'opted_out' ELSE 'pending' END)
         ON CONFLICT (campaign_id, number) DO NOTHING`,
        [
          companyId,
          campaign.id,
          c.contactId,
          c.number.slice(0, 50),
          c.name.slice(0, 100),
          c.email,
          campaign.connectionIds[index % n],
          companyId,
          c.number,
        ] as any[]
      )
      index++
    }
    after = page[page.length - 1].contactId
  }
}

/** PROGRAMADA → EM_ANDAMENTO exactly once (the conditional update decides), rows written, first tick queued. */
export async function startCampaign(companyId: number, campaignId: number) {
  return tenancy.run(companyId, async () => {
    const now = clock.now()
    const started = await db.transaction(async (trx) => {
      const rows = await tenantTable('campaigns', trx)
        .where({ id: campaignId, status: 'PROGRAMADA' })
        .where('scheduled_at', '<=', new Date(now))
        .update({ status: 'EM_ANDAMENTO', next_tick_at: new Date(now), updated_at: new Date() })
        .returning('*')
      if (!rows.length) return false
      const campaign = await Campaign.query({ client: trx }).where('id', campaignId).firstOrFail()
      await writeShippings(trx, campaign)
      return true
    })
    if (!started) return false
    campaignStarted(companyId)
    await broadcast(companyId, campaignId, true)
    await scheduleTick(companyId, campaignId, now)
    return true
  })
}

/** where the read-ack scan of each campaign's delivered rows goes on (best effort, per process) */
const readCursor = new Map<number, number>()
/** the same for the confirmation questions awaiting their answer */
const questionCursor = new Map<number, number>()
const SETTLE_BATCH = 500

/**
 * Acks → delivered / read / failed: every queued row, and a rotating window of
 * delivered ones for reads. The confirmation questions of rows still
 * 'confirming' settle the same way into their own columns (the real message's
 * figures stay the real message's); a question the channel could not deliver
 * fails its row, since no answer can come.
 */
async function settle(trx: TransactionClientContract, campaignId: number, now: Date) {
  const queued = await tenantTable('campaign_shippings', trx)
    .where({ campaign_id: campaignId, status: 'queued' })
    .whereNotNull('message_id')
    .select('id', 'status', 'message_id')
    .orderBy('id')
    .limit(SETTLE_BATCH)
  const after = readCursor.get(campaignId) ?? 0
  const delivered = await tenantTable('campaign_shippings', trx)
    .where({ campaign_id: campaignId, status: 'delivered' })
    .whereNull('read_at')
    .where('id', '>', after)
    .select('id', 'status', 'message_id')
    .orderBy('id')
    .limit(SETTLE_BATCH)
  readCursor.set(campaignId, delivered.length === SETTLE_BATCH ? Number(delivered[delivered.length - 1].id) : 0)
  const afterQuestion = questionCursor.get(campaignId) ?? 0
  const asking = await tenantTable('campaign_shippings', trx)
    .where({ campaign_id: campaignId, status: 'confirming' })
    .whereNotNull('confirmation_message_id')
    .whereNull('confirmation_read_at')
    .where('id', '>', afterQuestion)
    .select('id', 'confirmation_message_id', 'confirmation_delivered_at')
    .orderBy('id')
    .limit(SETTLE_BATCH)
  questionCursor.set(campaignId, asking.length === SETTLE_BATCH ? Number(asking[asking.length - 1].id) : 0)
  const rows = [...queued, ...delivered]
  if (!rows.length && !asking.length) return
  const states = await deliveryStates([
    ...rows.map((r: any) => Number(r.message_id)),
    ...asking.map((r: any) => Number(r.confirmation_message_id)),
  ])
  const ids = {
    delivered: [] as number[],
    read: [] as number[],
    deliveredRead: [] as number[],
    asked: [] as number[],
    askedRead: [] as number[],
    readOnly: [] as number[],
  }
  const failed: { id: number; error: string }[] = []
  for (const r of rows) {
    const s = states.get(Number(r.message_id))
    if (!s) continue
    if (s.sendError && s.ack < 1) failed.push({ id: r.id, error: s.sendError })
    else if (s.ack >= 1) {
      if (r.status === 'queued') (s.ack >= 3 ? ids.deliveredRead : ids.delivered).push(r.id)
      else if (s.ack >= 3) ids.read.push(r.id)
    }
  }
  for (const r of asking) {
    const s = states.get(Number(r.confirmation_message_id))
    if (!s) continue
    if (s.sendError && s.ack < 1) failed.push({ id: r.id, error: s.sendError })
    else if (s.ack >= 3) (r.confirmation_delivered_at ? ids.readOnly : ids.askedRead).push(r.id)
    else if (s.ack >= 1 && !r.confirmation_delivered_at) ids.asked.push(r.id)
  }
  const table = () => tenantTable('campaign_shippings', trx)
  for (const f of failed) {
    // only a row still waiting on that message: a reply that confirmed meanwhile wins
    await table()
      .where('id', f.id)
      .whereIn('status', ['queued', 'confirming'])
      .update({ status: 'failed', failed_at: now, error: f.error.slice(0, 100), updated_at: now })
  }
  if (ids.delivered.length)
    await table().whereIn('id', ids.delivered).update({ status: 'delivered', delivered_at: now, updated_at: now })
  if (ids.deliveredRead.length)
    await table()
      .whereIn('id', ids.deliveredRead)
      .update({ status: 'delivered', delivered_at: now, read_at: now, updated_at: now })
  if (ids.read.length) await table().whereIn('id', ids.read).update({ read_at: now, updated_at: now })
  if (ids.asked.length)
    await table().whereIn('id', ids.asked).update({ confirmation_delivered_at: now, updated_at: now })
  if (ids.askedRead.length)
    await table()
      .whereIn('id', ids.askedRead)
      .update({ confirmation_delivered_at: now, confirmation_read_at: now, updated_at: now })
  if (ids.readOnly.length)
    await table().whereIn('id', ids.readOnly).update({ confirmation_read_at: now, updated_at: now })
}

async function companyContext(companyId: number) {
  const company = await tenancy.asSystem(() => Company.query().where('id', companyId).preload('plan').first())
  return {
    timezone: company?.timezone || 'America/Sao_Paulo',
    enabled: !!company && planHas(company.plan, 'useCampaigns'),
  }
}

/** One connection's turn: returns when it may send next. */
async function sendOnConnection(
  trx: TransactionClientContract,
  campaign: Campaign,
  whatsappId: number,
  now: number,
  ctx: { timezone: string; settings: Awaited<ReturnType<typeof readSettings>> },
  afterCommit: (() => Promise<void>)[]
): Promise<number> {
  const companyId = tenancy.requireCompanyId()
  const { settings, timezone } = ctx
  await trx.rawQuery(
    `INSERT INTO campaign_pacers (company_id, whatsapp_id, next_at, sent_count) VALUES (?, ?, ?, 0)
     ON CONFLICT (company_id, whatsapp_id) DO NOTHING`,
    [companyId, whatsappId, new Date(now)]
  )
  const pacer = await tenantTable('campaign_pacers', trx).where('whatsapp_id', whatsappId).forUpdate().first()
  const due = new Date(pacer.next_at).getTime()
  if (due > now) return due
  if (!insideWindow(now, settings, timezone)) {
    const opens = nextAllowed(now, settings, timezone)
    await tenantTable('campaign_pacers', trx)
      .where('whatsapp_id', whatsappId)
      .update({ next_at: new Date(opens) })
    return opens
  }
  // the daily cap of the number (all campaigns together): full today → the next day's start
  const today = DateTime.fromMillis(now, { zone: timezone }).toISODate()!
  const storedDay = pacer.day ? DateTime.fromJSDate(new Date(pacer.day)).toISODate() : null
  let dayCount = storedDay === today ? Number(pacer.day_count) : 0
  if (settings.dailyLimit > 0 && dayCount >= settings.dailyLimit) {
    const tomorrow = DateTime.fromISO(today, { zone: timezone }).plus({ days: 1 }).toMillis()
    const opens = nextAllowed(tomorrow, settings, timezone)
    await tenantTable('campaign_pacers', trx)
      .where('whatsapp_id', whatsappId)
      .update({ next_at: new Date(opens) })
    return opens
  }
  // the rows this turn may take (several only when there is no pause between sends), with their opt-outs
  const rows = await tenantTable('campaign_shippings as s', trx)
    .leftJoin('campaign_opt_outs as o', (j) => j.on('o.company_id', 's.company_id').andOn('o.number', 's.number'))
    .where({ 's.campaign_id': campaign.id, 's.whatsapp_id': whatsappId, 's.status': 'pending' })
    .orderBy('s.id')
    .limit(
      pauseAfter(Number(pacer.sent_count) + 1, settings) === 0
        ? Math.min(MAX_SENDS_PER_TICK, settings.dailyLimit > 0 ? settings.dailyLimit - dayCount : MAX_SENDS_PER_TICK)
        : 1
    )
    .forUpdate('s')
    .skipLocked()
    .select('s.*', 'o.id as opted_out_id')
  if (!rows.length) return Number.POSITIVE_INFINITY
  const channel = (await Whatsapp.query({ client: trx }).where('id', whatsappId).select('channel').first())?.channel
  let count = Number(pacer.sent_count)
  let next = now
  const updates: RowUpdate[] = []
  for (const row of rows) {
    if (next > now) break
    // opted out after the rows were written: skipped without using the connection's turn
    if (row.opted_out_id) {
      await tenantTable('campaign_shippings', trx)
        .where('id', row.id)
        .update({ status: 'opted_out', updated_at: new Date(now) })
      continue
    }
    // a contact talking with an agent is not interrupted, when the campaign says so
    if (campaign.skipAgentTickets && (await inAgentTicket(row.number, whatsappId))) {
      await tenantTable('campaign_shippings', trx)
        .where('id', row.id)
        .update({ status: 'skipped', updated_at: new Date(now) })
      continue
    }
    updates.push(await sendRow(trx, campaign, row, whatsappId, channel, now, settings, afterCommit))
    count++
    dayCount++
    next = nextSendAt(now, count, settings, timezone)
  }
  await markSent(trx, updates)
  await tenantTable('campaign_pacers', trx)
    .where('whatsapp_id', whatsappId)
    .update({ next_at: new Date(next), sent_count: count, day: today, day_count: dayCount })
  return next
}

/** What a send changes on its shipping row (written for the whole turn in one statement). */
interface RowUpdate {
  id: number
  status: 'queued' | 'confirming'
  message: string | null
  message_id: number | null
  sent_at: string | null
  confirmation_message_id: number | null
  confirmation_requested_at: string | null
  updated_at: string
}

/** Stores one recipient's message (the question first, with confirmation); returns its row's change. */
async function sendRow(
  trx: TransactionClientContract,
  campaign: Campaign,
  row: any,
  whatsappId: number,
  channel: string | undefined,
  now: number,
  settings: Awaited<ReturnType<typeof readSettings>>,
  afterCommit: (() => Promise<void>)[]
): Promise<RowUpdate> {
  const recipient = { name: row.name, number: row.number, email: row.email }
  // with confirmation: first the question; the real message once the contact answered (replies.ts)
  const asking = campaign.confirmation && !row.confirmed_at
  const variants = asking ? campaign.confirmationMessages : campaign.messages
  const body = fillPlaceholders(pickVariant(variants) ?? '', recipient, settings.variables)
  const sent = await storeOutreach(trx, {
    number: row.number,
    name: row.name,
    whatsappId,
    channel,
    body,
    mediaUrl: asking ? null : campaign.mediaPath,
    mediaType: !asking && campaign.mediaPath ? mediaTypeOf(campaign.mediaName ?? campaign.mediaPath) : null,
    mediaName: asking ? null : campaign.mediaName,
    newTicketStatus:
      campaign.openTicket === 'enabled' ? (campaign.statusTicket === 'open' ? 'open' : 'pending') : 'closed',
    userId: campaign.userId,
    queueId: campaign.queueId,
  })
  afterCommit.push(sent.afterCommit)
  const at = new Date(now).toISOString()
  return asking
    ? {
        id: Number(row.id),
        status: 'confirming',
        message: null,
        message_id: null,
        sent_at: null,
        confirmation_message_id: sent.messageId,
        confirmation_requested_at: at,
        updated_at: at,
      }
    : {
        id: Number(row.id),
        status: 'queued',
        message: body,
        message_id: sent.messageId,
        sent_at: new Date().toISOString(),
        confirmation_message_id: null,
        confirmation_requested_at: null,
        updated_at: at,
      }
}

/** The turn's row changes in one statement (same transaction as their messages). */
async function markSent(trx: TransactionClientContract, updates: RowUpdate[]) {
  if (!updates.length) return
  await trx.rawQuery(
    `UPDATE campaign_shippings s SET
       status = v.status,
       message = COALESCE(v.message, s.message),
       message_id = COALESCE(v.message_id, s.message_id),
       sent_at = COALESCE(v.sent_at, s.sent_at),
       confirmation_message_id = COALESCE(v.confirmation_message_id, s.confirmation_message_id),
       confirmation_requested_at = COALESCE(v.confirmation_requested_at, s.confirmation_requested_at),
       updated_at = v.updated_at
     FROM jsonb_to_recordset(?::jsonb) AS v(id int, status text, message text, message_id int, sent_at timestamptz,
       confirmation_message_id int, confirmation_requested_at timestamptz, updated_at timestamptz)
     WHERE s.company_id = ? AND s.id = v.id`,
    [JSON.stringify(updates), tenancy.requireCompanyId()]
  )
}

/** Runs the hand-overs to the outbox a few at a time: each waits on Redis and the screens' events, not on CPU. */
async function runAll(fns: (() => Promise<void>)[], concurrency = AFTER_COMMIT_CONCURRENCY) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, fns.length) }, async () => {
      while (next < fns.length) await fns[next++]().catch(() => {})
    })
  )
}

function mediaTypeOf(name: string) {
  const ext = name.split('.').pop()?.toLowerCase() ?? ''
  if (['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext)) return 'image'
  if (['mp4', 'webm', 'mov'].includes(ext)) return 'video'
  if (['mp3', 'ogg', 'opus', 'm4a'].includes(ext)) return 'audio'
  return 'document'
}

/**
 * One tick (see the file's comment). Returns when the next tick is due, or
 * null when the chain ends (finished, cancelled, gone).
 */
export async function runTick(companyId: number, campaignId: number, dueAt?: number): Promise<number | null> {
  return tenancy.run(companyId, async () => {
    const ctxCompany = await companyContext(companyId)
    const settings = await readSettings()
    const afterCommit: (() => Promise<void>)[] = []
    const now = clock.now()
    const result = await db.transaction(async (trx) => {
      const locked = await tenantTable('campaigns', trx).where('id', campaignId).forUpdate().first()
      if (!locked || locked.status !== 'EM_ANDAMENTO') return { next: null, changed: false }
      // a job for another due time than the campaign's is a superseded chain (a reply or a restart queued a newer one)
      if (dueAt !== undefined && locked.next_tick_at && new Date(locked.next_tick_at).getTime() !== dueAt) {
        return { next: null, changed: false }
      }
      if (!ctxCompany.enabled) {
        const next = now + PLAN_OFF_POLL_MS
        await tenantTable('campaigns', trx)
          .where('id', campaignId)
          .update({ next_tick_at: new Date(next) })
        return { next, changed: false }
      }
      const campaign = await Campaign.query({ client: trx }).where('id', campaignId).firstOrFail()
      let settled = false
      if (Date.now() - (settledAt.get(campaignId) ?? 0) >= SETTLE_EVERY_MS) {
        settledAt.set(campaignId, Date.now())
        await settle(trx, campaignId, new Date(now))
        settled = true
      }
      const connections = await tenantTable('campaign_shippings', trx)
        .where({ campaign_id: campaignId, status: 'pending' })
        .distinct('whatsapp_id')
        .orderBy('whatsapp_id')
      let next = Number.POSITIVE_INFINITY
      for (const c of connections) {
        const at = await sendOnConnection(
          trx,
          campaign,
          Number(c.whatsapp_id),
          now,
          { timezone: ctxCompany.timezone, settings },
          afterCommit
        )
        next = Math.min(next, at)
      }
      if (next === Number.POSITIVE_INFINITY) {
        // nothing left to send: the acks decide whether the campaign is done
        if (!settled) await settle(trx, campaignId, new Date(now))
        const open = await tenantTable('campaign_shippings', trx)
          .where('campaign_id', campaignId)
          .where((q) =>
            q
              .whereIn('status', ['pending', 'queued'])
              // a confirmation is awaited for a while; an answer after that no longer sends
              .orWhere((c) =>
                c
                  .where('status', 'confirming')
                  .where('confirmation_requested_at', '>', new Date(now - CONFIRMATION_WAIT_MS))
              )
          )
          .select(
            // a question not yet acked is still "sending": its delivery or failure is looked for soon
            db.raw(
              "count(*) FILTER (WHERE status <> 'confirming' OR confirmation_delivered_at IS NULL)::int AS sending"
            ),
            db.raw('count(*)::int AS n')
          )
          .first()
        if (Number(open?.n ?? 0) === 0) {
          await tenantTable('campaigns', trx)
            .where('id', campaignId)
            .update({
              status: 'FINALIZADA',
              completed_at: new Date(now),
              next_tick_at: null,
              updated_at: new Date(now),
            })
          settledAt.delete(campaignId)
          readCursor.delete(campaignId)
          questionCursor.delete(campaignId)
          return { next: null, changed: true }
        }
        // only answers awaited: look now and then (an answer queues a tick at once)
        next = now + (Number(open?.sending ?? 0) > 0 ? SETTLE_POLL_MS : CONFIRMATION_POLL_MS)
      }
      // a successor due at the very time of this job would share its job id (and be dropped as a duplicate)
      if (dueAt !== undefined && next <= dueAt) next = dueAt + 1
      await tenantTable('campaigns', trx)
        .where('id', campaignId)
        .update({ next_tick_at: new Date(next) })
      return { next, changed: afterCommit.length > 0 }
    })
    // the next turn is queued first: its claims overlap this turn's hand-overs (the rows are already 'queued')
    if (result.next !== null) await scheduleTick(companyId, campaignId, result.next).catch(() => {}) // the sweep re-queues it
    await runAll(afterCommit)
    if (result.changed || afterCommit.length) await broadcast(companyId, campaignId, result.next === null)
    return result.next
  })
}

/**
 * Recovery, on the workers' timer (not a Redis job, so it survives a Redis
 * restarted empty): starts due PROGRAMADA campaigns whose start job was lost
 * and re-queues the tick of a running campaign whose chain went quiet, under
 * the same job ids, so a chain that is alive is not doubled.
 */
export async function sweepCampaigns() {
  const now = clock.now()
  const rows = await tenancy.asSystem(() =>
    tenantTable('campaigns')
      .where((q) =>
        q
          .where((p) => p.where('status', 'PROGRAMADA').where('scheduled_at', '<=', new Date(now)))
          .orWhere((p) =>
            p
              .where('status', 'EM_ANDAMENTO')
              .where((n) => n.whereNull('next_tick_at').orWhere('next_tick_at', '<', new Date(now - 15_000)))
          )
      )
      .select('id', 'company_id', 'status', 'scheduled_at', 'next_tick_at')
      .limit(500)
  )
  for (const r of rows) {
    if (r.status === 'PROGRAMADA') {
      await jobs
        .dispatch(
          CAMPAIGN_QUEUE,
          'start',
          { companyId: r.company_id, campaignId: r.id },
          { jobId: startJobId(r.id, new Date(r.scheduled_at).getTime()) }
        )
        .catch(() => {})
    } else {
      const at = r.next_tick_at ? new Date(r.next_tick_at).getTime() : now
      await scheduleTick(r.company_id, r.id, at, true).catch(() => {})
    }
  }
}
