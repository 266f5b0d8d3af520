import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * Invoices: one per company per due date, generated from its plan (a sweep),
 * listed on /financeiro-aberto (also for an expired company, whose users land
 * there), paid by the super user, which advances the company's due date by
 * its recurrence and unblocks it at once.
 */
export default defineModule({
  name: 'invoices',
  feature: null,
  errors,
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  menu: [
    {
      path: '/financeiro-aberto',
      label: 'menu.financeiro',
      icon: 'financeiro',
      role: 'admin',
      section: 'main',
      order: 90,
    },
  ],
  remote: { name: 'invoices', expose: './App', routes: ['/financeiro-aberto'] },
})
