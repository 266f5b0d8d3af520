import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const AuditLogsController = () => import('./controllers/audit_logs_controller.js')

// read-only on purpose: no route changes or deletes a row (retention is the daily job's)
moduleRoutes(manifest, () => {
  router.get('/audit-logs', [AuditLogsController, 'index'])
  router.get('/audit-logs/facets', [AuditLogsController, 'facets'])
  router.get('/audit-logs/export', [AuditLogsController, 'export'])
  // the page's export: a job with progress, then its file
  router.post('/audit-logs/exports', [AuditLogsController, 'startExport'])
  router.get('/audit-logs/exports/:id', [AuditLogsController, 'exportProgress'])
  router.get('/audit-logs/exports/:id/file', [AuditLogsController, 'exportDownload'])
})
