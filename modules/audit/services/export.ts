/** The log as xlsx, with the page's filters, read in keyset pages (flat memory) up to a cap. */
import { xlsxSheet } from '#core/file_exports'
import { AppError } from '#core/errors'
import { readable, type AuditFilters, type AuditLogRow, type Reader } from './query.js'

export const EXPORT_MAX_ROWS = 50_000
const BATCH = 2000

const text = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v))

/** How many rows the filters select; over the cap answers 422 ERR_AUDIT_EXPORT_TOO_LARGE. */
export async function exportSize(reader: Reader, filters: AuditFilters) {
  const total = await readable(reader, filters, async (q) => {
    const [row] = await q.clearSelect().count('* as total')
    return Number(row.total)
  })
  if (total > EXPORT_MAX_ROWS) {
    throw new AppError('ERR_AUDIT_EXPORT_TOO_LARGE', 422, { details: { total, max: EXPORT_MAX_ROWS } })
  }
  return total
}

export async function exportXlsx(
  reader: Reader,
  filters: AuditFilters,
  onProgress?: (done: number, total: number) => Promise<unknown> | unknown
): Promise<{ buffer: Buffer; rows: number }> {
  const total = await exportSize(reader, filters)
  const sheet = xlsxSheet('Audit', [
    { header: 'id', key: 'id', width: 10 },
    { header: 'date', key: 'date', width: 22 },
    { header: 'company', key: 'company', width: 24 },
    { header: 'user', key: 'user', width: 24 },
    { header: 'email', key: 'email', width: 28 },
    { header: 'action', key: 'action', width: 24 },
    { header: 'entity', key: 'entity', width: 14 },
    { header: 'entityId', key: 'entityId', width: 10 },
    { header: 'ip', key: 'ip', width: 16 },
    { header: 'userAgent', key: 'userAgent', width: 30 },
    { header: 'before', key: 'before', width: 40 },
    { header: 'after', key: 'after', width: 40 },
    { header: 'details', key: 'details', width: 30 },
  ])
  let before: number | undefined = filters.before
  let rows = 0
  for (;;) {
    const batch: AuditLogRow[] = await readable(reader, { ...filters, before }, (q) => {
      if (before) q.where('a.id', '<', before)
      return q.orderBy('a.id', 'desc').limit(BATCH)
    })
    if (!batch.length) break
    for (const r of batch) {
      sheet.add({
        id: Number(r.id),
        date: new Date(r.created_at).toISOString(),
        company: r.company_id ? (r.company_name ?? String(r.company_id)) : 'platform',
        user: r.actor_name ?? '',
        email: r.actor_email ?? '',
        action: r.action,
        entity: r.entity,
        entityId: r.entity_id ?? '',
        ip: r.ip ?? '',
        userAgent: r.user_agent ?? '',
        before: text(r.before),
        after: text(r.after),
        details: text(r.details),
      })
    }
    rows += batch.length
    await onProgress?.(Math.min(rows, total), total)
    before = Number(batch[batch.length - 1].id)
    if (batch.length < BATCH || rows >= EXPORT_MAX_ROWS) break
  }
  return { buffer: await sheet.bytes(), rows }
}
