/**
 * The dashboard's calls: counters and attendants (GET /dashboard), the two
 * charts (ticketsUsers, ticketsDay), the panel's tickets (dashboard/moments,
 * usersMoments) and the tracking backfill. The company is always the
 * caller's (tenancy), never a query parameter.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import { requireAdmin } from '#core/http'
import { audit } from '#core/audit'
import { momentTickets } from '#modules/inbox/public/moments'
import { dayRange } from './stats/range.js'
import { dashboard, ticketsPerDay, ticketsPerUser } from './stats/dashboard_stats.js'
import {
  chartValidator,
  dashboardValidator,
  exportValidator,
  idList,
  momentsValidator,
  reportValidator,
} from './validators.js'
import { report } from './stats/reports.js'
import { CONTENT_TYPES, sheet } from './stats/sheet.js'
import { EXPORT_TEXTS } from './stats/export_texts.js'
import { backfillProgress, dispatchBackfill } from './tracking/backfill.js'

/** The spec's moments window: the panel looks 30 days back by default. */
const MOMENTS_DAYS = 30
const MOMENTS_LIMIT = 500
/** the most rows one export writes (a request, not a job: a report this size takes well under a second) */
const EXPORT_LIMIT = 10_000

/** Spec 1 §9: the group report's times are Brazil's in Portuguese and Mexico's in Spanish. */
const GROUP_ZONES: Record<string, string> = { pt: 'America/Sao_Paulo', es: 'America/Mexico_City' }

/** Admins and users with showDashboard (spec 1 §6). */
function requireDashboard(ctx: HttpContext) {
  const { user } = ctx.actor
  if (!user.isAdmin && user.showDashboard !== 'enabled') throw new AppError('ERR_NO_PERMISSION', 403)
}

const zoneOf = (ctx: HttpContext) => ctx.actor.company.timezone || 'America/Sao_Paulo'

export default class DashboardController {
  async index(ctx: HttpContext) {
    requireDashboard(ctx)
    const q = await dashboardValidator.validate(ctx.request.qs())
    const range = dayRange({ from: q.date_from, to: q.date_to, days: q.days }, zoneOf(ctx))
    const { counters, attendants } = await dashboard(range, { queueId: q.queueId, userId: q.userId })
    return { counters, attendants, range: { from: range.fromDay, to: range.toDay, timezone: range.zone } }
  }

  async ticketsUsers(ctx: HttpContext) {
    requireDashboard(ctx)
    const q = await chartValidator.validate(ctx.request.qs())
    const range = dayRange({ from: q.initialDate, to: q.finalDate }, zoneOf(ctx))
    return { data: await ticketsPerUser(range) }
  }

  async ticketsDay(ctx: HttpContext) {
    requireDashboard(ctx)
    const q = await chartValidator.validate(ctx.request.qs())
    const range = dayRange({ from: q.initialDate, to: q.finalDate }, zoneOf(ctx))
    return ticketsPerDay(range)
  }

  /** The panel's tickets; every signed-in user, limited to what they may see. */
  async moments(ctx: HttpContext) {
    const qs = ctx.request.qs()
    const q = await momentsValidator.validate({ ...qs, queueIds: idList(qs.queueIds ?? qs['queueIds[]']) })
    const zone = zoneOf(ctx)
    const since = q.dateStart
      ? dayRange({ from: q.dateStart, to: q.dateStart }, zone).from
      : DateTime.now().minus({ days: MOMENTS_DAYS }).toJSDate()
    const until = q.dateEnd ? dayRange({ from: q.dateEnd, to: q.dateEnd }, zone).to : null
    if (until && since >= until) throw new AppError('ERR_DASHBOARD_FILTER', 400)
    return momentTickets(ctx, {
      status: q.status,
      showAll: q.showAll ?? true,
      queueIds: q.queueIds,
      userId: q.userId,
      since,
      until,
      limit: MOMENTS_LIMIT,
    })
  }

  /** One report (calls, surveys, duration, groups), one row per ticket session, paged. */
  async report(ctx: HttpContext) {
    requireDashboard(ctx)
    const q = await reportValidator.validate(ctx.request.qs())
    const range = dayRange({ from: q.date_from, to: q.date_to, days: q.days }, zoneOf(ctx))
    return report(
      range,
      { kind: q.kind, queueId: q.queueId, userId: q.userId, whatsappId: q.whatsappId },
      { number: q.pageNumber ?? 1, size: q.pageSize ?? 50 }
    )
  }

  /** The attendants table or a report as an xlsx or CSV file, with the same filters as the screens. */
  async export(ctx: HttpContext) {
    requireDashboard(ctx)
    const q = await exportValidator.validate(ctx.request.qs())
    const lang = q.lang ?? 'pt'
    const texts = EXPORT_TEXTS[lang]
    const range = dayRange({ from: q.date_from, to: q.date_to, days: q.days }, zoneOf(ctx))
    let header: string[]
    let rows: (string | number | null)[][]
    if (q.table === 'attendants') {
      const { attendants } = await dashboard(range, { queueId: q.queueId, userId: q.userId })
      header = [...texts.attendants]
      rows = attendants.map((a) => [
        a.name,
        a.rating,
        a.countRating,
        a.tickets,
        a.avgWaitTime,
        a.avgSupportTime,
        a.online ? texts.online : texts.offline,
      ])
    } else {
      const zone = q.table === 'groups' ? (GROUP_ZONES[lang] ?? zoneOf(ctx)) : zoneOf(ctx)
      const when = (v: string | null) => (v ? DateTime.fromISO(v).setZone(zone).toFormat('yyyy-MM-dd HH:mm') : null)
      const page = await report(
        range,
        { kind: q.table, queueId: q.queueId, userId: q.userId, whatsappId: q.whatsappId },
        { number: 1, size: EXPORT_LIMIT }
      )
      header = [...texts.report]
      rows = page.rows.map((r) => [
        r.ticketId,
        r.contact,
        r.connection,
        r.user,
        r.queue,
        when(r.queuedAt),
        when(r.startedAt),
        when(r.closedAt),
        r.waitMinutes,
        r.serviceMinutes,
        r.rate,
      ])
    }
    const title = texts.titles[q.table]
    const body = await sheet(q.format, title, header, rows)
    await audit.record(null, {
      action: 'report.export',
      entity: 'report',
      entityId: q.table,
      companyId: ctx.actor.company.id,
      details: {
        table: q.table,
        format: q.format,
        from: range.fromDay,
        to: range.toDay,
        queueId: q.queueId ?? null,
        userId: q.userId ?? null,
        whatsappId: q.whatsappId ?? null,
        rows: rows.length,
      },
    })
    ctx.response.header('content-type', CONTENT_TYPES[q.format])
    ctx.response.header(
      'content-disposition',
      `attachment; filename="${q.table}-${range.fromDay}-${range.toDay}.${q.format}"`
    )
    return ctx.response.send(body)
  }

  /** Tracks the tickets that existed before the dashboard (a job; idempotent). */
  async backfill(ctx: HttpContext) {
    requireAdmin(ctx)
    const job = await dispatchBackfill(ctx.actor.company.id)
    return ctx.response.accepted({ jobId: job.id })
  }

  /** The company's latest backfill: { state, done, total } ('missing' once none is kept). */
  async backfillStatus(ctx: HttpContext) {
    requireAdmin(ctx)
    return backfillProgress(ctx.actor.company.id)
  }
}
