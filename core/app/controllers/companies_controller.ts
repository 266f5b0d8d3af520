import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Company from '#models/company'
import Plan from '#models/plan'
import { AppError } from '#core/errors'
import { tenancy } from '#core/tenancy'
import { companySettings } from '#core/settings'
import { idParam, likeTerm, pageNumber, paginate, requireSuper } from '#core/http'
import { createCompanyValidator, schedulesValidator, updateCompanyValidator } from '#validators/companies'
import { assertCompanyNameFree, createCompanyWithAdmin } from '#services/companies'
import { audit, changedFields } from '#core/audit'

const PAGE_SIZE = 20

function present(company: Company) {
  const plan = company.$preloaded.plan as Plan | undefined
  return {
    ...company.serialize(),
    dueDate: company.effectiveDueDate,
    plan: plan ? { id: plan.id, name: plan.name, amount: plan.amount } : undefined,
  }
}

async function findCompany(ctx: HttpContext) {
  const id = idParam(ctx, 'ERR_NO_COMPANY_FOUND')
  const company = await Company.query().where('id', id).preload('plan').first()
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
  return company
}

/** Own company, or any company for the super user. */
function requireOwnOrSuper(ctx: HttpContext, id: number) {
  if (ctx.actor.user.super) return
  if (ctx.actor.user.companyId !== id) throw new AppError('ERR_NO_PERMISSION', 403)
}

export default class CompaniesController {
  async index(ctx: HttpContext) {
    requireSuper(ctx)
    const companies = await Company.query().preload('plan').orderBy('id')
    return companies.map(present)
  }

  async list(ctx: HttpContext) {
    return this.index(ctx)
  }

  async listPaged(ctx: HttpContext) {
    requireSuper(ctx)
    const search = ctx.request.input('searchParam')
    const query = Company.query().preload('plan').orderBy('id')
    if (search) query.whereRaw('lower(name) like ?', [likeTerm(search)])
    const { rows, count, hasMore } = await paginate(query, pageNumber(ctx), PAGE_SIZE)
    return { companies: rows.map(present), count, hasMore }
  }

  async show(ctx: HttpContext) {
    const company = await findCompany(ctx)
    requireOwnOrSuper(ctx, company.id)
    return present(company)
  }

  /** The plan of a company with its use* flags (the shell's menu gate). */
  async listPlan(ctx: HttpContext) {
    const company = await findCompany(ctx)
    requireOwnOrSuper(ctx, company.id)
    return company.plan.serialize()
  }

  async store(ctx: HttpContext) {
    requireSuper(ctx)
    const data = await ctx.request.validateUsing(createCompanyValidator)
    const { company } = await createCompanyWithAdmin({
      ...data,
      // the super user may leave the password empty: a default the admin must change
      password: data.password ?? 'mudar123',
    })
    await company.load('plan')
    await audit.record(null, {
      action: 'company.create',
      entity: 'company',
      entityId: company.id,
      companyId: null,
      after: company.serialize(),
    })
    return ctx.response.created(present(company))
  }

  async update(ctx: HttpContext) {
    requireSuper(ctx)
    const company = await findCompany(ctx)
    const data = await ctx.request.validateUsing(updateCompanyValidator)
    if (data.name) await assertCompanyNameFree(data.name, company.id)
    if (data.planId && !(await Plan.find(data.planId))) throw new AppError('ERR_NO_PLAN_FOUND', 404)
    if (company.id === 1 && data.status === false) throw new AppError('ERR_PROTECTED_RECORD', 422)
    const { dueDate, campaignsEnabled, ...fields } = data
    const before = company.serialize()
    await db.transaction(async (trx) => {
      company.useTransaction(trx)
      company.merge(fields)
      if (dueDate !== undefined) {
        const parsed = dueDate ? DateTime.fromISO(dueDate.slice(0, 10)) : null
        // an empty or invalid due date is stored as null (spec 2 §4)
        company.dueDate = parsed && parsed.isValid ? parsed : null
      }
      await company.save()
      if (campaignsEnabled !== undefined) {
        await tenancy.run(company.id, () =>
          companySettings.set('campaignsEnabled', campaignsEnabled ? 'true' : 'false', trx)
        )
      }
      await audit.record(trx, {
        action: 'company.update',
        entity: 'company',
        entityId: company.id,
        companyId: null,
        ...changedFields(before, { ...company.serialize(), campaignsEnabled }),
      })
    })
    await company.load('plan')
    return present(company)
  }

  async destroy(ctx: HttpContext) {
    requireSuper(ctx)
    const company = await findCompany(ctx)
    if (company.id === 1) throw new AppError('ERR_PROTECTED_RECORD', 422)
    await db.transaction(async (trx) => {
      await company.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'company.delete',
        entity: 'company',
        entityId: company.id,
        companyId: null,
        before: company.serialize(),
      })
    })
    return ctx.response.noContent()
  }

  async schedules(ctx: HttpContext) {
    const company = await findCompany(ctx)
    requireOwnOrSuper(ctx, company.id)
    if (!ctx.actor.user.isAdmin) throw new AppError('ERR_NO_PERMISSION', 403)
    const { schedules } = await ctx.request.validateUsing(schedulesValidator)
    company.schedules = schedules.map((s) => ({
      weekday: s.weekday,
      weekdayEn: s.weekdayEn,
      startTimeA: s.startTimeA ?? '',
      endTimeA: s.endTimeA ?? '',
      startTimeB: s.startTimeB ?? '',
      endTimeB: s.endTimeB ?? '',
    }))
    await db.transaction(async (trx) => {
      await company.useTransaction(trx).save()
      await audit.record(trx, {
        action: 'company.schedules',
        entity: 'company',
        entityId: company.id,
        companyId: company.id,
        after: { schedules: company.schedules },
      })
    })
    return present(company)
  }
}
