import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { idParam, requireAdmin } from '#core/http'
import { Queue } from '#core/models'
import { realtime } from '#core/realtime'
import { audit } from '#core/audit'
import Prompt from '../models/prompt.js'
import { promptValidator } from '../validators.js'
import { isMask, maskSecret, sealSecret } from '#core/secrets'
import { DEFAULT_MODEL } from '../services/voices.js'

/** company-{id}-prompt (spec 3 §7) */
const emit = (companyId: number, payload: Parameters<typeof realtime.toCompany>[2]) =>
  realtime.toCompany(companyId, 'prompt', payload)

async function serialize(p: Prompt) {
  const queue = p.queueId ? await Queue.query().where('id', p.queueId).first() : null
  return {
    id: p.id,
    name: p.name,
    prompt: p.prompt,
    model: p.model,
    voice: p.voice,
    voiceRegion: p.voiceRegion,
    maxTokens: p.maxTokens,
    temperature: p.temperature,
    maxMessages: p.maxMessages,
    queueId: p.queueId,
    queue: queue ? { id: queue.id, name: queue.name } : null,
    // secrets only as a mask: the API never returns a key
    apiKey: maskSecret(p.apiKey),
    voiceKey: maskSecret(p.voiceKey),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  }
}

async function find(id: number) {
  const p = await Prompt.find(id)
  if (!p) throw new AppError('ERR_NO_PROMPT_FOUND', 404)
  return p
}

/** The queue must be one of the caller's company (its tenant scope). */
async function checkQueue(queueId: number | null | undefined) {
  if (!queueId)
    throw new AppError('ERR_PROMPT_QUEUE_REQUIRED', 422, {
      fields: [{ field: 'queueId', rule: 'required', message: 'Informe o setor' }],
    })
  if (!(await Queue.query().where('id', queueId).first()))
    throw new AppError('ERR_VALIDATION', 422, {
      fields: [{ field: 'queueId', rule: 'exists', message: 'unknown queue' }],
    })
}

/** AI prompts (spec 3 §7), plan flag useOpenAi: any user of the company reads, admins write. */
export default class PromptsController {
  async index() {
    const rows = await Prompt.query().orderBy('name').orderBy('id')
    return { prompts: await Promise.all(rows.map(serialize)), count: rows.length, hasMore: false }
  }

  async show(ctx: HttpContext) {
    return serialize(await find(idParam(ctx, 'ERR_NO_PROMPT_FOUND')))
  }

  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const data = await ctx.request.validateUsing(promptValidator)
    await checkQueue(data.queueId)
    if (!data.apiKey || isMask(data.apiKey))
      throw new AppError('ERR_PROMPT_API_KEY_REQUIRED', 422, {
        fields: [{ field: 'apiKey', rule: 'required', message: 'required' }],
      })
    const p = await db.transaction((trx) =>
      Prompt.create(
        {
          name: data.name,
          prompt: data.prompt,
          apiKey: sealSecret(data.apiKey!),
          model: data.model ?? DEFAULT_MODEL,
          voice: data.voice ?? 'texto',
          voiceKey: data.voiceKey && !isMask(data.voiceKey) ? sealSecret(data.voiceKey) : null,
          voiceRegion: data.voiceRegion ?? null,
          maxTokens: data.maxTokens ?? 100,
          temperature: data.temperature ?? 1,
          maxMessages: data.maxMessages ?? 10,
          queueId: data.queueId!,
        },
        { client: trx }
      )
    )
    const record = await serialize(await find(p.id))
    emit(ctx.actor.company.id, { action: 'create', record, prompt: record })
    return ctx.response.created(record)
  }

  async update(ctx: HttpContext) {
    requireAdmin(ctx)
    const id = idParam(ctx, 'ERR_NO_PROMPT_FOUND')
    // another company's prompt is unknown here, whatever the body says
    await find(id)
    const data = await ctx.request.validateUsing(promptValidator)
    await checkQueue(data.queueId)
    await db.transaction(async (trx) => {
      const p = await Prompt.query({ client: trx }).where('id', id).forUpdate().first()
      if (!p) throw new AppError('ERR_NO_PROMPT_FOUND', 404)
      p.merge({
        name: data.name,
        prompt: data.prompt,
        queueId: data.queueId!,
        ...(data.model ? { model: data.model } : {}),
        ...(data.voice ? { voice: data.voice } : {}),
        ...(data.voiceRegion !== undefined ? { voiceRegion: data.voiceRegion } : {}),
        ...(data.maxTokens !== undefined ? { maxTokens: data.maxTokens } : {}),
        ...(data.temperature !== undefined ? { temperature: data.temperature } : {}),
        ...(data.maxMessages !== undefined ? { maxMessages: data.maxMessages } : {}),
      })
      if (data.apiKey && !isMask(data.apiKey)) p.apiKey = sealSecret(data.apiKey)
      if (data.voiceKey === null) p.voiceKey = null
      else if (data.voiceKey && !isMask(data.voiceKey)) p.voiceKey = sealSecret(data.voiceKey)
      await p.save()
    })
    const record = await serialize(await find(id))
    emit(ctx.actor.company.id, { action: 'update', record, prompt: record })
    return record
  }

  /** connections keep their promptId; the bot ignores a prompt that no longer exists */
  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const p = await find(idParam(ctx, 'ERR_NO_PROMPT_FOUND'))
    await db.transaction(async (trx) => {
      await p.useTransaction(trx).delete()
      // never the keys: the name, model and queue say which prompt it was
      await audit.record(trx, {
        action: 'prompt.delete',
        entity: 'prompt',
        entityId: p.id,
        companyId: p.companyId,
        before: { name: p.name, model: p.model, queueId: p.queueId },
      })
    })
    emit(ctx.actor.company.id, { action: 'delete', id: p.id, promptId: p.id })
    return { message: 'Prompt deleted' }
  }
}
