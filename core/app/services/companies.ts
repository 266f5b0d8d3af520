/**
 * Company creation for sign-up and for the super user: company, admin user and
 * default settings in one transaction, so a failure leaves nothing behind.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import Company from '#models/company'
import Plan from '#models/plan'
import User from '#models/user'
import { AppError } from '#core/errors'
import { tenancy, tenantTable } from '#core/tenancy'
import { companySettings } from '#core/settings'
import { DEFAULT_RECURRENCE } from '#validators/companies'

export const TRIAL_DAYS = 3

export interface NewCompany {
  name: string
  email: string
  phone?: string | null
  planId: number
  password: string
  adminName?: string
  status?: boolean
  document?: string | null
  dueDate?: string | null
  recurrence?: string | null
  paymentMethod?: string | null
  usersLimit?: number | null
  connectionsLimit?: number | null
  queuesLimit?: number | null
  timezone?: string
  campaignsEnabled?: boolean
}

/** E-mails are unique across companies: login finds a user by e-mail alone. */
export async function assertEmailFree(email: string, exceptUserId?: number) {
  // system: the uniqueness of an e-mail is checked over every company
  const taken = await tenancy.asSystem(() => {
    const q = tenantTable('users').whereRaw('lower(email) = ?', [email.toLowerCase()])
    if (exceptUserId) q.whereNot('id', exceptUserId)
    return q.first()
  })
  if (taken) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409)
}

export async function assertCompanyNameFree(name: string, exceptId?: number) {
  const q = db.from('companies').whereRaw('lower(name) = ?', [name.toLowerCase()])
  if (exceptId) q.whereNot('id', exceptId)
  if (await q.first()) throw new AppError('ERR_COMPANY_NAME_EXISTS', 409)
}

export async function createCompanyWithAdmin(data: NewCompany) {
  const plan = await Plan.find(data.planId)
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 404)
  await assertCompanyNameFree(data.name)
  await assertEmailFree(data.email)
  const passwordHash = await hash.make(data.password)

  return db.transaction(async (trx) => {
    const company = new Company()
    company.useTransaction(trx)
    company.fill({
      name: data.name,
      email: data.email,
      phone: data.phone ?? null,
      planId: plan.id,
      status: data.status ?? true,
      document: data.document ?? null,
      dueDate: data.dueDate ? DateTime.fromISO(data.dueDate) : DateTime.now().plus({ days: TRIAL_DAYS }),
      // sign-up stores the default recurrence too, so the table and the dialog say the same
      recurrence: data.recurrence ?? DEFAULT_RECURRENCE,
      paymentMethod: data.paymentMethod ?? null,
      usersLimit: data.usersLimit ?? null,
      connectionsLimit: data.connectionsLimit ?? null,
      queuesLimit: data.queuesLimit ?? null,
      timezone: data.timezone ?? 'America/Sao_Paulo',
      schedules: [],
    })
    await company.save()

    return tenancy.run(company.id, async () => {
      const admin = new User()
      admin.useTransaction(trx)
      admin.fill({
        companyId: company.id,
        // the super user may name the admin; otherwise (and at sign-up) the name given, else the company's
        name: data.adminName?.trim() || data.name,
        email: data.email,
        password: passwordHash,
        profile: 'admin',
        super: false,
      })
      await admin.save()
      await companySettings.createDefaults(trx)
      if (data.campaignsEnabled !== undefined) {
        await companySettings.set('campaignsEnabled', data.campaignsEnabled ? 'true' : 'false', trx)
      }
      return { company, admin }
    })
  })
}

/** The limit in force: the company's own override, else the plan's. */
export function effectiveLimit(company: Company & { plan: Plan }, kind: 'users' | 'connections' | 'queues') {
  const own =
    kind === 'users' ? company.usersLimit : kind === 'connections' ? company.connectionsLimit : company.queuesLimit
  return own ?? company.plan[kind]
}
