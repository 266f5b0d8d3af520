import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import Plan from '#models/plan'
import { AppError } from '#core/errors'
import { idParam, requireSuper } from '#core/http'
import { createPlanValidator, updatePlanValidator } from '#validators/plans'
import { splitPlanFlags } from '#core/plan_flags'
import { audit, changedFields } from '#core/audit'

async function findPlan(ctx: HttpContext) {
  const plan = await Plan.find(idParam(ctx, 'ERR_NO_PLAN_FOUND'))
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 404)
  return plan
}

async function assertNameFree(name: string, exceptId?: number) {
  const q = db.from('plans').whereRaw('lower(name) = ?', [name.toLowerCase()])
  if (exceptId) q.whereNot('id', exceptId)
  if (await q.first()) throw new AppError('ERR_CONFLICT', 409)
}

export default class PlansController {
  /** Public: the sign-up form lists the public plans. */
  async publicList() {
    const plans = await Plan.query().where('is_public', true).orderBy('amount').orderBy('id')
    return plans.map((p) => p.serialize())
  }

  async all(ctx: HttpContext) {
    requireSuper(ctx)
    const plans = await Plan.query().orderBy('id')
    return plans.map((p) => p.serialize())
  }

  async show(ctx: HttpContext) {
    requireSuper(ctx)
    return (await findPlan(ctx)).serialize()
  }

  async store(ctx: HttpContext) {
    requireSuper(ctx)
    const data = await ctx.request.validateUsing(createPlanValidator)
    await assertNameFree(data.name)
    const { fields, flags } = splitPlanFlags(data)
    const plan = new Plan()
    plan.merge(fields)
    plan.setFlags(flags)
    await db.transaction(async (trx) => {
      await plan.useTransaction(trx).save()
      await audit.record(trx, {
        action: 'plan.create',
        entity: 'plan',
        entityId: plan.id,
        companyId: null,
        after: plan.serialize(),
      })
    })
    await plan.refresh()
    return ctx.response.created(plan.serialize())
  }

  async update(ctx: HttpContext) {
    requireSuper(ctx)
    const plan = await findPlan(ctx)
    const data = await ctx.request.validateUsing(updatePlanValidator)
    if (data.name) await assertNameFree(data.name, plan.id)
    const { fields, flags } = splitPlanFlags(data)
    const before = plan.serialize()
    plan.merge(fields)
    plan.setFlags(flags)
    await db.transaction(async (trx) => {
      await plan.useTransaction(trx).save()
      await audit.record(trx, {
        action: 'plan.update',
        entity: 'plan',
        entityId: plan.id,
        companyId: null,
        ...changedFields(before, plan.serialize()),
      })
    })
    return plan.serialize()
  }

  async destroy(ctx: HttpContext) {
    requireSuper(ctx)
    const plan = await findPlan(ctx)
    const used = await db.from('companies').where('plan_id', plan.id).first()
    if (used) throw new AppError('ERR_PLAN_IN_USE', 409)
    await db.transaction(async (trx) => {
      await plan.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'plan.delete',
        entity: 'plan',
        entityId: plan.id,
        companyId: null,
        before: plan.serialize(),
      })
    })
    return ctx.response.noContent()
  }
}
