import db from '@adonisjs/lucid/services/db'
import { defineIsolationCases } from '#tests/helpers/isolation'
import type { TenantWorld } from '#tests/helpers/world'
import { uid } from '#tests/helpers/world'

/** An open invoice of the owner on a due date of its own, with a marker in its detail. */
export async function anInvoice(owner: TenantWorld, detail = `Plan ${uid()}`) {
  const day = new Date(Date.UTC(2030, 0, 1) + Math.floor(Math.random() * 3000) * 86400_000).toISOString().slice(0, 10)
  const [row] = await db
    .table('invoices')
    .insert({ company_id: owner.company.id, due_date: day, amount: 10, detail })
    .returning('id')
  return { id: row.id as number, detail, day }
}

export default defineIsolationCases([
  {
    route: 'GET /invoices',
    access: 'user',
    cross: 'filter',
    fixture: async (owner) => ({ marker: (await anInvoice(owner)).detail }),
  },
  {
    route: 'GET /invoices/all',
    access: 'super',
    fixture: async (owner) => ({ marker: (await anInvoice(owner)).detail }),
  },
  {
    route: 'PUT /invoices/:id/pay',
    access: 'super',
    fixture: async (owner) => ({ params: { id: (await anInvoice(owner)).id } }),
  },
])
