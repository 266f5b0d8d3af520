/**
 * Contact import: one result per row (created, duplicate, invalid) and
 * progress events to the importing user. Rows go in batches under the
 * (company, number) unique key (ON CONFLICT DO NOTHING), so a bad row never
 * undoes good ones and a re-run of the same sheet creates nothing twice.
 *
 * Uploaded sheets are imported by a job (queue "contact-import"): the request
 * checks the file's content, stores it privately and dispatches; the job
 * parses it in a worker thread (contact_sheet.ts, row and time caps), imports
 * the rows and answers through the job's return value and realtime events.
 */
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { jobs } from '#core/jobs'
import { realtime } from '#core/realtime'
import { storage } from '#core/storage'
import { tenancy } from '#core/tenancy'
import { IMPORT_MAX_ROWS, parseSheetInWorker, type ImportRow } from './contact_sheet.js'

export { IMPORT_MAX_ROWS, type ImportRow }

export const IMPORT_QUEUE = 'contact-import'

export interface RowResult {
  row: number
  status: 'created' | 'duplicate' | 'invalid'
  id?: number
  number?: string
  error?: string
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const BATCH = 500
// PostgreSQL text cannot hold U+0000: dropped from names and e-mails
const NUL = new RegExp(String.fromCharCode(0), 'g')

function clean(r: ImportRow) {
  const number = String(r.number ?? '').replace(/\D/g, '')
  const name =
    String(r.name ?? '')
      .replace(NUL, '')
      .trim()
      .slice(0, 50) || number
  const emailRaw = String(r.email ?? '')
    .replace(NUL, '')
    .trim()
    .toLowerCase()
  if (number.length < 8 || number.length > 50) return { error: 'number' as const }
  if (name.length < 2) return { error: 'name' as const }
  if (emailRaw && (!EMAIL.test(emailRaw) || emailRaw.length > 255)) return { error: 'email' as const }
  return { name, number, email: emailRaw || null }
}

export async function importContacts(
  rows: ImportRow[],
  userId: number,
  firstRow = 1,
  onProgress?: (done: number, total: number) => unknown
): Promise<{ results: RowResult[]; created: number }> {
  if (rows.length > IMPORT_MAX_ROWS)
    throw new AppError('ERR_IMPORT_TOO_MANY_ROWS', 422, { details: { maxRows: IMPORT_MAX_ROWS } })
  const companyId = tenancy.requireCompanyId()
  const results: RowResult[] = []
  let created = 0
  const emitEvery = Math.max(50, Math.floor(rows.length / 20))
  let emitted = 0
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH).map((raw, i) => ({ row: firstRow + start + i, c: clean(raw) }))
    const valid = batch.flatMap(({ c }) => ('error' in c ? [] : [c]))
    const createdIds = new Map<string, number>()
    if (valid.length) {
      const inserted = await db.rawQuery(
        `INSERT INTO contacts (company_id, name, number, email)
         SELECT ?, t.name, t.number, t.email
           FROM unnest(?::text[], ?::text[], ?::text[]) WITH ORDINALITY AS t(name, number, email, ord)
          ORDER BY t.ord
         ON CONFLICT (company_id, number) DO NOTHING RETURNING id, number`,
        [companyId, valid.map((c) => c.name), valid.map((c) => c.number), valid.map((c) => c.email)] as any[]
      )
      for (const r of inserted.rows) createdIds.set(r.number, r.id)
    }
    for (const { row, c } of batch) {
      if ('error' in c) {
        results.push({ row, status: 'invalid', error: c.error })
        continue
      }
      const id = createdIds.get(c.number)
      if (id !== undefined) {
        // a number repeated inside the sheet: the first row creates it
        createdIds.delete(c.number)
        created++
        results.push({ row, status: 'created', id, number: c.number })
      } else {
        results.push({ row, status: 'duplicate', number: c.number })
      }
    }
    const done = results.length
    if (Math.floor(done / emitEvery) > Math.floor(emitted / emitEvery) || done === rows.length) {
      emitted = done
      realtime.toUser(companyId, userId, 'contactImport', { action: 'progress', done, total: rows.length })
      await onProgress?.(done, rows.length)
    }
  }
  if (created) realtime.toCompany(companyId, 'contact', { action: 'reload' })
  return { results, created }
}

export interface ImportJobData {
  importId: string
  companyId: number
  userId: number
  key: string
  ext: string
}

export type ImportOutcome =
  | { status: 'done'; total: number; created: number; results: RowResult[] }
  | { status: 'failed'; error: string; details?: Record<string, unknown> }

/** Dispatches the import of a stored sheet; the import id is the job id. */
export async function dispatchImport(data: Omit<ImportJobData, 'importId'>): Promise<string> {
  const importId = randomUUID()
  // one attempt: a failure is the file's (the rows are idempotent if a stalled job re-runs)
  await jobs.dispatch<ImportJobData>(IMPORT_QUEUE, 'import', { ...data, importId }, { jobId: importId, attempts: 1 })
  return importId
}

/** The job: parse in a worker thread, import, report; the stored file is removed afterwards. */
export async function runImportJob(
  data: ImportJobData,
  job?: { updateProgress(p: object): Promise<unknown> }
): Promise<ImportOutcome> {
  return tenancy.run(data.companyId, async () => {
    let outcome: ImportOutcome
    try {
      const bytes = await storage.disk().getBytes(data.key)
      const sheet = await parseSheetInWorker(bytes, data.ext)
      if (!sheet.ok) outcome = { status: 'failed', error: sheet.error, details: sheet.details }
      else if (!sheet.rows.length) outcome = { status: 'failed', error: 'ERR_IMPORT_FILE' }
      else {
        const { results, created } = await importContacts(sheet.rows, data.userId, sheet.firstRow, (done, total) =>
          job?.updateProgress({ done, total }).catch(() => {})
        )
        outcome = { status: 'done', total: results.length, created, results }
      }
    } catch (e) {
      outcome = { status: 'failed', error: e instanceof AppError ? e.code : 'ERR_IMPORT_FILE' }
    } finally {
      await storage.delete(data.key)
    }
    realtime.toUser(data.companyId, data.userId, 'contactImport', {
      action: outcome.status,
      importId: data.importId,
      ...(outcome.status === 'done' ? { total: outcome.total, created: outcome.created } : { error: outcome.error }),
    })
    return outcome
  })
}

export type ImportState = { status: 'queued' | 'processing'; done: number; total: number } | ImportOutcome

/** The state of an import of the caller's company, or null (unknown, expired or another company's). */
export async function importState(importId: string): Promise<ImportState | null> {
  const job = await jobs.queue(IMPORT_QUEUE).getJob(importId)
  if (!job || job.data?.companyId !== tenancy.requireCompanyId()) return null
  if (job.finishedOn) {
    if (job.returnvalue && typeof job.returnvalue === 'object') return job.returnvalue as ImportOutcome
    return { status: 'failed', error: 'ERR_IMPORT_FILE' }
  }
  const p = (job.progress ?? {}) as { done?: number; total?: number }
  return { status: job.processedOn ? 'processing' : 'queued', done: p.done ?? 0, total: p.total ?? 0 }
}

/** Polls an import for up to waitMs (never blocking the event loop); the last state seen. */
export async function waitForImport(importId: string, waitMs: number): Promise<ImportState | null> {
  const until = Date.now() + waitMs
  for (let step = 50; ; step = Math.min(step * 2, 250)) {
    const state = await importState(importId)
    if (!state || state.status === 'done' || state.status === 'failed' || Date.now() >= until) return state
    await new Promise((r) => setTimeout(r, Math.min(step, Math.max(0, until - Date.now()))))
  }
}
