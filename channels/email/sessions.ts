/**
 * Where mailbox sessions run, and the sweep that keeps them up there: the web
 * process with in-process workers, or worker processes; never in tests
 * unless a test asks (EMAIL_SESSIONS=on|off overrides). Every 30 s: a
 * connection with no mailbox row yet (just created), new settings (another
 * fingerprint), or no live session anywhere is started; a session here whose
 * company's plan no longer offers e-mail is stopped. A connection an admin
 * stopped (mode 'stopped') is left alone until started again.
 */
import logger from '@adonisjs/core/services/logger'
import { connectionsWithState, sessionSweep } from '#core/session_sweep'
import { channelHooks, connectionRef } from '#core/pipeline'
import { connectionChannelEnabled } from '#core/channels'
import { accountOf, fingerprint } from './accounts.js'
import { leaseLive } from './state.js'
import { closeAllSessions, closeSession, localSession } from './session.js'

let defaultHere = false

/** Set by the provider once it knows the process kind. */
export function setSessionsDefault(here: boolean) {
  defaultHere = here
}

export function sessionsRunHere() {
  const flag = process.env.EMAIL_SESSIONS
  if (flag === 'on') return true
  if (flag === 'off') return false
  return defaultHere
}

export async function ensureSessions() {
  const { emailDriver } = await import('./driver.js')
  // every company's e-mail connections; each is started in its own company's scope
  const rows = await connectionsWithState('email', 'email_mailboxes')
  let started = 0
  for (const { whatsapp, state: box } of rows) {
    if (box?.mode === 'stopped') continue
    const enabled = await connectionChannelEnabled(whatsapp.companyId, whatsapp.id).catch(() => false)
    if (!enabled) {
      if (localSession(whatsapp.id)) await closeSession(whatsapp.id)
      continue
    }
    const account = accountOf(whatsapp.settings)
    if (!account.imap.password) continue
    const here = localSession(whatsapp.id)
    const fresh = !box || box.settings_hash !== fingerprint(account) || (here && here.hash !== box.settings_hash)
    const orphan = !here && !leaseLive(box)
    if (!fresh && !orphan) continue
    await emailDriver.start(connectionRef(whatsapp), channelHooks).catch((error) => {
      logger.warn({ whatsappId: whatsapp.id, error: String(error?.message) }, 'email session start failed')
    })
    started++
  }
  return started
}

const sweep = sessionSweep('email', ensureSessions, closeAllSessions)
export const startSessionSweep = (everyMs?: number) => sweep.start(everyMs)
export const stopSessionSweep = () => sweep.stop()
