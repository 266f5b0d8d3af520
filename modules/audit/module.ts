import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * The audit log (issue 24 item 3): who did what, when and from where, for
 * admin actions. The core and other plugins call #core/audit's record(); this
 * module registers the writer, owns the table, the page (GET only: the log is
 * never editable through the API), the xlsx export and the retention sweep.
 * A platform safety feature: every plan has it (no plan flag).
 */
export default defineModule({
  name: 'audit',
  feature: null,
  errors,
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  // days a company's rows are kept; a daily job deletes older ones
  settings: { auditRetentionDays: { default: '365' } },
  menu: [{ path: '/audit-log', label: 'menu.auditLog', icon: 'audit', role: 'admin', section: 'admin', order: 88 }],
  remote: { name: 'audit', expose: './App', routes: ['/audit-log'] },
})
