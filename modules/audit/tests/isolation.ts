import { defineIsolationCases } from '#tests/helpers/isolation'
import { uid } from '#tests/helpers/world'
import { seedRow } from './helpers.js'
import { auditExports, dispatchExport } from '../services/export_job.js'
import type { TenantWorld } from '#tests/helpers/world'

// the log is read-only and per company: another company's admin reads their own log without the owner's rows;
// attendants are refused (admins only)
export default defineIsolationCases([
  {
    route: 'GET /audit-logs',
    access: 'admin',
    fixture: async (o) => {
      const { marker } = await seedRow(o.company.id)
      return { marker }
    },
  },
  {
    route: 'GET /audit-logs/facets',
    access: 'admin',
    fixture: async (o) => {
      const action = `test.${uid()}`
      await seedRow(o.company.id, { action })
      return { marker: action }
    },
  },
  {
    route: 'GET /audit-logs/export',
    access: 'admin',
    ok: 200,
    fixture: async (o) => {
      const { marker } = await seedRow(o.company.id)
      return { marker }
    },
  },
  {
    route: 'POST /audit-logs/exports',
    access: 'admin',
    ok: 202,
    fixture: async (o) => {
      await seedRow(o.company.id)
      return { body: {} }
    },
  },
  {
    route: 'GET /audit-logs/exports/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: await ownersExport(o, false) } }),
  },
  {
    route: 'GET /audit-logs/exports/:id/file',
    access: 'admin',
    ok: 200,
    fixture: async (o) => ({ params: { id: await ownersExport(o, true) } }),
  },
])

/** An export requested by the owner's admin (the rightful caller), finished when asked. */
async function ownersExport(o: TenantWorld, finished: boolean) {
  await seedRow(o.company.id)
  const requester = { companyId: o.company.id, userId: o.admin.id }
  const { exportId } = await dispatchExport(requester, {})
  // the file, written by the job's code here: the suite runs no workers
  if (finished) await auditExports().run(exportId)
  return exportId
}
