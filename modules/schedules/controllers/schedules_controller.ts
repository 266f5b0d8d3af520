import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { AppError, type FieldError } from '#core/errors'
import { idParam, likeTerm, pageNumber, paginate } from '#core/http'
import { Queue, User, Whatsapp } from '#core/models'
import { audit } from '#core/audit'
import { getContact } from '#modules/inbox/public/contacts'
import Schedule from '../models/schedule.js'
import { clock } from '../services/clock.js'
import { buildRule, occurrencesIn, repeatOf, type Repeat } from '../services/recurrence.js'
import { emitSchedule, emitScheduleDeleted, scheduleRecord, scheduleRecords } from '../services/record.js'
import { queueSend, unqueueSend } from '../services/scheduler.js'
import { createScheduleValidator, listQueryValidator, updateScheduleValidator } from '../validators.js'

const PAGE_SIZE = 50
/** the calendar's projected sends of recurring schedules, at most this many a range */
const MAX_OCCURRENCES = 2000
const OPEN = ['PENDENTE', 'AGENDADA']
/** a send time this far in the past is refused (a form left open a minute is fine) */
const PAST_TOLERANCE_MS = 60_000

const invalid = (fields: FieldError[]) => new AppError('ERR_VALIDATION', 422, { fields })

/** An ISO time, or a datetime-local value ("2026-12-02T10:00") read in the company's time zone. */
function parseTime(raw: string, zone: string, field: string): DateTime {
  const t = DateTime.fromISO(raw, { zone: zone || 'America/Sao_Paulo' })
  if (!t.isValid || t.year < 2000 || t.year > 2100) {
    throw invalid([{ field, rule: 'date', message: `The ${field} field must be a date and time` }])
  }
  return t
}

function notPast(t: DateTime) {
  if (t.toMillis() < clock.now() - PAST_TOLERANCE_MS) {
    throw invalid([{ field: 'sendAt', rule: 'future', message: 'The sendAt field must be a future time' }])
  }
}

async function findSchedule(ctx: HttpContext, trx?: any) {
  const query = Schedule.query(trx ? { client: trx } : undefined).where('id', idParam(ctx, 'ERR_NO_SCHEDULE_FOUND'))
  if (trx) query.forUpdate()
  const s = await query.first()
  if (!s) throw new AppError('ERR_NO_SCHEDULE_FOUND', 404)
  return s
}

/** Every referenced row must be the company's (the tenant scope filters the lookups). */
async function checkReferences(data: { whatsappId?: number | null; queueId?: number | null; userId?: number | null }) {
  if (data.whatsappId && !(await Whatsapp.find(data.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND', 404)
  const fields: FieldError[] = []
  if (data.queueId && !(await Queue.find(data.queueId)))
    fields.push({ field: 'queueId', rule: 'exists', message: 'Unknown queue' })
  if (data.userId && !(await User.find(data.userId)))
    fields.push({ field: 'userId', rule: 'exists', message: 'Unknown user' })
  if (fields.length) throw invalid(fields)
}

type RepeatInput = {
  repeatEvery?: Repeat['every']
  repeatCount?: number | null
  repeatUntil?: string | null
  repeatWeekdays?: Repeat['weekdays']
}

const sameRepeat = (a: Repeat, b: Repeat) =>
  a.every === b.every && a.count === b.count && a.until === b.until && a.weekdays.join() === b.weekdays.join()

/**
 * The repeat a PUT asks for: the stored one with the fields it sent laid over
 * (a count sent clears a stored end date and the other way round).
 */
function editedRepeat(cur: Repeat, r: RepeatInput): Repeat {
  const every = r.repeatEvery ?? cur.every
  return {
    every,
    weekdays: r.repeatWeekdays ?? (every === 'weekly' ? cur.weekdays : []),
    count: r.repeatCount !== undefined ? r.repeatCount : r.repeatUntil ? null : cur.count,
    until: r.repeatUntil !== undefined ? r.repeatUntil : r.repeatCount ? null : cur.until,
  }
}

async function contactName(contactId: number) {
  const contact = await getContact(contactId)
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
  return contact.name
}

/**
 * The calendar's view of recurring schedules: the sends their open rows will
 * make inside [start, end), beyond the rows themselves (each later send is
 * written only when the one before goes out).
 */
async function projectedSends(contactId: number | undefined, start: DateTime, end: DateTime, zone: string) {
  const query = Schedule.query()
    .whereIn('status', OPEN)
    .whereNull('message_id')
    .where('repeat_count', '>', 1)
    .whereNot('repeat_every', 'none')
    .where('send_at', '<', end.toJSDate())
    .orderBy('send_at')
    .limit(MAX_OCCURRENCES)
  if (contactId) query.where('contact_id', contactId)
  const out: { scheduleId: number; sendAt: string; body: string; contact: { id: number; name: string } }[] = []
  for (const row of await query) {
    for (const at of occurrencesIn(row, start.toMillis(), end.toMillis(), zone)) {
      if (out.length >= MAX_OCCURRENCES) return out
      out.push({
        scheduleId: row.id,
        sendAt: new Date(at).toISOString(),
        body: row.body,
        contact: { id: row.contactId, name: row.contactName },
      })
    }
  }
  return out
}

/**
 * Spec 3 §7 Schedules. Any user of the company reads and writes the company's
 * calendar (the reference has no per-user rule); a sent schedule is read-only.
 */
export default class SchedulesController {
  /** GET /schedules: searchParam (body or contact name), pageNumber; contactId and a date range narrow it. */
  async index(ctx: HttpContext) {
    const q = await ctx.request.validateUsing(listQueryValidator, { data: ctx.request.qs() })
    const zone = ctx.actor.company.timezone
    const query = Schedule.query().orderBy('send_at', 'asc').orderBy('id', 'asc')
    if (q.searchParam) {
      const term = likeTerm(q.searchParam)
      query.where((w) => w.whereRaw('lower(body) like ?', [term]).orWhereRaw('lower(contact_name) like ?', [term]))
    }
    if (q.contactId) query.where('contact_id', q.contactId)
    // upcoming: still to go out (a sent or failed row is history)
    if (q.upcoming) query.whereIn('status', OPEN).whereNull('message_id')
    const start = q.startDate ? parseTime(q.startDate, zone, 'startDate') : null
    const end = q.endDate ? parseTime(q.endDate, zone, 'endDate') : null
    if (start) query.where('send_at', '>=', start.toJSDate())
    if (end) query.where('send_at', '<', end.toJSDate())
    const page = pageNumber(ctx)
    const { rows, count, hasMore } = await paginate(query, page, PAGE_SIZE)
    const result = { schedules: await scheduleRecords(rows), count, hasMore }
    if (!start || !end || page !== 1) return result
    return { ...result, occurrences: await projectedSends(q.contactId, start, end, zone) }
  }

  async show(ctx: HttpContext) {
    return scheduleRecord(await findSchedule(ctx))
  }

  /** PENDENTE, then AGENDADA once its job is queued (the sweep queues it if the store is away). */
  async store(ctx: HttpContext) {
    const { sendAt, repeatEvery, repeatCount, repeatUntil, repeatWeekdays, ...data } =
      await ctx.request.validateUsing(createScheduleValidator)
    const zone = ctx.actor.company.timezone
    const when = parseTime(sendAt, zone, 'sendAt')
    notPast(when)
    const every = repeatEvery ?? 'none'
    const rule = buildRule(
      { every, weekdays: repeatWeekdays ?? [], count: repeatCount ?? null, until: repeatUntil ?? null },
      when.toMillis(),
      zone
    )
    await checkReferences(data)
    const schedule = new Schedule()
    schedule.merge({
      openTicket: 'disabled',
      statusTicket: 'closed',
      ...data,
      repeatEvery: every,
      repeatCount: rule.repeatCount,
      rrule: rule.rrule,
      contactName: await contactName(data.contactId),
      sendAt: when,
      status: 'PENDENTE',
      userId: ctx.actor.user.id,
    })
    await schedule.save()
    await queueSend(ctx.actor.company.id, schedule).catch(() => {})
    await schedule.refresh()
    await emitSchedule(ctx.actor.company.id, 'create', schedule)
    return ctx.response.created(await scheduleRecord(schedule))
  }

  /** PUT /schedules/{id} (the form plus userId). Refused once sent; a new time moves the job. */
  async update(ctx: HttpContext) {
    const { sendAt, userId, repeatEvery, repeatCount, repeatUntil, repeatWeekdays, ...data } =
      await ctx.request.validateUsing(updateScheduleValidator)
    const zone = ctx.actor.company.timezone
    const when = sendAt !== undefined ? parseTime(sendAt, zone, 'sendAt') : undefined
    await checkReferences({ ...data, userId })
    const name = data.contactId !== undefined ? await contactName(data.contactId) : undefined
    const { schedule, previousAt } = await db.transaction(async (trx) => {
      // the lock waits for a send in progress, which then makes the row read-only
      const s = await findSchedule(ctx, trx)
      if (s.isSent) throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 409)
      const before = s.sendAt.toMillis()
      if (when && when.toMillis() !== before) notPast(when)
      s.merge(data)
      if (name !== undefined) s.contactName = name
      if (when) s.sendAt = when
      if (userId) s.userId = userId
      // the rule is read from the row's own time: a new time or a new repeat rebuilds it
      const cur = repeatOf(s)
      const repeat = editedRepeat(cur, { repeatEvery, repeatCount, repeatUntil, repeatWeekdays })
      if (!sameRepeat(cur, repeat) || s.sendAt.toMillis() !== before) {
        const rule = buildRule(repeat, s.sendAt.toMillis(), zone)
        s.merge({ repeatEvery: repeat.every, repeatCount: rule.repeatCount, rrule: rule.rrule })
      }
      // an edited schedule (also one that failed before sending) is queued afresh
      s.merge({ status: 'PENDENTE', error: null })
      await s.useTransaction(trx).save()
      return { schedule: s, previousAt: before }
    })
    if (schedule.sendAt.toMillis() !== previousAt) await unqueueSend(schedule.id, previousAt)
    await queueSend(ctx.actor.company.id, schedule).catch(() => {})
    await schedule.refresh()
    await emitSchedule(ctx.actor.company.id, 'update', schedule)
    return scheduleRecord(schedule)
  }

  /** Removes the schedule and its job; a message already sent stays in its ticket. */
  async destroy(ctx: HttpContext) {
    const schedule = await db.transaction(async (trx) => {
      const s = await findSchedule(ctx, trx)
      await s.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'schedule.delete',
        entity: 'schedule',
        entityId: s.id,
        companyId: s.companyId,
        before: { contactId: s.contactId, sendAt: s.sendAt, status: s.status, rrule: s.rrule },
      })
      return s
    })
    await unqueueSend(schedule.id, schedule.sendAt.toMillis())
    emitScheduleDeleted(ctx.actor.company.id, schedule.id)
    return ctx.response.noContent()
  }
}
