import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { idParam, requireAdmin } from '#core/http'
import { Queue } from '#core/models'
import { realtime } from '#core/realtime'
import { audit } from '#core/audit'
import Chatbot from './chatbot.js'
import { loadTrees, syncOptions } from './chatbot_tree.js'
import { createChatbotValidator, updateChatbotValidator } from './validators.js'

const NOT_FOUND = 'ERR_NO_CHATBOT_FOUND'

async function findChatbot(ctx: HttpContext) {
  const row = await Chatbot.find(idParam(ctx, NOT_FOUND))
  if (!row) throw new AppError(NOT_FOUND, 404)
  return row
}

async function present(row: Chatbot) {
  return { ...row.serialize(), options: await loadTrees({ chatbotIds: [row.id] }) }
}

export default class ChatbotsController {
  async show(ctx: HttpContext) {
    return present(await findChatbot(ctx))
  }

  /** Adds one option (with optional sub-options) under a queue or another option. */
  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const {
      options,
      id: ignoredId,
      queueId,
      chatbotId,
      ...data
    } = await ctx.request.validateUsing(createChatbotValidator)
    void ignoredId
    if (Boolean(queueId) === Boolean(chatbotId)) {
      throw new AppError('ERR_VALIDATION', 422, {
        fields: [{ field: 'queueId', rule: 'xor', message: 'give either queueId or chatbotId' }],
      })
    }
    if (queueId && !(await Queue.find(queueId))) throw new AppError('ERR_NO_QUEUE_FOUND', 404)
    if (chatbotId && !(await Chatbot.find(chatbotId))) throw new AppError(NOT_FOUND, 404)
    const parent = queueId ? { queueId } : { chatbotId: chatbotId! }
    const row = await db.transaction(async (trx) => {
      const existing = await loadTrees(queueId ? { queueIds: [queueId] } : { chatbotIds: [chatbotId!] })
      // keep the siblings, add the new option at the end
      const siblings = existing.map((s) => ({ ...s, options: undefined }) as any)
      await syncOptions(parent, [...siblings, { ...data, options }], trx)
      return Chatbot.query({ client: trx })
        .where(queueId ? { queue_id: queueId } : { chatbot_id: chatbotId })
        .orderBy('id', 'desc')
        .firstOrFail()
    })
    const out = await present(row)
    realtime.toCompany(row.companyId, 'chatbot', { action: 'create', record: out })
    return ctx.response.created(out)
  }

  async update(ctx: HttpContext) {
    requireAdmin(ctx)
    const row = await findChatbot(ctx)
    const { options, id: ignoredId, ...data } = await ctx.request.validateUsing(updateChatbotValidator)
    void ignoredId
    await db.transaction(async (trx) => {
      row.useTransaction(trx)
      row.merge(data)
      await row.save()
      if (options) await syncOptions({ chatbotId: row.id }, options, trx)
    })
    const out = await present(row)
    realtime.toCompany(row.companyId, 'chatbot', { action: 'update', record: out })
    return out
  }

  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const row = await findChatbot(ctx)
    await db.transaction(async (trx) => {
      await row.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'chatbot.delete',
        entity: 'chatbot',
        entityId: row.id,
        companyId: row.companyId,
        before: { name: row.name, queueId: row.queueId, chatbotId: row.chatbotId },
      })
    })
    realtime.toCompany(row.companyId, 'chatbot', { action: 'delete', id: row.id })
    return ctx.response.noContent()
  }
}
