import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { idParam, requireSuper } from '#core/http'
import { Company, Queue, Whatsapp } from '#core/models'
import { tenancy } from '#core/tenancy'
import { updateConnectionValidator } from './validators.js'
import { updateConnection } from './services/connection_writer.js'
import { present } from './services/connection_presenter.js'
import { connectionEvents } from './services/connection_events.js'
import { sessionControl } from './services/session_control.js'
import { companyWithPlan } from './services/acting_company.js'
import { channelDefsForPlan } from '#core/channels'
import { companySettings } from '#core/settings'

/**
 * The super user's all-connections page (spec 3 §2). Cross-tenant by design,
 * so it says so with tenancy.asSystem; tokens of other companies are never
 * returned, not even to the super user.
 */
export default class AdminController {
  /** GET /whatsapp/all: every connection with its company, plus per-company counts */
  async all(ctx: HttpContext) {
    requireSuper(ctx)
    return tenancy.asSystem(async () => {
      const rows = await Whatsapp.query().preload('queues').orderBy('company_id').orderBy('name')
      const companies = await Company.query().select('id', 'name').orderBy('id')
      const connections = await present(rows, { admin: false, session: ctx.request.input('session') !== '0' })
      const counts = companies.map((c) => {
        const mine = rows.filter((r) => r.companyId === c.id)
        const connected = mine.filter((r) => r.status === 'CONNECTED').length
        return { companyId: c.id, name: c.name, connected, disconnected: mine.length - connected, total: mine.length }
      })
      return { connections, companies: counts }
    })
  }

  /** GET /whatsapp-admin/:id: the connections of company :id */
  async company(ctx: HttpContext) {
    requireSuper(ctx)
    const companyId = idParam(ctx, 'ERR_NO_COMPANY_FOUND')
    return tenancy.asSystem(async () => {
      if (!(await Company.find(companyId))) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
      const rows = await Whatsapp.query().where('company_id', companyId).preload('queues').orderBy('name')
      return present(rows, { admin: false, session: ctx.request.input('session') !== '0' })
    })
  }

  /**
   * GET /whatsapp-admin/:id/channels: what the company dialog needs of company :id
   * to add and edit its connections: the channels its plan offers (the add menu),
   * its scheduleType (the editor's schedules tab shows for 'connection') and its
   * queues (the editor's queue options: the super user's own are not that company's).
   */
  async channels(ctx: HttpContext) {
    requireSuper(ctx)
    const company = await companyWithPlan(idParam(ctx, 'ERR_NO_COMPANY_FOUND'))
    return tenancy.run(company.id, async () => {
      const scheduleType = await companySettings.get('scheduleType')
      const queues = await Queue.query().select('id', 'name', 'color').orderBy('name')
      return {
        channels: channelDefsForPlan(company.plan),
        scheduleType,
        queues: queues.map((q) => ({ id: q.id, name: q.name, color: q.color })),
      }
    })
  }

  /** PUT /whatsapp-admin/:id: edits connection :id of any company, under that company's rules */
  async update(ctx: HttpContext) {
    requireSuper(ctx)
    const id = idParam(ctx, 'ERR_NO_WAPP_FOUND')
    const owner = await tenancy.asSystem(() => Whatsapp.find(id))
    if (!owner) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    const input = await ctx.request.validateUsing(updateConnectionValidator)
    return tenancy.run(owner.companyId, async () => {
      const current = await Whatsapp.query().where('id', id).preload('queues').firstOrFail()
      const { row, restart } = await updateConnection(current, { ...input, token: undefined })
      // switching old-message import on restarts a connected session, as on the connections page
      if (restart) await sessionControl.fresh(row).catch(() => {})
      await row.load('queues')
      const [out] = await present([row], { admin: false })
      await connectionEvents.updated(row.companyId, out)
      return out
    })
  }
}
