/**
 * What channels with long-lived sessions (Telegram polling, IMAP mailboxes)
 * share: the list of a channel's connections of every company with the
 * channel's own state row of each, and the timer that keeps their sessions up
 * in the processes that run them (one run at a time, errors logged, stopped
 * at shutdown with the sessions).
 */
import logger from '@adonisjs/core/services/logger'
import Whatsapp from '#models/whatsapp'
import { tenancy, tenantTable } from './tenancy.js'

/** Every company's connections of a channel, each with its row of the channel's state table (keyed by whatsapp_id). */
export async function connectionsWithState<T = any>(channel: string, stateTable: string, limit = 5000) {
  return tenancy.asSystem(async () => {
    const connections = await Whatsapp.query().where('channel', channel).orderBy('id').limit(limit)
    const rows = await tenantTable(stateTable).whereIn(
      'whatsapp_id',
      connections.map((c) => c.id)
    )
    const byId = new Map(rows.map((r: any) => [Number(r.whatsapp_id), r as T]))
    return connections.map((c) => ({ whatsapp: c, state: byId.get(c.id) }))
  })
}

/** Runs `ensure` now and every `everyMs` until stopped; a run still going skips the next tick. */
export function sessionSweep(name: string, ensure: () => Promise<unknown>, closeAll: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | null = null
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      await ensure()
    } catch (error) {
      logger.warn({ error: String((error as Error).message) }, `${name} session sweep failed`)
    } finally {
      running = false
    }
  }
  return {
    start(everyMs = 30_000) {
      if (timer) return
      timer = setInterval(tick, everyMs)
      timer.unref()
      void tick()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await closeAll()
    },
  }
}
