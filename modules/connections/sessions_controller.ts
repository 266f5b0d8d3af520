import type { HttpContext } from '@adonisjs/core/http'
import { requireAdmin } from '#core/http'
import { Whatsapp } from '#core/models'
import { findConnection } from './services/find_connection.js'
import { sessionControl } from './services/session_control.js'
import { sessionStartValidator } from './validators.js'
import { present } from './services/connection_presenter.js'

async function answer(row: Whatsapp) {
  await row.refresh()
  await row.load('queues')
  return (await present([row], { admin: true }))[0]
}

/** Session commands (spec 2 §7): retry, new QR, disconnect, restart all. */
export default class SessionsController {
  async start(ctx: HttpContext) {
    requireAdmin(ctx)
    const row = await findConnection(ctx)
    const { pairingPhone } = await ctx.request.validateUsing(sessionStartValidator)
    await sessionControl.start(row, pairingPhone)
    return answer(row)
  }

  async fresh(ctx: HttpContext) {
    requireAdmin(ctx)
    const row = await findConnection(ctx)
    const { pairingPhone } = await ctx.request.validateUsing(sessionStartValidator)
    await sessionControl.fresh(row, pairingPhone)
    return answer(row)
  }

  async disconnect(ctx: HttpContext) {
    requireAdmin(ctx)
    const row = await findConnection(ctx)
    await sessionControl.disconnect(row)
    return answer(row)
  }

  /** POST /whatsapp-restart: every connection of the company starts again with its stored login */
  async restartAll(ctx: HttpContext) {
    requireAdmin(ctx)
    const rows = await Whatsapp.query().orderBy('id')
    for (const row of rows) await sessionControl.start(row).catch(() => {})
    return { restarted: rows.length }
  }
}
