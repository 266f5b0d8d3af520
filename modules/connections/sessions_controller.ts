import type { HttpContext } from '@adonisjs/core/http'
import { requireAdmin } from '#core/http'
import { Whatsapp } from '#core/models'
import { withConnection } from './services/acting_company.js'
import { sessionControl } from './services/session_control.js'
import { sessionStartValidator } from './validators.js'
import { present } from './services/connection_presenter.js'

/** the connection after the command: the whole record for its company's admin, no token for the super user's view of another company */
async function answer(row: Whatsapp, foreign: boolean) {
  await row.refresh()
  await row.load('queues')
  return (await present([row], foreign ? { admin: false, qr: true } : { admin: true }))[0]
}

/**
 * Session commands (spec 2 §7): retry, new QR, disconnect, restart all. The
 * super user may also command another company's connection (all-connections
 * dialog, services/acting_company.ts); restart all stays the caller's company.
 */
export default class SessionsController {
  async start(ctx: HttpContext) {
    requireAdmin(ctx)
    const { pairingPhone } = await ctx.request.validateUsing(sessionStartValidator)
    return withConnection(ctx, async (row, foreign) => {
      await sessionControl.start(row, pairingPhone)
      return answer(row, foreign)
    })
  }

  async fresh(ctx: HttpContext) {
    requireAdmin(ctx)
    const { pairingPhone } = await ctx.request.validateUsing(sessionStartValidator)
    return withConnection(ctx, async (row, foreign) => {
      await sessionControl.fresh(row, pairingPhone)
      return answer(row, foreign)
    })
  }

  async disconnect(ctx: HttpContext) {
    requireAdmin(ctx)
    return withConnection(ctx, async (row, foreign) => {
      await sessionControl.disconnect(row)
      return answer(row, foreign)
    })
  }

  /** POST /whatsapp-restart: every connection of the company starts again with its stored login */
  async restartAll(ctx: HttpContext) {
    requireAdmin(ctx)
    const rows = await Whatsapp.query().orderBy('id')
    for (const row of rows) await sessionControl.start(row).catch(() => {})
    return { restarted: rows.length }
  }
}
