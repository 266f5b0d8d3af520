/**
 * /financeiro-aberto's calls: a company's own invoices (reachable while its
 * subscription is expired), and the super user's list of every company's
 * invoices with the "paid" action.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { idParam, pageNumber, requireSuper } from '#core/http'
import { tenancy, tenantTable } from '#core/tenancy'
import { generateInvoices, payInvoice, statusOf } from './billing.js'
import { allInvoicesValidator } from './validators.js'

const PAGE_SIZE = 20
const COLUMNS = ['i.id', 'i.company_id', 'i.amount', 'i.detail', 'i.status', 'i.paid_at', 'i.created_at']
const dueDay = () => db.raw("to_char(i.due_date, 'YYYY-MM-DD') AS due_day")

function present(row: any, zone: string) {
  return {
    id: row.id,
    companyId: row.company_id,
    detail: row.detail,
    amount: Number(row.amount),
    dueDate: row.due_day,
    status: statusOf(row, zone),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    ...(row.company_name !== undefined ? { companyName: row.company_name } : {}),
  }
}

export default class InvoicesController {
  /** The caller's company's invoices, newest due date first; its current one is made on the spot if missing. */
  async index(ctx: HttpContext) {
    const { company } = ctx.actor
    await tenancy.asSystem(() => generateInvoices(company.id))
    const rows = await tenantTable('invoices as i')
      .select(...COLUMNS, dueDay())
      .orderBy('i.due_date', 'desc')
      .limit(120)
    const zone = company.timezone || 'America/Sao_Paulo'
    return {
      invoices: rows.map((r: any) => present(r, zone)),
      company: { dueDate: company.effectiveDueDate, recurrence: company.recurrence, expired: company.isExpired() },
    }
  }

  /** Every company's invoices (super user), optionally by status, paged. */
  async all(ctx: HttpContext) {
    requireSuper(ctx)
    const { status } = await allInvoicesValidator.validate(ctx.request.qs())
    const page = pageNumber(ctx)
    return tenancy.asSystem(async () => {
      const today = db.raw('CURRENT_DATE')
      const q = tenantTable('invoices as i').join('companies as c', 'c.id', 'i.company_id')
      if (status === 'paid') q.where('i.status', 'paid')
      if (status === 'open') q.where('i.status', 'open').where('i.due_date', '>=', today)
      if (status === 'overdue') q.where('i.status', 'open').where('i.due_date', '<', today)
      const [rows, [{ total }]] = await Promise.all([
        q
          .clone()
          .select(...COLUMNS, dueDay(), 'c.name as company_name', 'c.timezone as zone')
          .orderBy('i.due_date', 'desc')
          .orderBy('i.id', 'desc')
          .offset((page - 1) * PAGE_SIZE)
          .limit(PAGE_SIZE),
        q.clone().count('* as total'),
      ])
      const count = Number(total)
      return {
        invoices: rows.map((r: any) => present(r, r.zone || 'America/Sao_Paulo')),
        count,
        hasMore: count > page * PAGE_SIZE,
      }
    })
  }

  /** The super user records a payment. */
  async pay(ctx: HttpContext) {
    requireSuper(ctx)
    return payInvoice(idParam(ctx, 'ERR_NO_INVOICE_FOUND'))
  }
}
