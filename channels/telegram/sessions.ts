/**
 * Keeps every Telegram connection's session up where sessions run (the web
 * process with in-process workers, or worker processes; never in tests): a
 * connection with no session yet (just created), a new token, or a mode that
 * no longer fits APP_URL is started; a polling connection gets its loop in
 * this process. A connection an admin stopped (mode 'stopped') is left alone
 * until started again. A polling bot is polled by one process at a time
 * (the poll lease in telegram_bots).
 */
import logger from '@adonisjs/core/services/logger'
import { connectionsWithState, sessionSweep } from '#core/session_sweep'
import { channelHooks, connectionRef } from '#core/pipeline'
import { connectionChannelEnabled } from '#core/channels'
import { hashSecret, pollLeaseLive } from './bot_state.js'
import { publicUrl } from './config.js'
import { openSecret } from '#core/secrets'
import { telegramDriver } from './driver.js'
import { isPolling, stopAllPolling } from './poller.js'

export async function ensureSessions() {
  // every company's telegram connections; each is started in its own company's scope
  const rows = await connectionsWithState('telegram', 'telegram_bots')
  const webhook = Boolean(publicUrl())
  let started = 0
  for (const { whatsapp, state: bot } of rows) {
    if (bot?.mode === 'stopped') continue
    const token = openSecret(whatsapp.settings?.botToken)
    if (!token) continue
    const fresh = !bot || bot.token_hash !== hashSecret(token)
    const modeChanged = bot && (bot.mode === 'webhook') !== webhook
    // a bot polled by another live process is left to it
    const needsLoop = !webhook && !isPolling(whatsapp.id) && !pollLeaseLive(bot)
    if (!fresh && !modeChanged && !needsLoop) continue
    if (!(await connectionChannelEnabled(whatsapp.companyId, whatsapp.id).catch(() => false))) continue
    await telegramDriver.start(connectionRef(whatsapp), channelHooks).catch((error) => {
      logger.warn({ whatsappId: whatsapp.id, error: String(error?.message) }, 'telegram session start failed')
    })
    started++
  }
  return started
}

const sweep = sessionSweep('telegram', ensureSessions, stopAllPolling)
export const startSessionSweep = (everyMs?: number) => sweep.start(everyMs)
export const stopSessionSweep = () => sweep.stop()
