/**
 * Which company a connections call acts on. An admin acts on their own company
 * only (the request's tenancy scope). The super user's all-connections dialog
 * (spec 3 §2 and §7) also acts on another company's connections, on exactly
 * these routes:
 *
 * - POST /whatsapp with `companyId` (create in that company, under its plan),
 * - GET /whatsapp/:id (the QR dialog's read),
 * - DELETE /whatsapp/:id,
 * - POST/PUT/DELETE /whatsappsession/:id (retry, new QR, disconnect),
 * - PUT /whatsapp-admin/:id (edit) and GET /whatsapp-admin/:id[/channels] (admin_controller.ts).
 *
 * Every other route keeps the caller's company. The work then runs in the
 * target company's scope (tenancy.run), so every query stays tenant-scoped.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { idParam } from '#core/http'
import { Company, Whatsapp } from '#core/models'
import { tenancy } from '#core/tenancy'
import { findConnection } from './find_connection.js'

/** The company (with its plan) a super user names; 404 when there is none. */
export async function companyWithPlan(companyId: number) {
  const company = await tenancy.asSystem(() => Company.query().where('id', companyId).preload('plan').first())
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND', 404)
  return company
}

/**
 * Runs fn in the scope of the company the caller names (`companyId` of the
 * body), their own when none: only the super user may name another one.
 * `foreign` says the company is not the caller's.
 */
export async function inTargetCompany<T>(
  ctx: HttpContext,
  requested: number | null | undefined,
  fn: (company: Company, foreign: boolean) => Promise<T>
): Promise<T> {
  const own = ctx.actor.user.companyId
  const target = requested ?? own
  if (target !== own && !ctx.actor.user.super) throw new AppError('ERR_NO_PERMISSION', 403)
  const company = await companyWithPlan(target)
  return tenancy.run(target, () => fn(company, target !== own))
}

/**
 * The connection :id in its company's scope: the caller's company's, or any
 * company's for the super user. Another company's id is a 404 for everyone else.
 */
export async function withConnection<T>(
  ctx: HttpContext,
  fn: (row: Whatsapp, foreign: boolean) => Promise<T>
): Promise<T> {
  const own = ctx.actor.user.companyId
  let target = own
  if (ctx.actor.user.super) {
    const id = idParam(ctx, 'ERR_NO_WAPP_FOUND')
    // cross-tenant on purpose: which company owns the connection the super user names
    const owner = await tenancy.asSystem(() => Whatsapp.query().where('id', id).select('id', 'company_id').first())
    if (owner) target = owner.companyId
  }
  return tenancy.run(target, async () => fn(await findConnection(ctx), target !== own))
}
