/**
 * POST /facebook (spec 2 §6): an admin signed in with Facebook hands over the
 * short-lived user token; the server exchanges it for a long-lived one
 * (/oauth/access_token, fb_exchange_token), lists the user's pages
 * (/{user}/accounts, with their Instagram business accounts when addInstagram),
 * subscribes the app to each page's messaging webhooks (/{page}/subscribed_apps)
 * and creates or refreshes one connection per page (facebook) and per Instagram
 * account (instagram), page tokens sealed. The plan's flags and connection
 * limit are checked before anything is written; a page already connected by
 * another company is skipped (a webhook names one owner).
 */
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { planOffersChannel } from '#core/channels'
import { tenancy, tenantTable } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { channelHooks, connectionRef } from '#core/pipeline'
import { metaConfig } from '../config.js'
import { graph, GraphError } from '../graph.js'
import { sealSecret } from '#core/secrets'
import { forgetMetaConnections } from '../connections.js'

const SUBSCRIBED_FIELDS =
  'messages,message_echoes,message_deliveries,message_reads,message_reactions,messaging_postbacks'

interface Page {
  id: string
  name: string
  access_token: string
  instagram_business_account?: { id: string; username?: string; name?: string }
}

interface Target {
  channel: 'facebook' | 'instagram'
  account: string
  name: string
  pageId: string
  pageToken: string
  igId?: string
}

export interface ConnectInput {
  facebookUserId: string
  facebookUserToken: string
  addInstagram?: boolean
}

const meta = (error: unknown) => {
  if (error instanceof GraphError && error.badToken) return new AppError('ERR_META_TOKEN_INVALID', 422)
  if (error instanceof AppError) return error
  return new AppError('ERR_META_SEND_FAILED', 502)
}

export async function connectPages(input: ConnectInput, plan: Record<string, any>) {
  const { appId, appSecret } = metaConfig()
  if (!appId || !appSecret) throw new AppError('ERR_META_NOT_CONFIGURED', 422)
  if (!planOffersChannel(plan, 'facebook')) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)
  if (input.addInstagram && !planOffersChannel(plan, 'instagram')) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)

  let pages: Page[]
  let userToken: string
  try {
    const exchanged = await graph<{ access_token?: string }>('oauth/access_token', {
      query: {
        grant_type: 'fb_exchange_token',
        client_id: appId,
        client_secret: appSecret,
        fb_exchange_token: input.facebookUserToken,
      },
    })
    userToken = String(exchanged.access_token ?? '')
    if (!userToken) throw new AppError('ERR_META_TOKEN_INVALID', 422)
    const fields = input.addInstagram
      ? 'id,name,access_token,instagram_business_account{id,username,name}'
      : 'id,name,access_token'
    const listed = await graph<{ data?: Page[] }>(`${encodeURIComponent(input.facebookUserId)}/accounts`, {
      token: userToken,
      query: { fields, limit: 100 },
    })
    pages = (listed.data ?? []).filter((p) => /^\d{1,25}$/.test(String(p?.id)) && typeof p.access_token === 'string')
  } catch (error) {
    throw meta(error)
  }
  if (!pages.length) throw new AppError('ERR_META_NO_PAGES', 422)

  const targets: Target[] = []
  for (const p of pages) {
    targets.push({
      channel: 'facebook',
      account: String(p.id),
      name: String(p.name ?? p.id).slice(0, 100),
      pageId: String(p.id),
      pageToken: p.access_token,
    })
    const ig = p.instagram_business_account
    if (input.addInstagram && ig?.id && /^\d{1,25}$/.test(String(ig.id))) {
      targets.push({
        channel: 'instagram',
        account: String(ig.id),
        name: String(ig.username ?? ig.name ?? ig.id).slice(0, 100),
        pageId: String(p.id),
        pageToken: p.access_token,
        igId: String(ig.id),
      })
    }
  }

  const companyId = tenancy.requireCompanyId()
  // system: a page belongs to one company; another company's claim is only looked at, never changed
  const claimed = await tenancy.asSystem(() =>
    tenantTable('whatsapps')
      .whereIn('channel', ['facebook', 'instagram'])
      .whereNot('company_id', companyId)
      .where((q) => {
        for (const t of targets)
          q.orWhereRaw(`(channel = ? and settings->>? = ?)`, [
            t.channel,
            t.channel === 'facebook' ? 'pageId' : 'igId',
            t.account,
          ])
      })
      .select('channel', db.raw(`coalesce(settings->>'igId', settings->>'pageId') as account`))
  )
  const taken = new Set(claimed.map((r: any) => `${r.channel}:${r.account}`))
  const wanted = targets.filter((t) => !taken.has(`${t.channel}:${t.account}`))
  const skipped = targets
    .filter((t) => taken.has(`${t.channel}:${t.account}`))
    .map((t) => ({ channel: t.channel, name: t.name }))

  // the app listens to each page before any connection exists (nothing is written if Meta refuses)
  try {
    for (const pageId of new Set(wanted.map((t) => t.pageId))) {
      const token = wanted.find((t) => t.pageId === pageId)!.pageToken
      await graph(`${pageId}/subscribed_apps`, {
        method: 'POST',
        token,
        query: { subscribed_fields: SUBSCRIBED_FIELDS },
      })
    }
  } catch (error) {
    throw meta(error)
  }

  const saved = await db.transaction(async (trx) => {
    const out: Whatsapp[] = []
    const limitRow = await trx
      .from('companies')
      .join('plans', 'plans.id', 'companies.plan_id')
      .where('companies.id', companyId)
      .select('companies.connections_limit', 'plans.connections')
      .first()
    const limit = Number(limitRow?.connections_limit ?? limitRow?.connections ?? 0)
    let used = Number((await tenantTable('whatsapps', trx).count('* as n').first())?.n ?? 0)
    for (const t of wanted) {
      const key = t.channel === 'facebook' ? 'pageId' : 'igId'
      const settings = {
        pageId: t.pageId,
        ...(t.igId ? { igId: t.igId } : {}),
        pageToken: sealSecret(t.pageToken),
        facebookUserId: input.facebookUserId,
      }
      const existing = await Whatsapp.query({ client: trx })
        .where('channel', t.channel)
        .whereRaw('settings->>? = ?', [key, t.account])
        .first()
      if (existing) {
        existing.merge({ settings, status: 'CONNECTED', name: existing.name || t.name })
        await existing.save()
        out.push(existing)
        continue
      }
      if (used >= limit) throw new AppError('ERR_PLAN_CONNECTIONS_LIMIT', 403)
      used++
      const created = new Whatsapp()
      created.useTransaction(trx)
      created.merge({ name: t.name, channel: t.channel, status: 'CONNECTED', number: t.account, settings } as any)
      await created.save()
      out.push(created)
    }
    return out
  })
  forgetMetaConnections()
  // announced like any status change (the connections screen updates live)
  for (const w of saved) await channelHooks.status(connectionRef(w), 'CONNECTED').catch(() => {})
  return {
    connections: saved.map((w) => ({ id: w.id, name: w.name, channel: w.channel, status: w.status })),
    skipped,
  }
}
