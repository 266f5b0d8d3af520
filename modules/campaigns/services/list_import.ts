/**
 * Importing a spreadsheet into a contact list, in a job (the request only
 * checks and stores the file): rows are read by the inbox's sheet reader (a
 * worker thread with caps), each row is checked like a manual item (name
 * 2-50, number of 8-50 digits, e-mail), a number already in the list is
 * reported as a duplicate and skipped, and the screen hears the progress
 * (company-{id}-ContactListItem, action 'progress') and one result per row at
 * the end (action 'imported', then 'reload').
 */
import db from '@adonisjs/lucid/services/db'
import { jobs } from '#core/jobs'
import { realtime } from '#core/realtime'
import { storage } from '#core/storage'
import { tenancy, tenantTable } from '#core/tenancy'
import { parseSheetInWorker, type ImportRow } from '#modules/inbox/public/contact_sheets'
import { CAMPAIGN_QUEUE } from './dispatcher.js'
import { queueNumberCheck } from './number_check.js'

export interface ListImportJob {
  companyId: number
  contactListId: number
  key: string
  ext: string
}

export interface RowResult {
  row: number
  number: string
  status: 'created' | 'duplicate' | 'invalid'
  reason?: string
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** progress is reported every this many rows */
const PROGRESS_EVERY = 200

export function checkRow(r: ImportRow): { name: string; number: string; email: string | null } | string {
  const name = String(r.name ?? '').trim()
  const number = String(r.number ?? '').replace(/\D/g, '')
  const email = String(r.email ?? '').trim()
  if (number.length < 8 || number.length > 50) return 'number'
  if (name.length < 2 || name.length > 50) return 'name'
  if (email && (email.length > 255 || !EMAIL.test(email))) return 'email'
  return { name, number, email: email || null }
}

export async function dispatchListImport(job: ListImportJob) {
  await jobs.dispatch(CAMPAIGN_QUEUE, 'import', job, {
    jobId: `list-import-${job.key.replace(/[^\w-]/g, '_')}`,
    attempts: 1,
  })
}

export async function runListImport(job: ListImportJob) {
  return tenancy.run(job.companyId, async () => {
    const emit = (payload: Record<string, unknown> & { action: string }) =>
      realtime.toCompany(job.companyId, 'ContactListItem', { contactListId: job.contactListId, ...payload })
    try {
      const list = await tenantTable('contact_lists').where('id', job.contactListId).first()
      if (!list) return
      const bytes = await storage.disk().getBytes(job.key)
      const outcome = await parseSheetInWorker(bytes, job.ext)
      if (!outcome.ok) {
        emit({ action: 'importFailed', error: outcome.error })
        return { error: outcome.error }
      }
      const results: RowResult[] = []
      const total = outcome.rows.length
      for (let start = 0; start < total; start += PROGRESS_EVERY) {
        const chunk = outcome.rows.slice(start, start + PROGRESS_EVERY)
        await db.transaction(async (trx) => {
          for (const [i, raw] of chunk.entries()) {
            const row = outcome.firstRow + start + i
            const checked = checkRow(raw)
            if (typeof checked === 'string') {
              results.push({ row, number: String(raw.number ?? ''), status: 'invalid', reason: checked })
              continue
            }
            const inserted = await trx.rawQuery(
              `INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email)
               VALUES (?, ?, ?, ?, ?) ON CONFLICT (contact_list_id, number) DO NOTHING RETURNING id`,
              [job.companyId, job.contactListId, checked.name, checked.number, checked.email] as any[]
            )
            results.push({ row, number: checked.number, status: inserted.rows.length ? 'created' : 'duplicate' })
          }
        })
        emit({ action: 'progress', done: Math.min(total, start + chunk.length), total })
      }
      emit({ action: 'imported', total, results })
      emit({ action: 'reload' })
      await queueNumberCheck(job.companyId, job.contactListId)
      return { total, results }
    } finally {
      await storage.delete(job.key)
    }
  })
}
