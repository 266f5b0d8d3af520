import type { HttpContext } from '@adonisjs/core/http'
import { audit } from '#core/audit'
import { exportRequester } from '#core/file_exports'
import { requireAdmin } from '#core/http'
import { filtersValidator } from '../validators.js'
import { facets, page, type AuditFilters, type Reader } from '../services/query.js'
import { exportXlsx } from '../services/export.js'
import { auditExports, dispatchExport } from '../services/export_job.js'

const PAGE_SIZE = 50
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

async function filtersOf(ctx: HttpContext): Promise<AuditFilters & { limit?: number }> {
  const data = await ctx.request.validateUsing(filtersValidator)
  // only the super user chooses a company; an admin's scope is always their own
  if (!ctx.actor.user.super) delete data.companyId
  return data as AuditFilters & { limit?: number }
}

/** The filters of an export: the page's, without its paging. */
async function exportFiltersOf(ctx: HttpContext): Promise<AuditFilters> {
  const { before: ignored, limit: ignoredLimit, ...filters } = await filtersOf(ctx)
  void ignored
  void ignoredLimit
  return filters
}

const readerOf = (ctx: HttpContext): Reader => ({ superUser: !!ctx.actor.user.super })
// the super user's export reads every company's rows (its query scopes itself)
const requesterOf = (ctx: HttpContext) => ({ ...exportRequester(ctx), superUser: !!ctx.actor.user.super })

/** An export is itself an action worth logging: who took the log out, with which filters. */
const logExport = (ctx: HttpContext, details: Record<string, unknown>) =>
  audit.record(null, {
    action: 'audit.export',
    entity: 'audit',
    companyId: ctx.actor.user.super ? null : ctx.actor.user.companyId,
    details,
  })

export default class AuditLogsController {
  /** GET /audit-logs: newest first, filtered, keyset-paged by `before`. */
  async index(ctx: HttpContext) {
    requireAdmin(ctx)
    const filters = await filtersOf(ctx)
    return page(readerOf(ctx), filters, filters.limit ?? PAGE_SIZE)
  }

  /** GET /audit-logs/facets: the actions and entities present, for the filter menus. */
  async facets(ctx: HttpContext) {
    requireAdmin(ctx)
    return facets(readerOf(ctx))
  }

  /** GET /audit-logs/export: the filtered log as xlsx in the answer (API clients; capped). */
  async export(ctx: HttpContext) {
    requireAdmin(ctx)
    const filters = await exportFiltersOf(ctx)
    const { buffer, rows } = await exportXlsx(readerOf(ctx), filters)
    await logExport(ctx, { rows, filters })
    ctx.response.header('content-type', XLSX)
    ctx.response.header('content-disposition', 'attachment; filename="audit-log.xlsx"')
    return ctx.response.send(buffer)
  }

  /** POST /audit-logs/exports: queues the export of the filtered log; 202 { exportId, total }. */
  async startExport(ctx: HttpContext) {
    requireAdmin(ctx)
    const filters = await exportFiltersOf(ctx)
    const started = await dispatchExport(requesterOf(ctx), filters)
    await logExport(ctx, { rows: started.total, filters, exportId: started.exportId })
    return ctx.response.accepted({ ...started, status: 'queued', done: 0 })
  }

  /** GET /audit-logs/exports/:id: the caller's export state and progress { status, done, total }. */
  async exportProgress(ctx: HttpContext) {
    requireAdmin(ctx)
    return auditExports().state(ctx.params.id, requesterOf(ctx), 'ERR_AUDIT_EXPORT_NOT_FOUND')
  }

  /** GET /audit-logs/exports/:id/file: the finished xlsx. */
  async exportDownload(ctx: HttpContext) {
    requireAdmin(ctx)
    await auditExports().send(
      ctx.response,
      ctx.params.id,
      requesterOf(ctx),
      'ERR_AUDIT_EXPORT_NOT_FOUND',
      'audit-log.xlsx'
    )
  }
}
