/** Test helpers: a row in a company's log (or the platform's) straight through the writer. */
import db from '@adonisjs/lucid/services/db'
import { uid } from '#tests/helpers/world'

export async function seedRow(companyId: number | null, fields: Record<string, unknown> = {}) {
  const marker = `AUD-${uid()}`
  const [row] = await db
    .table('audit_logs')
    .insert({
      company_id: companyId,
      action: 'test.seed',
      entity: 'test',
      entity_id: marker,
      actor_name: marker,
      details: JSON.stringify({ marker }),
      ...fields,
    })
    .returning('*')
  return { row, marker }
}

/** The company's rows (or the platform's with null), newest first. */
export function rowsOf(companyId: number | null, action?: string) {
  const q = db.from('audit_logs').orderBy('id', 'desc')
  if (companyId === null) q.whereNull('company_id')
  else q.where('company_id', companyId)
  if (action) q.where('action', action)
  return q
}
