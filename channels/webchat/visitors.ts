/**
 * Visitors of a connection: created by the widget's first call (with what the
 * pre-chat form asked), found again by the signed token it keeps. Runs in the
 * connection's company scope.
 */
import { randomInt } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import type { Whatsapp } from '#core/models'
import { readVisitor } from './visitor_token.js'

export interface Visitor {
  number: string
  name: string | null
  email: string | null
}

/** 18 digits starting with 9: a number no phone has, so it never meets a WhatsApp contact. */
function newNumber() {
  let s = '9'
  for (let i = 0; i < 17; i++) s += String(randomInt(10))
  return s
}

export async function findVisitor(whatsapp: Whatsapp, token: unknown): Promise<Visitor | null> {
  const claims = readVisitor(token, whatsapp.id)
  if (!claims) return null
  const row = await tenancy.run(whatsapp.companyId, () =>
    tenantTable('webchat_visitors').where({ whatsapp_id: whatsapp.id, number: claims.v }).first()
  )
  return row ? { number: row.number, name: row.name, email: row.email } : null
}

/** The visitor named by the request's token (header, or ?visitor= for the stream), or 401. */
export async function requireVisitor(ctx: HttpContext, whatsapp: Whatsapp): Promise<Visitor> {
  const token = ctx.request.header('x-webchat-visitor') ?? ctx.request.qs().visitor
  const visitor = await findVisitor(whatsapp, token)
  if (!visitor) throw new AppError('ERR_WEBCHAT_INVALID_VISITOR', 401)
  return visitor
}

export async function createVisitor(
  whatsapp: Whatsapp,
  data: { name?: string; email?: string; lang?: string; site?: string }
): Promise<Visitor> {
  const visitor = { number: newNumber(), name: data.name || null, email: data.email?.toLowerCase() || null }
  await tenancy.run(whatsapp.companyId, () =>
    tenantInsert('webchat_visitors', {
      whatsapp_id: whatsapp.id,
      ...visitor,
      lang: data.lang ?? null,
      site: data.site?.slice(0, 255) ?? null,
    })
  )
  return visitor
}
