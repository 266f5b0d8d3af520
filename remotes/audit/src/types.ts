/** A row of GET /audit-logs. */
export interface AuditLog {
  id: string
  company_id: number | null
  company_name: string | null
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
  created_at: string
}

export interface AuditPage {
  logs: AuditLog[]
  hasMore: boolean
  nextBefore: number | null
}

export interface AuditFilters {
  userId: string
  action: string
  entity: string
  from: string
  to: string
  companyId: string
}

export const NO_FILTERS: AuditFilters = { userId: '', action: '', entity: '', from: '', to: '', companyId: '' }

/** The query of the page and the export: empty filters left out; days as the local day's bounds. */
export function filterQuery(f: AuditFilters, search: string): Record<string, string> {
  const q: Record<string, string> = {}
  if (f.userId) q.userId = f.userId
  if (f.action) q.action = f.action
  if (f.entity) q.entity = f.entity
  if (f.companyId) q.companyId = f.companyId
  if (f.from) q.from = new Date(`${f.from}T00:00:00`).toISOString()
  if (f.to) q.to = new Date(`${f.to}T23:59:59.999`).toISOString()
  if (search.trim()) q.search = search.trim()
  return q
}
