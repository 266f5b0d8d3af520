import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { idParam, likeTerm, pageNumber, paginate, requireAdmin } from '#core/http'
import { realtime } from '#core/realtime'
import { audit } from '#core/audit'
import QueueIntegration from '../models/queue_integration.js'
import { deliveriesValidator, integrationValidator, testSessionValidator } from '../validators.js'
import { isMask, maskSecret, openSecret, sealSecret } from '#core/secrets'
import { tenantTable } from '#core/tenancy'
import { dialogflow, parseCredentials } from '../services/dialogflow.js'

const PAGE_SIZE = 20
const SELECT_MAX = 500
const DELIVERIES_PAGE = 50

/** company-{id}-queueIntegration (spec 3 §7) */
const emit = (companyId: number, payload: Parameters<typeof realtime.toCompany>[2]) =>
  realtime.toCompany(companyId, 'queueIntegration', payload)

/**
 * An address may carry a token (n8n and webhook URLs often do): whoever may
 * not edit the integration reads its origin only.
 */
function maskUrl(url: string | null) {
  if (!url) return url
  try {
    const u = new URL(url)
    return u.pathname === '/' && !u.search ? u.origin : `${u.origin}/••••`
  } catch {
    return '••••'
  }
}

/**
 * Secrets only as masks: the credentials' account e-mail, the signing secret's
 * last characters; the address in full for admins (`full`) only.
 */
function serialize(i: QueueIntegration, full = false) {
  let credentialsEmail: string | null = null
  const json = openSecret(i.jsonContent)
  if (json) {
    try {
      credentialsEmail = JSON.parse(json).client_email ?? null
    } catch {}
  }
  return {
    ...i.serialize(),
    urlN8N: full ? i.urlN8N : maskUrl(i.urlN8N),
    jsonContent: json ? '••••' : null,
    credentialsEmail,
    secret: maskSecret(i.secret),
  }
}

async function find(id: number) {
  const i = await QueueIntegration.find(id)
  if (!i) throw new AppError('ERR_NO_INTEGRATION_FOUND', 404)
  return i
}

type Input = Awaited<ReturnType<typeof integrationValidator.validate>> & { secret?: unknown }

/** Type rules of spec 3 §5 and the sealed secrets; returns the columns to write. */
function columns(data: Input, current: QueueIntegration | null, rawSecret: unknown) {
  const t = data.type
  if (['n8n', 'webhook', 'typebot'].includes(t) && !data.urlN8N)
    throw new AppError('ERR_INTEGRATION_URL_REQUIRED', 422, {
      fields: [{ field: 'urlN8N', rule: 'required', message: 'required' }],
    })
  if (t === 'typebot' && !data.typebotSlug)
    throw new AppError('ERR_INTEGRATION_SLUG_REQUIRED', 422, {
      fields: [{ field: 'typebotSlug', rule: 'required', message: 'required' }],
    })
  const out: Partial<QueueIntegration> = {
    type: t,
    name: data.name,
    // for n8n, webhook and typebot the project name is the name (spec 3 §5)
    projectName: t === 'dialogflow' ? (data.projectName ?? null) : data.name,
    language: data.language ?? current?.language ?? 'pt-BR',
    urlN8N: t === 'dialogflow' ? null : (data.urlN8N ?? null),
    typebotSlug: t === 'typebot' ? (data.typebotSlug ?? null) : null,
    typebotExpires: data.typebotExpires ?? current?.typebotExpires ?? 1,
    typebotDelayMessage: data.typebotDelayMessage ?? current?.typebotDelayMessage ?? 1000,
    typebotKeywordFinish: data.typebotKeywordFinish ?? null,
    typebotKeywordRestart: data.typebotKeywordRestart ?? null,
    typebotRestartMessage: data.typebotRestartMessage ?? null,
    typebotUnknownMessage: data.typebotUnknownMessage ?? null,
  }
  if (t === 'dialogflow') {
    if (data.jsonContent && !isMask(data.jsonContent)) {
      parseCredentials(data.jsonContent)
      out.jsonContent = sealSecret(data.jsonContent)
    } else if (!current?.jsonContent) {
      throw new AppError('ERR_INTEGRATION_CREDENTIALS_INVALID', 422, {
        fields: [{ field: 'jsonContent', rule: 'required', message: 'required' }],
      })
    }
  }
  // the webhook signing secret is the admin's (the dialog proposes a random one); write-only
  if (typeof rawSecret === 'string' && rawSecret.trim() && !isMask(rawSecret)) {
    const s = rawSecret.trim()
    if (s.length < 16 || s.length > 200)
      throw new AppError('ERR_VALIDATION', 422, {
        fields: [{ field: 'secret', rule: 'minLength', message: 'at least 16 characters' }],
      })
    out.secret = sealSecret(s)
  }
  return out
}

/** Queue integrations (spec 3 §7), plan flag useIntegrations: users read, admins write. */
export default class IntegrationsController {
  async index(ctx: HttpContext) {
    const query = QueueIntegration.query().orderBy('name').orderBy('id')
    const search = ctx.request.input('searchParam')
    if (search) query.whereRaw('lower(name) like ?', [likeTerm(search)])
    // without pageNumber: the whole list for a select (connection and queue dialogs), capped
    const paged = ctx.request.input('pageNumber') !== undefined
    const { rows, count, hasMore } = await paginate(query, pageNumber(ctx), paged ? PAGE_SIZE : SELECT_MAX)
    const full = ctx.actor.user.isAdmin
    return { queueIntegrations: rows.map((i) => serialize(i, full)), count, hasMore }
  }

  async show(ctx: HttpContext) {
    return serialize(await find(idParam(ctx, 'ERR_NO_INTEGRATION_FOUND')), ctx.actor.user.isAdmin)
  }

  /**
   * The webhook/n8n delivery log of one integration, newest first, keyset-paged
   * by `before` like the audit log (an append-only log: offsets would shift as
   * tries arrive). Read like show; the request's signature is never stored.
   * A failed try's `error` is a code (translated by the browser); the raw
   * error (`detail`) may name the receiver's host or address, which whoever may
   * not edit the integration does not read (as its masked urlN8N): admins only.
   */
  async deliveries(ctx: HttpContext) {
    const integration = await find(idParam(ctx, 'ERR_NO_INTEGRATION_FOUND'))
    const { before } = await ctx.request.validateUsing(deliveriesValidator)
    const full = ctx.actor.user.isAdmin
    const query = tenantTable('integration_deliveries')
      .where('integration_id', integration.id)
      .select('id', 'ticket_id', 'message_id', 'attempt', 'status_code', 'ok', 'error_code', 'error', 'created_at')
      .orderBy('id', 'desc')
      .limit(DELIVERIES_PAGE + 1)
    if (before) query.where('id', '<', before)
    const rows = await query
    return {
      deliveries: rows.slice(0, DELIVERIES_PAGE).map((r: any) => ({
        id: Number(r.id),
        ticketId: r.ticket_id,
        messageId: r.message_id,
        attempt: r.attempt,
        statusCode: r.status_code,
        ok: r.ok,
        error: r.error_code ?? (r.error ? 'ERR_INTEGRATION_DELIVERY_FAILED' : null),
        detail: full && r.error ? String(r.error).slice(0, 200) : null,
        createdAt: r.created_at,
      })),
      hasMore: rows.length > DELIVERIES_PAGE,
    }
  }

  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const data = await ctx.request.validateUsing(integrationValidator)
    const fields = columns(data, null, ctx.request.input('secret'))
    const created = await db.transaction((trx) => QueueIntegration.create(fields, { client: trx }))
    const saved = await find(created.id)
    // the event reaches every user of the company: masked; the admin's answer is whole
    const record = serialize(saved)
    emit(ctx.actor.company.id, { action: 'create', record, queueIntegration: record })
    return ctx.response.created(serialize(saved, true))
  }

  async update(ctx: HttpContext) {
    requireAdmin(ctx)
    const id = idParam(ctx, 'ERR_NO_INTEGRATION_FOUND')
    await find(id)
    const data = await ctx.request.validateUsing(integrationValidator)
    await db.transaction(async (trx) => {
      const current = await QueueIntegration.query({ client: trx }).where('id', id).forUpdate().first()
      if (!current) throw new AppError('ERR_NO_INTEGRATION_FOUND', 404)
      current.merge(columns(data, current, ctx.request.input('secret')))
      await current.save()
    })
    const saved = await find(id)
    const record = serialize(saved)
    emit(ctx.actor.company.id, { action: 'update', record, queueIntegration: record })
    return serialize(saved, true)
  }

  /** connections, queues and options keep the id; the bot ignores an integration that no longer exists */
  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const i = await find(idParam(ctx, 'ERR_NO_INTEGRATION_FOUND'))
    await db.transaction(async (trx) => {
      await i.useTransaction(trx).delete()
      // never the credentials or the signing secret (nor URLs, which may carry a token)
      await audit.record(trx, {
        action: 'integration.delete',
        entity: 'integration',
        entityId: i.id,
        companyId: i.companyId,
        before: { name: i.name, type: i.type },
      })
    })
    emit(ctx.actor.company.id, { action: 'delete', id: i.id, integrationId: i.id })
    return { message: 'Integration deleted' }
  }

  /** Checks Dialogflow credentials against the project (spec 3 §7). */
  async testSession(ctx: HttpContext) {
    requireAdmin(ctx)
    const data = await ctx.request.validateUsing(testSessionValidator)
    const credentials = parseCredentials(data.jsonContent)
    try {
      await dialogflow().check(credentials, data.projectName, data.language ?? 'pt-BR')
    } catch {
      throw new AppError('ERR_INTEGRATION_TEST_FAILED', 422)
    }
    return { message: 'ok' }
  }
}
