/**
 * Billing rules: which invoices exist (one per company and due date, from its
 * plan) and what paying one does (the company's due date moves on by its
 * recurrence, and an expired or blocked company is active again at once).
 */
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import { jobs } from '#core/jobs'
import { Company } from '#core/models'
import { tenancy, tenantTable } from '#core/tenancy'

/** Months each recurrence of the companies screen stands for (spec 2 §4); none means monthly. */
export const RECURRENCE_MONTHS: Record<string, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
}
export const monthsOf = (recurrence: string | null | undefined) => RECURRENCE_MONTHS[recurrence ?? ''] ?? 1

/** how often every company's current invoice is checked for */
const SWEEP_MS = 10 * 60_000

/**
 * The invoice of every company's current due date, when missing, with its
 * plan's amount (company 1, the platform's own, never pays). One statement;
 * the unique key makes it idempotent, so it can run anywhere, any time.
 */
export async function generateInvoices(companyId?: number) {
  const only = companyId ? 'AND c.id = ?' : ''
  await db.rawQuery(
    // system: one pass over every company (or the one given), from the core's companies and plans
    `INSERT INTO invoices (company_id, due_date, amount, detail)
     SELECT c.id, c.due_date, p.amount, p.name FROM companies c JOIN plans p ON p.id = c.plan_id
      WHERE c.id <> 1 AND c.due_date IS NOT NULL ${only}
     ON CONFLICT (company_id, due_date) DO NOTHING`,
    companyId ? [companyId] : []
  )
}

/** A sweep, not a Redis job: it must keep running whatever happened to Redis (core/public/jobs). */
export function defineInvoiceSweep() {
  jobs.sweep('invoices-generate', SWEEP_MS, () => tenancy.asSystem(() => generateInvoices()))
}

export type InvoiceStatus = 'open' | 'paid' | 'overdue'

/** open, paid, or overdue (open and due before today in the company's time zone) */
export function statusOf(row: { status: string; due_day: string }, zone: string, now = DateTime.now()): InvoiceStatus {
  if (row.status === 'paid') return 'paid'
  return row.due_day < now.setZone(zone).toISODate()! ? 'overdue' : 'open'
}

/**
 * Marks an invoice paid (super user, any company). When it pays the company's
 * current period, the due date moves on by the recurrence from the invoice's
 * due date, the company is active again, and the next invoice is created.
 */
export async function payInvoice(id: number) {
  return tenancy
    .asSystem(() =>
      db.transaction(async (trx) => {
        const invoice = await tenantTable('invoices', trx)
          .where('id', id)
          .forUpdate()
          .select('id', 'company_id', 'status', db.raw("to_char(due_date, 'YYYY-MM-DD') AS due_day"))
          .first()
        if (!invoice) throw new AppError('ERR_NO_INVOICE_FOUND', 404)
        if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID', 409)
        const company = await Company.query({ client: trx }).where('id', invoice.company_id).forUpdate().firstOrFail()
        const due = DateTime.fromISO(invoice.due_day, { zone: 'utc' })
        await tenantTable('invoices', trx)
          .where('id', id)
          .update({ status: 'paid', paid_at: new Date(), updated_at: new Date() })
        const current = company.dueDate?.toISODate() ?? null
        if (current === null || current <= due.toISODate()!) {
          company.dueDate = due.plus({ months: monthsOf(company.recurrence) })
          company.status = true
          company.useTransaction(trx)
          // a model save: every process forgets its cached signed-in actors, so the block lifts at once
          await company.save()
        }
        return { invoiceId: id, companyId: company.id, dueDate: company.dueDate?.toISODate() ?? null }
      })
    )
    .then(async (r) => {
      await tenancy.asSystem(() => generateInvoices(r.companyId))
      return r
    })
}
