/**
 * The export as a background job (the page's button), through #core/file_exports:
 * the request checks the size (over the cap: 422 at once) and queues it; the
 * job writes the xlsx in keyset batches, reporting progress.
 */
import { defineFileExport, type ExportRequester } from '#core/file_exports'
import { tenancy, tenantTable } from '#core/tenancy'
import { exportSize, exportXlsx } from './export.js'
import type { AuditFilters } from './query.js'

type StoredFilters = Omit<AuditFilters, 'from' | 'to'> & { from?: string; to?: string }

const revive = (f: StoredFilters): AuditFilters => ({
  ...f,
  from: f.from ? new Date(f.from) : undefined,
  to: f.to ? new Date(f.to) : undefined,
})

let auditExport: ReturnType<typeof define> | null = null
const define = () =>
  defineFileExport<StoredFilters>({
    name: 'audit-log',
    extension: 'xlsx',
    write: async (filters, requester, progress) => {
      const { buffer, rows } = await exportXlsx({ superUser: Boolean(requester.superUser) }, revive(filters), progress)
      return { bytes: buffer, rows }
    },
  })

/** The audit export kind; its job is declared by the provider's start. */
export function auditExports() {
  auditExport ??= define()
  return auditExport
}

/** Checks the size and queues the export; answers its id and total. */
export async function dispatchExport(requester: ExportRequester, filters: AuditFilters) {
  const scoped = <T>(fn: () => Promise<T>) =>
    requester.superUser ? tenancy.asSystem(fn) : tenancy.run(requester.companyId, fn)
  const total = await scoped(() => exportSize({ superUser: Boolean(requester.superUser) }, filters))
  // the export is of the log as it is now: rows written later (this export's own row too) are left out
  const [{ max }] = await tenancy.asSystem(() => tenantTable('audit_logs').max('id as max'))
  const stored: StoredFilters = {
    ...filters,
    from: filters.from?.toISOString(),
    to: filters.to?.toISOString(),
    before: Number(max ?? 0) + 1,
  }
  const exportId = await auditExports().start(requester, stored)
  return { exportId, total }
}
