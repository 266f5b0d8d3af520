import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { AppError } from '#core/errors'
import { idParam, requireAdmin } from '#core/http'
import { jobs } from '#core/jobs'
import { realtime } from '#core/realtime'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import { visibleTicketFor } from '#modules/inbox/public/ticket_context'
import { presentCall } from '../services/calls.js'
import { callsToday, dailyCallLimit } from '../services/guard.js'
import { QUEUE, type AssistJob } from '../services/runner.js'
import { clearKey, present, readSettings, writeSettings } from '../services/settings.js'
import { requestValidator, settingsValidator } from '../validators.js'

/** pg_advisory_xact_lock namespace of the daily guard (one lock per company) */
const GUARD_LOCK = 190_401

/**
 * The agents' AI help. Settings: any user reads whether it is on (the chat
 * hides the menu otherwise), admins see the key's mask and change it.
 * Requests: any user on a ticket they may see; the answer is theirs alone.
 */
export default class AssistController {
  async settings(ctx: HttpContext) {
    const isAdmin = ctx.actor.user.isAdmin
    const view = present(await readSettings(), isAdmin)
    return isAdmin ? { ...view, dailyLimit: dailyCallLimit(), usedToday: await callsToday() } : view
  }

  async saveSettings(ctx: HttpContext) {
    requireAdmin(ctx)
    const data = await ctx.request.validateUsing(settingsValidator)
    const saved = present(await writeSettings(data), true)
    // the chat's AI menu appears or goes away for everyone at once (no key in the event)
    realtime.toCompany(ctx.actor.company.id, 'assist', {
      action: 'settings',
      configured: saved.configured,
      model: saved.model,
    })
    return { ...saved, dailyLimit: dailyCallLimit(), usedToday: await callsToday() }
  }

  /** 202 with the pending request; the answer comes by realtime (company-{id}-assist) or GET /assist/jobs/:id. */
  async request(ctx: HttpContext) {
    const ticketId = idParam(ctx, 'ERR_NO_TICKET_FOUND', 'ticketId')
    const data = await ctx.request.validateUsing(requestValidator)
    const ticket = await visibleTicketFor(ctx, ticketId)
    if (!clearKey(await readSettings())) throw new AppError('ERR_ASSIST_NO_KEY', 422)
    const companyId = tenancy.requireCompanyId()
    const row = await db.transaction(async (trx) => {
      // one request at a time per company passes the count, so the limit holds under concurrency
      await trx.rawQuery('SELECT pg_advisory_xact_lock(?, ?)', [GUARD_LOCK, companyId])
      if ((await callsToday(trx)) >= dailyCallLimit()) throw new AppError('ERR_ASSIST_DAILY_LIMIT', 429)
      const [inserted] = await tenantInsert(
        'assist_calls',
        {
          user_id: ctx.actor.user.id,
          ticket_id: ticket.id,
          kind: data.kind,
          status: 'pending',
          input: data.kind === 'improve' ? (data.text ?? '') : null,
        },
        trx
      ).returning('*')
      return inserted
    })
    const job: AssistJob = { companyId, callId: Number(row.id) }
    try {
      await jobs.dispatch(QUEUE, 'run', job, { jobId: `assist-${companyId}-${row.id}`, attempts: 1 })
    } catch (e) {
      logger.error({ err: e, ...job }, 'assist: could not queue the AI request')
      await tenantTable('assist_calls')
        .where('id', row.id)
        .update({ status: 'failed', error: 'ERR_SERVICE_UNAVAILABLE', input: null, finished_at: new Date() })
      throw e instanceof AppError ? e : new AppError('ERR_SERVICE_UNAVAILABLE', 503)
    }
    return ctx.response.accepted({ job: presentCall(row) })
  }

  /** The caller's own request only: another agent's answer (their draft, their summary) is not found. */
  async job(ctx: HttpContext) {
    const id = idParam(ctx, 'ERR_NO_ASSIST_JOB_FOUND')
    const row = await tenantTable('assist_calls').where({ id, user_id: ctx.actor.user.id }).first()
    if (!row) throw new AppError('ERR_NO_ASSIST_JOB_FOUND', 404)
    return { job: presentCall(row) }
  }
}
