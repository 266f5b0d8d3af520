/**
 * Reading the log. An admin reads their company's rows (the tenant scope
 * filters them); the super user reads every row, platform ones included, and
 * may narrow to one company or to the platform's own rows.
 */
import { likeTerm } from '#core/http'
import { tenancy, tenantTable } from '#core/tenancy'

export interface AuditFilters {
  userId?: number
  action?: string
  entity?: string
  from?: Date
  to?: Date
  search?: string
  companyId?: number | 'platform'
  before?: number
}

export interface AuditLogRow {
  id: string
  company_id: number | null
  company_name?: string | null
  actor_id: number | null
  actor_name: string | null
  actor_email: string | null
  action: string
  entity: string
  entity_id: string | null
  ip: string | null
  user_agent: string | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  details: Record<string, unknown> | null
  created_at: Date
}

/** Who reads: the super user reads across companies; anyone else in their company's tenant scope. */
export interface Reader {
  superUser: boolean
}

/** Runs fn with the rows the caller may read as its base query (system scope for the super user). */
export function readable<T>(reader: Reader, filters: AuditFilters, fn: (query: any) => Promise<T>): Promise<T> {
  const superUser = reader.superUser
  const run = async () => {
    const query = tenantTable('audit_logs as a').leftJoin('companies as c', 'c.id', 'a.company_id')
    if (superUser && filters.companyId === 'platform') query.whereNull('a.company_id')
    else if (superUser && filters.companyId) query.where('a.company_id', filters.companyId)
    if (filters.userId) query.where('a.actor_id', filters.userId)
    if (filters.action) query.where('a.action', filters.action)
    if (filters.entity) query.where('a.entity', filters.entity)
    if (filters.from) query.where('a.created_at', '>=', filters.from)
    if (filters.to) query.where('a.created_at', '<=', filters.to)
    if (filters.search) {
      const term = likeTerm(filters.search)
      query.where((q: any) =>
        q
          .whereRaw('lower(a.actor_name) like ?', [term])
          .orWhereRaw('lower(a.actor_email) like ?', [term])
          .orWhereRaw('lower(a.action) like ?', [term])
          .orWhereRaw('lower(a.entity_id) like ?', [term])
          .orWhereRaw('a.ip like ?', [term])
          .orWhereRaw('lower(a.details::text) like ?', [term])
          .orWhereRaw('lower(a.after::text) like ?', [term])
      )
    }
    query.select('a.*', 'c.name as company_name')
    return fn(query)
  }
  // the super user's screen is the platform's: it crosses companies on purpose
  return superUser ? tenancy.asSystem(run) : run()
}

/** One page, newest first, keyset on id (ids grow with time); `before` is the last id of the previous page. */
export async function page(reader: Reader, filters: AuditFilters, limit: number) {
  return readable(reader, filters, async (query) => {
    if (filters.before) query.where('a.id', '<', filters.before)
    const rows: AuditLogRow[] = await query.orderBy('a.id', 'desc').limit(limit + 1)
    const hasMore = rows.length > limit
    const logs = rows.slice(0, limit)
    return { logs, hasMore, nextBefore: hasMore ? Number(logs[logs.length - 1].id) : null }
  })
}

/** The actions and entities present, for the filter menus. */
export async function facets(reader: Reader) {
  return readable(reader, {}, async (query) => {
    const rows = await query.clearSelect().distinct('a.action', 'a.entity').orderBy('a.action').limit(500)
    return {
      actions: [...new Set(rows.map((r: any) => r.action as string))],
      entities: [...new Set(rows.map((r: any) => r.entity as string))].sort(),
    }
  })
}
