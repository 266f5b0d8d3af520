/**
 * Test fixtures: companies, users and signed-in sessions created directly,
 * each test with its own company so tests never share rows.
 */
import { randomUUID } from 'node:crypto'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Plan from '#models/plan'
import User from '#models/user'
import type Company from '#models/company'
import { tenancy } from '#core/tenancy'
import { openSession } from '#services/auth_tokens'
import { createCompanyWithAdmin } from '#services/companies'
import type { PlanFlag } from '#core/module'
import { splitPlanFlags } from '#core/plan_flags'
import { forgetActors } from '#services/actor_cache'

export const PASSWORD = 'secret-123'
let hashed: Promise<string> | null = null
const passwordHash = () => (hashed ??= hash.make(PASSWORD))

export const uid = () => randomUUID().slice(0, 8)

export async function createPlan(overrides: Partial<Record<PlanFlag | 'users' | 'connections' | 'queues', any>> = {}) {
  const { fields, flags } = splitPlanFlags(overrides)
  const plan = new Plan()
  plan.merge({ name: `Plan ${uid()}`, users: 10, connections: 10, queues: 10, amount: 99, ...fields })
  plan.setFlags(flags)
  await plan.save()
  await plan.refresh()
  return plan
}

/** Turns plan flags on or off (the super user's plans screen does the same through PUT /plans/:id). */
export async function setPlanFlags(planId: number, flags: Record<PlanFlag, boolean>) {
  await db.rawQuery('UPDATE plans SET features = features || ?::jsonb WHERE id = ?', [JSON.stringify(flags), planId])
  forgetActors() // a raw write: the plan's model hook did not run
}

export interface TenantWorld {
  company: Company
  admin: User
  adminToken: string
}

/** A company with its admin, signed in. */
export async function createTenant(
  options: { plan?: Plan; dueInDays?: number; status?: boolean } = {}
): Promise<TenantWorld> {
  const plan = options.plan ?? (await createPlan())
  const { company, admin } = await tenancy.asSystem(() =>
    createCompanyWithAdmin({
      name: `Company ${uid()}`,
      email: `admin-${uid()}@example.test`,
      planId: plan.id,
      password: PASSWORD,
    })
  )
  if (options.dueInDays !== undefined || options.status !== undefined) {
    // days counted in the company's time zone, as Company.isExpired counts them (UTC is a day ahead at night)
    const due = DateTime.now()
      .setZone(company.timezone || 'America/Sao_Paulo')
      .plus({ days: options.dueInDays ?? 30 })
      .toISODate()
    await db
      .from('companies')
      .where('id', company.id)
      .update({ due_date: due, status: options.status ?? true })
  }
  const { accessToken } = await openSession(admin)
  return { company, admin, adminToken: accessToken }
}

/** A plain attendant (profile user) in the company, signed in. */
export async function createUser(company: Company, fields: Partial<User> = {}) {
  const user = await tenancy.run(company.id, async () =>
    User.create({
      name: `User ${uid()}`,
      email: `user-${uid()}@example.test`,
      password: await passwordHash(),
      profile: 'user',
      ...fields,
    })
  )
  const { accessToken } = await openSession(user)
  return { user, token: accessToken }
}

export async function superSession() {
  const user = await tenancy.asSystem(() => User.query().where('super', true).orderBy('id').firstOrFail())
  const { accessToken } = await openSession(user)
  return { user, token: accessToken }
}
