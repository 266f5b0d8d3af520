/**
 * The export as a background job (the page's button): the request checks the
 * size and queues it; the job writes the xlsx in keyset batches, reporting
 * progress; the file is kept for an hour for the requester to download.
 * Like the inbox's contact import, the export id is the job id and only its
 * requester (same user, same company) may read its state or its file.
 */
import { randomUUID } from 'node:crypto'
import type { Job } from 'bullmq'
import { jobs } from '#core/jobs'
import { storage } from '#core/storage'
import { tenancy, tenantTable } from '#core/tenancy'
import { AppError } from '#core/errors'
import { exportSize, exportXlsx } from './export.js'
import type { AuditFilters } from './query.js'

export const EXPORT_QUEUE = 'audit'
/** how long a finished file waits for its download */
const KEEP_MS = 3600_000

type StoredFilters = Omit<AuditFilters, 'from' | 'to'> & { from?: string; to?: string }

export interface ExportJobData {
  exportId: string
  companyId: number
  userId: number
  superUser: boolean
  filters: StoredFilters
}

export type ExportState =
  | { status: 'queued' | 'processing'; done: number; total: number }
  | { status: 'done'; done: number; total: number }
  | { status: 'failed'; error: string }

const revive = (f: StoredFilters): AuditFilters => ({
  ...f,
  from: f.from ? new Date(f.from) : undefined,
  to: f.to ? new Date(f.to) : undefined,
})

const fileKey = (data: ExportJobData) => `c${data.companyId}/audit-exports/${data.exportId}.xlsx`

/** Checks the size (over the cap: 422 at once) and queues the export; answers its id and total. */
export async function dispatchExport(requester: Omit<ExportJobData, 'exportId' | 'filters'>, filters: AuditFilters) {
  const scoped = <T>(fn: () => Promise<T>) =>
    requester.superUser ? tenancy.asSystem(fn) : tenancy.run(requester.companyId, fn)
  const total = await scoped(() => exportSize(requester, filters))
  // the export is of the log as it is now: rows written later (this export's own row too) are left out
  const [{ max }] = await tenancy.asSystem(() => tenantTable('audit_logs').max('id as max'))
  const exportId = randomUUID()
  const stored: StoredFilters = {
    ...filters,
    from: filters.from?.toISOString(),
    to: filters.to?.toISOString(),
    before: Number(max ?? 0) + 1,
  }
  // one attempt: a failed export is asked again from the page, not retried behind the user's back
  await jobs.dispatch<ExportJobData>(
    EXPORT_QUEUE,
    'export',
    { ...requester, exportId, filters: stored },
    { jobId: exportId, attempts: 1 }
  )
  return { exportId, total }
}

export async function runExportJob(data: ExportJobData, job?: Pick<Job, 'updateProgress'>) {
  const run = async () => {
    const { buffer, rows } = await exportXlsx(data, revive(data.filters), (done, total) =>
      job?.updateProgress({ done, total }).catch(() => {})
    )
    await storage.disk().put(fileKey(data), buffer)
    // the file goes an hour later, downloaded or not
    await jobs
      .dispatch(EXPORT_QUEUE, 'export-cleanup', { key: fileKey(data) }, { delay: KEEP_MS, attempts: 3 })
      .catch(() => {})
    return { status: 'done' as const, done: rows, total: rows }
  }
  return data.superUser ? tenancy.asSystem(run) : tenancy.run(data.companyId, run)
}

/** The requester's export, or null (unknown, expired, another user's or another company's). */
async function ownJob(exportId: string, requester: { companyId: number; userId: number }) {
  const job = await jobs.queue(EXPORT_QUEUE).getJob(exportId)
  if (!job || job.name !== 'export') return null
  const data = job.data as ExportJobData
  return data.companyId === requester.companyId && data.userId === requester.userId ? job : null
}

export async function exportState(
  exportId: string,
  requester: { companyId: number; userId: number }
): Promise<ExportState | null> {
  const job = await ownJob(exportId, requester)
  if (!job) return null
  if (job.finishedOn) {
    if (job.returnvalue && typeof job.returnvalue === 'object') return job.returnvalue as ExportState
    return { status: 'failed', error: job.failedReason?.startsWith('ERR_') ? job.failedReason : 'ERR_INTERNAL' }
  }
  const p = (job.progress ?? {}) as { done?: number; total?: number }
  return { status: job.processedOn ? 'processing' : 'queued', done: p.done ?? 0, total: p.total ?? 0 }
}

/** The finished file's bytes; 404 while it is not ready or once it expired. */
export async function exportFile(exportId: string, requester: { companyId: number; userId: number }) {
  const job = await ownJob(exportId, requester)
  if (!job) throw new AppError('ERR_AUDIT_EXPORT_NOT_FOUND', 404)
  // the file is written whole at the job's end: there is no half-written file to serve
  const key = fileKey(job.data as ExportJobData)
  if (!(await storage.disk().exists(key))) throw new AppError('ERR_AUDIT_EXPORT_NOT_FOUND', 404)
  return storage.disk().getBytes(key)
}

export function defineExportJobs() {
  jobs.define(EXPORT_QUEUE, 'export', (data: ExportJobData, job) => runExportJob(data, job))
  jobs.define(EXPORT_QUEUE, 'export-cleanup', (data: { key: string }) => storage.delete(data.key))
}
