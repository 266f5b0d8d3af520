import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { idParam, requireAdmin } from '#core/http'
import { Company, Queue } from '#core/models'
import { realtime } from '#core/realtime'
import { companySettings } from '#core/settings'
import { tenancy } from '#core/tenancy'
import { audit, changedFields } from '#core/audit'
import { loadTrees, syncOptions } from './chatbot_tree.js'
import { createQueueValidator, updateQueueValidator } from './validators.js'

async function findQueue(ctx: HttpContext) {
  const queue = await Queue.find(idParam(ctx, 'ERR_NO_QUEUE_FOUND'))
  if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND', 404)
  return queue
}

async function present(queues: Queue[]) {
  const trees = await loadTrees({ queueIds: queues.map((q) => q.id) })
  return queues.map((q) => ({ ...q.serialize(), chatbots: trees.filter((t) => t.queueId === q.id) }))
}

async function assertColorFree(color: string, exceptId?: number) {
  const q = Queue.query().whereRaw('lower(color) = ?', [color.toLowerCase()])
  if (exceptId) q.whereNot('id', exceptId)
  if (await q.first()) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 409)
}

/** Rules of spec 2 §5 that depend on the company's other queues and settings. */
async function assertMessages(
  data: { greetingMessage?: string | null; outOfHoursMessage?: string | null },
  queueCountAfter: number
) {
  if (queueCountAfter > 1 && !data.greetingMessage?.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 422)
  if ((await companySettings.get('scheduleType')) === 'queue' && !data.outOfHoursMessage?.trim()) {
    throw new AppError('ERR_VALIDATION', 422, {
      fields: [{ field: 'outOfHoursMessage', rule: 'required', message: 'required when scheduleType is queue' }],
    })
  }
}

function scheduleRows(schedules: any[] | undefined) {
  return schedules?.map((s) => ({
    weekday: s.weekday,
    weekdayEn: s.weekdayEn,
    startTimeA: s.startTimeA ?? '',
    endTimeA: s.endTimeA ?? '',
    startTimeB: s.startTimeB ?? '',
    endTimeB: s.endTimeB ?? '',
  }))
}

export default class QueuesController {
  async index() {
    const queues = await Queue.query().orderByRaw('order_queue asc nulls last').orderBy('name')
    return present(queues)
  }

  async show(ctx: HttpContext) {
    return (await present([await findQueue(ctx)]))[0]
  }

  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const { chatbots, schedules, ...data } = await ctx.request.validateUsing(createQueueValidator)
    const companyId = tenancy.requireCompanyId()
    await assertColorFree(data.color)
    const queue = await db.transaction(async (trx) => {
      // lock the company row: the plan limit and the greeting rule count queues
      await trx.from('companies').where('id', companyId).forUpdate().first()
      const count = Number((await Queue.query({ client: trx }).count('* as n').pojo<{ n: string }>())[0].n)
      const company = await Company.query({ client: trx }).where('id', companyId).preload('plan').firstOrFail()
      if (count >= (company.queuesLimit ?? company.plan.queues)) throw new AppError('ERR_PLAN_QUEUES_LIMIT', 403)
      await assertMessages(data, count + 1)
      const row = new Queue()
      row.useTransaction(trx)
      row.fill({ ...data, schedules: scheduleRows(schedules) ?? [] })
      await row.save()
      if (chatbots) await syncOptions({ queueId: row.id }, chatbots, trx)
      await audit.record(trx, {
        action: 'queue.create',
        entity: 'queue',
        entityId: row.id,
        companyId,
        after: { ...row.serialize(), chatbots },
      })
      return row
    })
    await queue.refresh()
    const [out] = await present([queue])
    realtime.toCompany(companyId, 'queue', { action: 'update', queue: out })
    return ctx.response.created(out)
  }

  async update(ctx: HttpContext) {
    requireAdmin(ctx)
    const queue = await findQueue(ctx)
    const { chatbots, schedules, ...data } = await ctx.request.validateUsing(updateQueueValidator)
    if (data.color) await assertColorFree(data.color, queue.id)
    const count = Number((await Queue.query().count('* as n').pojo<{ n: string }>())[0].n)
    await assertMessages(
      {
        greetingMessage: data.greetingMessage !== undefined ? data.greetingMessage : queue.greetingMessage,
        outOfHoursMessage: data.outOfHoursMessage !== undefined ? data.outOfHoursMessage : queue.outOfHoursMessage,
      },
      count
    )
    const before = queue.serialize()
    await db.transaction(async (trx) => {
      queue.useTransaction(trx)
      queue.merge(data)
      if (schedules) queue.schedules = scheduleRows(schedules)!
      await queue.save()
      if (chatbots) await syncOptions({ queueId: queue.id }, chatbots, trx)
      await audit.record(trx, {
        action: 'queue.update',
        entity: 'queue',
        entityId: queue.id,
        companyId: queue.companyId,
        ...changedFields(before, { ...queue.serialize(), chatbots }),
      })
    })
    const [out] = await present([queue])
    realtime.toCompany(queue.companyId, 'queue', { action: 'update', queue: out })
    return out
  }

  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const queue = await findQueue(ctx)
    await db.transaction(async (trx) => {
      await queue.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'queue.delete',
        entity: 'queue',
        entityId: queue.id,
        companyId: queue.companyId,
        before: queue.serialize(),
      })
    })
    realtime.toCompany(queue.companyId, 'queue', { action: 'delete', queueId: queue.id })
    return ctx.response.noContent()
  }
}
