/**
 * The daily token check of every Meta connection (whatsappapi, facebook,
 * instagram): GET /debug_token with the app token. A token Meta says is
 * invalid, expired or revoked sets the connection DISCONNECTED with the reason
 * (the connection's health error) and reports it as dropped, which raises the
 * connections badge and the admins' alert (the connections module owns both).
 * A token that is fine on a DISCONNECTED connection brings it back CONNECTED.
 */
import logger from '@adonisjs/core/services/logger'
import { tenancy, tenantTable } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { channelHooks, connectionRef } from '#core/pipeline'
import { metaConfig } from './config.js'
import { graph, GraphError } from './graph.js'
import { openSecret } from '#core/secrets'

/** the settings key holding each channel's sealed token */
export const TOKEN_FIELD: Record<string, string> = {
  whatsappapi: 'systemUserToken',
  facebook: 'pageToken',
  instagram: 'pageToken',
}

export interface TokenVerdict {
  valid: boolean
  reason?: string
}

export async function debugToken(token: string): Promise<TokenVerdict> {
  const { appId, appSecret } = metaConfig()
  if (!token) return { valid: false, reason: 'token missing or unreadable' }
  try {
    const res = await graph<{ data?: any }>('debug_token', {
      query: { input_token: token, access_token: `${appId}|${appSecret}` },
    })
    const d = res.data ?? {}
    if (d.is_valid === true) {
      const expires = Number(d.expires_at ?? 0)
      if (expires > 0 && expires * 1000 < Date.now()) return { valid: false, reason: 'token expired' }
      return { valid: true }
    }
    return { valid: false, reason: String(d.error?.message ?? 'token invalid or revoked').slice(0, 300) }
  } catch (error) {
    // Meta unreachable says nothing about the token: checked again next time
    if (error instanceof GraphError && error.badToken) return { valid: false, reason: error.message }
    throw error
  }
}

/** Checks one connection (in any scope); answers the verdict. */
export async function checkConnectionToken(whatsapp: Whatsapp) {
  const field = TOKEN_FIELD[whatsapp.channel]
  if (!field) return null
  const verdict = await debugToken(openSecret(whatsapp.settings?.[field]))
  const ref = connectionRef(whatsapp)
  if (!verdict.valid) {
    if (whatsapp.status !== 'DISCONNECTED') {
      await channelHooks.status(ref, 'DISCONNECTED')
      await channelHooks.health?.(ref, {
        disconnectedAt: new Date(),
        error: `token: ${verdict.reason}`,
        dropped: { reason: `token: ${verdict.reason}`, loggedOut: true },
      })
    }
  } else if (whatsapp.status !== 'CONNECTED') {
    await channelHooks.status(ref, 'CONNECTED')
    await channelHooks.health?.(ref, { connectedAt: new Date(), error: null })
  }
  return verdict
}

/** The job: every Meta connection of every company, one at a time. */
export async function runTokenHealth() {
  // system: the daily check looks at every company's Meta connections
  const rows = await tenancy.asSystem(() =>
    Whatsapp.query().whereIn('channel', Object.keys(TOKEN_FIELD)).orderBy('id').limit(10_000)
  )
  let bad = 0
  for (const w of rows) {
    try {
      const verdict = await tenancy.run(w.companyId, () => checkConnectionToken(w))
      if (verdict && !verdict.valid) bad++
    } catch (error) {
      logger.warn({ whatsappId: w.id, error: (error as Error).message }, 'meta token check failed')
    }
  }
  // read receipts never come for sends this old: their rows are of no use any more
  await tenancy.asSystem(() =>
    tenantTable('meta_outgoing')
      .where('sent_at', '<', new Date(Date.now() - 30 * 24 * 3600_000))
      .delete()
  )
  return { checked: rows.length, bad }
}
