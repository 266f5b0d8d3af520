/**
 * The dashboard's calls: counters and attendants (GET /dashboard), the two
 * charts (ticketsUsers, ticketsDay), the panel's tickets (dashboard/moments,
 * usersMoments), the reports and their exports, and the tracking backfill. The company is always the
 * caller's (tenancy), never a query parameter.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import { requireAdmin } from '#core/http'
import { audit } from '#core/audit'
import { exportRequester } from '#core/file_exports'
import { momentTickets } from '#modules/inbox/public/moments'
import { dayRange } from './stats/range.js'
import { attendantCount, dashboard, ticketsPerDay, ticketsPerUser } from './stats/dashboard_stats.js'
import {
  chartValidator,
  dashboardValidator,
  exportValidator,
  idList,
  momentsValidator,
  reportValidator,
} from './validators.js'
import { report, reportCount } from './stats/reports.js'
import { tableExports, type TableExportParams } from './stats/export.js'
import { backfillProgress, dispatchBackfill } from './tracking/backfill.js'

/** The spec's moments window: the panel looks 30 days back by default. */
const MOMENTS_DAYS = 30
const MOMENTS_LIMIT = 500

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

  /**
   * POST /dashboard/exports: the attendants table or a report as an xlsx or CSV
   * file, with the same filters as the screens, written by a job; 202 { exportId, total }.
   */
  async startExport(ctx: HttpContext) {
    requireDashboard(ctx)
    const q = await ctx.request.validateUsing(exportValidator)
    const lang = q.lang ?? 'pt'
    const zone = zoneOf(ctx)
    const range = dayRange({ from: q.date_from, to: q.date_to, days: q.days }, zone)
    const params: TableExportParams = {
      table: q.table,
      format: q.format,
      lang,
      fromDay: range.fromDay,
      toDay: range.toDay,
      zone,
      timesZone: q.table === 'groups' ? (GROUP_ZONES[lang] ?? zone) : zone,
      queueId: q.queueId ?? null,
      userId: q.userId ?? null,
      whatsappId: q.whatsappId ?? null,
    }
    const total =
      q.table === 'attendants'
        ? await attendantCount({ userId: q.userId })
        : await reportCount(range, { kind: q.table, queueId: q.queueId, userId: q.userId, whatsappId: q.whatsappId })
    const exportId = await tableExports().start(exportRequester(ctx), params)
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
        queueId: params.queueId,
        userId: params.userId,
        whatsappId: params.whatsappId,
        rows: total,
        exportId,
      },
    })
    return ctx.response.accepted({ exportId, total, status: 'queued', done: 0 })
  }

  /** GET /dashboard/exports/:exportId: the caller's export state { status, done, total }. */
  async exportProgress(ctx: HttpContext) {
    requireDashboard(ctx)
    return tableExports().state(ctx.params.exportId, exportRequester(ctx), 'ERR_DASHBOARD_EXPORT_NOT_FOUND')
  }

  /** GET /dashboard/exports/:exportId/file: the finished file, named by its table and days. */
  async exportDownload(ctx: HttpContext) {
    requireDashboard(ctx)
    const requester = exportRequester(ctx)
    const p = await tableExports().params(ctx.params.exportId, requester)
    const name = p ? `${p.table}-${p.fromDay}-${p.toDay}.${p.format}` : 'export'
    await tableExports().send(ctx.response, ctx.params.exportId, requester, 'ERR_DASHBOARD_EXPORT_NOT_FOUND', name)
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
