/**
 * Message templates of a connection's WABA: synced from the Graph API
 * (GET /{waba-id}/message_templates: name, language, status, category,
 * components), listed for the chat's template picker, and sent. A template
 * send is an inbox message whose text is the rendered template; the row here
 * tells the driver to send it as a template (allowed outside the 24-hour
 * window). The row is written before the message, so the outbox never sees
 * the message without it.
 */
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { graph, GraphError } from '#channels/meta/graph'
import { openSecret } from '#core/secrets'

export interface TemplateRow {
  id: number
  name: string
  language: string
  category: string | null
  status: string
  body: string
  variables: number
}

const present = (r: any): TemplateRow => ({
  id: Number(r.id),
  name: r.name,
  language: r.language,
  category: r.category,
  status: r.status,
  body: r.body,
  variables: r.variables,
})

function bodyOf(components: any[]) {
  return String(components.find((c) => String(c?.type).toUpperCase() === 'BODY')?.text ?? '')
}

export function variablesIn(body: string) {
  const found = new Set<number>()
  for (const m of body.matchAll(/\{\{\s*(\d{1,2})\s*\}\}/g)) found.add(Number(m[1]))
  return found.size ? Math.max(...found) : 0
}

export function render(body: string, params: string[]) {
  return body.replace(/\{\{\s*(\d{1,2})\s*\}\}/g, (all, n) => params[Number(n) - 1] ?? all)
}

/** A whatsappapi connection of the scope's company, or 404. */
export async function cloudConnection(id: number) {
  const w = await Whatsapp.find(id)
  if (!w || w.channel !== 'whatsappapi') throw new AppError('ERR_NO_WAPP_FOUND', 404)
  return w
}

export async function listTemplates(whatsappId: number, onlyApproved = false) {
  const q = tenantTable('wa_cloud_templates').where('whatsapp_id', whatsappId).orderBy(['name', 'language'])
  if (onlyApproved) q.where('status', 'APPROVED')
  return (await q).map(present)
}

/** Replaces the connection's templates with the WABA's current list. */
export async function syncTemplates(whatsapp: Whatsapp) {
  const waba = String(whatsapp.settings?.wabaId ?? '')
  const token = openSecret(whatsapp.settings?.systemUserToken)
  if (!/^\d{1,25}$/.test(waba) || !token) throw new AppError('ERR_META_TOKEN_INVALID', 422)
  const all: any[] = []
  let after: string | undefined
  try {
    for (let page = 0; page < 20; page++) {
      const res = await graph<{ data?: any[]; paging?: { cursors?: { after?: string }; next?: string } }>(
        `${waba}/message_templates`,
        { token, query: { fields: 'name,language,status,category,components', limit: 100, after } }
      )
      all.push(...(res.data ?? []))
      after = res.paging?.next ? res.paging.cursors?.after : undefined
      if (!after) break
    }
  } catch (error) {
    if (error instanceof GraphError && error.badToken) throw new AppError('ERR_META_TOKEN_INVALID', 422)
    throw new AppError('ERR_META_SEND_FAILED', 502)
  }
  const companyId = tenancy.requireCompanyId()
  const rows = all
    .filter((t) => typeof t?.name === 'string' && typeof t?.language === 'string')
    .slice(0, 2000)
    .map((t) => {
      const components = Array.isArray(t.components) ? t.components : []
      const body = bodyOf(components).slice(0, 4096)
      return {
        company_id: companyId,
        whatsapp_id: whatsapp.id,
        name: String(t.name).slice(0, 512),
        language: String(t.language).slice(0, 16),
        category: t.category ? String(t.category).slice(0, 32) : null,
        status: String(t.status ?? 'PENDING').slice(0, 32),
        body,
        variables: variablesIn(body),
        components: JSON.stringify(components),
        synced_at: new Date(),
      }
    })
  await db.transaction(async (trx) => {
    await tenantTable('wa_cloud_templates', trx).where('whatsapp_id', whatsapp.id).delete()
    if (rows.length) await tenantInsert('wa_cloud_templates', rows, trx)
  })
  return listTemplates(whatsapp.id)
}

export async function approvedTemplate(whatsappId: number, name: string, language: string) {
  const row = await tenantTable('wa_cloud_templates')
    .where({ whatsapp_id: whatsappId, name, language, status: 'APPROVED' })
    .first()
  if (!row) throw new AppError('ERR_META_TEMPLATE_NOT_FOUND', 422)
  return present(row)
}

/** A template's review changed at Meta (webhook field message_template_status_update). */
export async function applyTemplateStatus(whatsappId: number, name: string, language: string, status: string) {
  await tenantTable('wa_cloud_templates')
    .where({ whatsapp_id: whatsappId, name, language })
    .update({ status: status.slice(0, 32), synced_at: new Date() })
}

/** Records a template send before its message exists (matched by ticket and text until linked). */
export async function holdTemplateSend(
  whatsappId: number,
  ticketId: number,
  body: string,
  template: { name: string; language: string; params: string[] }
) {
  const [row] = await tenantInsert('wa_cloud_template_sends', {
    whatsapp_id: whatsappId,
    ticket_id: ticketId,
    body,
    name: template.name,
    language: template.language,
    params: JSON.stringify(template.params),
  }).returning('id')
  return Number(row.id ?? row)
}

export async function linkTemplateSend(id: number, messageId: number) {
  await tenantTable('wa_cloud_template_sends').where('id', id).update({ message_id: messageId })
}

export async function dropTemplateSend(id: number) {
  await tenantTable('wa_cloud_template_sends').where('id', id).delete()
}
