/**
 * Per-day usage of the API per connection (the reference's ApiUsages): calls
 * received, messages accepted for sending, failed sends and calls refused by
 * the rate limit. Days are UTC days. Counting never fails a call.
 */
import db from '@adonisjs/lucid/services/db'
import { tenancy, tenantTable } from '#core/tenancy'
import { Whatsapp } from '#core/models'

export type UsageField = 'requests' | 'sent' | 'failed' | 'limited'

const today = () => new Date().toISOString().slice(0, 10)

/** Adds n to one counter of today's row of the connection (one upsert, safe under concurrency). */
export async function countUsage(companyId: number, whatsappId: number, field: UsageField, n = 1) {
  try {
    // an upsert the query builder cannot express; the row is stamped with the scope's company
    await tenancy.run(companyId, () =>
      db.rawQuery(
        `INSERT INTO messaging_api_usages (company_id, whatsapp_id, day, ${field}) VALUES (?, ?, ?, ?)
         ON CONFLICT (company_id, whatsapp_id, day) DO UPDATE SET ${field} = messaging_api_usages.${field} + excluded.${field}`,
        [tenancy.requireCompanyId(), whatsappId, today(), n]
      )
    )
  } catch {
    // a counter is not worth failing the caller's send over
  }
}

export interface UsageRow {
  day: string
  whatsappId: number
  name: string
  requests: number
  sent: number
  failed: number
  limited: number
}

/** The scope's company's counters of the last `days` days, newest first, with the connection names. */
export async function usageOf(
  days: number
): Promise<{ rows: UsageRow[]; today: Omit<UsageRow, 'day' | 'whatsappId' | 'name'> }> {
  tenancy.requireCompanyId()
  const since = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  const rows = await tenantTable('messaging_api_usages')
    .where('day', '>=', since)
    .select('*', db.raw(`to_char(day, 'YYYY-MM-DD') as day_text`))
    .orderBy('day', 'desc')
    .orderBy('whatsapp_id')
    .limit(5000)
  const names = new Map(
    (
      await Whatsapp.query()
        .whereIn('id', [...new Set(rows.map((r) => Number(r.whatsapp_id)))])
        .select('id', 'name')
    ).map((w) => [Number(w.id), w.name])
  )
  const out: UsageRow[] = rows.map((r) => ({
    day: String(r.day_text),
    whatsappId: Number(r.whatsapp_id),
    name: names.get(Number(r.whatsapp_id)) ?? '',
    requests: Number(r.requests),
    sent: Number(r.sent),
    failed: Number(r.failed),
    limited: Number(r.limited),
  }))
  const t = today()
  const sum = { requests: 0, sent: 0, failed: 0, limited: 0 }
  for (const r of out.filter((x) => x.day === t)) {
    sum.requests += r.requests
    sum.sent += r.sent
    sum.failed += r.failed
    sum.limited += r.limited
  }
  return { rows: out, today: sum }
}
