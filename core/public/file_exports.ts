/**
 * Files made by a background job for the user who asked (the contacts', a
 * campaign report's and the audit log's xlsx, the dashboard's tables as xlsx or CSV): the request queues the job and answers its id,
 * the page follows its progress, then downloads the file. A file is written
 * whole at the job's end, so there is never a half-written one to serve, and
 * deleted an hour later. The export id is the job id; only its requester
 * (same user, same company) may read its state or its file: anyone else gets
 * the same 404 as for an unknown id.
 */
import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import type { Job } from 'bullmq'
import type { HttpContext } from '@adonisjs/core/http'
import ExcelJS from 'exceljs'
import { AppError } from './errors.js'
import { jobs } from './jobs.js'
import { storage } from './storage.js'
import { tenancy } from './tenancy.js'

const QUEUE = 'exports'
const CONTENT_TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}
/** how long a finished file waits for its download */
const KEEP_MS = 3600_000

export interface ExportRequester {
  companyId: number
  userId: number
  /**
   * the job runs outside any one company's scope: only for an export whose
   * query scopes itself (the audit log's, for the super user)
   */
  superUser?: boolean
}

/** The signed-in caller as an export's requester, in their company's scope. */
export const exportRequester = (ctx: HttpContext): ExportRequester => ({
  companyId: ctx.actor.user.companyId,
  userId: ctx.actor.user.id,
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type ExportState =
  | { status: 'queued' | 'processing'; done: number; total: number }
  | { status: 'done'; done: number; total: number }
  | { status: 'failed'; error: string }

interface JobData<P> extends ExportRequester {
  exportId: string
  params: P
}

export interface FileExportDef<P> {
  /** the job's name, unique among exports */
  name: string
  /** the file's extension, fixed or chosen by what the export was asked with */
  extension: string | ((params: P) => string)
  /** writes the file in the requester's scope, reporting progress as it goes */
  write(
    params: P,
    requester: ExportRequester,
    progress: (done: number, total: number) => void
  ): Promise<{ bytes: Buffer; rows: number }>
}

type Response = HttpContext['response']

export interface FileExport<P> {
  /** Queues the export; answers its id. */
  start(requester: ExportRequester, params: P): Promise<string>
  /** What the requester's export was asked with, or null (unknown, expired, another user's or company's). */
  params(exportId: unknown, requester: ExportRequester): Promise<P | null>
  /** The requester's export's state; 404 `notFound` for an unknown, expired or someone else's export. */
  state(exportId: unknown, requester: ExportRequester, notFound: string): Promise<ExportState>
  /** Answers the finished file as `fileName`; 404 `notFound` while not ready, once expired, or not the requester's. */
  send(response: Response, exportId: unknown, requester: ExportRequester, notFound: string, fileName: string): Promise<void>
  /** The job's work, for tests that run no workers. */
  run(exportId: string): Promise<ExportState>
}

const fileKey = <P>(d: JobData<P>, def: FileExportDef<P>) =>
  `c${d.companyId}/exports/${d.exportId}.${extensionOf(def, d.params)}`
const extensionOf = <P>(def: FileExportDef<P>, params: P) =>
  typeof def.extension === 'function' ? def.extension(params) : def.extension
const inScope = <T>(r: ExportRequester, fn: () => Promise<T>) =>
  r.superUser ? tenancy.asSystem(fn) : tenancy.run(r.companyId, fn)

let cleanupDefined = false

/** Declares an export kind and its job. Call from a provider's start, before the workers start. */
export function defineFileExport<P>(def: FileExportDef<P>): FileExport<P> {
  const work = async (data: JobData<P>, job?: Pick<Job, 'updateProgress'>): Promise<ExportState> => {
    const { bytes, rows } = await inScope(data, () =>
      def.write(data.params, data, (done, total) => void job?.updateProgress({ done, total }).catch(() => {}))
    )
    const key = fileKey(data, def)
    await storage.disk().put(key, bytes)
    // the file goes an hour later, downloaded or not
    await jobs.dispatch(QUEUE, 'cleanup', { key }, { delay: KEEP_MS, attempts: 3 }).catch(() => {})
    return { status: 'done', done: rows, total: rows }
  }
  jobs.define(QUEUE, def.name, (data: JobData<P>, job) => work(data, job))
  if (!cleanupDefined) {
    cleanupDefined = true
    jobs.define(QUEUE, 'cleanup', (data: { key: string }) => storage.delete(data.key))
  }

  // the id as the route gave it: anything but a uuid is as unknown as a foreign id
  const own = async (exportId: unknown, r: ExportRequester) => {
    if (typeof exportId !== 'string' || !UUID.test(exportId)) return null
    const job = await jobs.queue(QUEUE).getJob(exportId)
    if (!job || job.name !== def.name) return null
    const data = job.data as JobData<P>
    return data.companyId === r.companyId && data.userId === r.userId ? job : null
  }

  return {
    async start(requester, params) {
      const exportId = randomUUID()
      const data: JobData<P> = {
        companyId: requester.companyId,
        userId: requester.userId,
        superUser: Boolean(requester.superUser),
        exportId,
        params,
      }
      // one attempt: a failed export is asked again from the page, not retried behind the user's back;
      // the finished job is kept as long as its file, however many exports run meanwhile
      await jobs.dispatch(QUEUE, def.name, data, {
        jobId: exportId,
        attempts: 1,
        removeOnComplete: { age: KEEP_MS / 1000 },
      })
      return exportId
    },
    async params(exportId, requester) {
      const job = await own(exportId, requester)
      return job ? (job.data as JobData<P>).params : null
    },
    async state(exportId, requester, notFound) {
      const job = await own(exportId, requester)
      if (!job) throw new AppError(notFound, 404)
      if (job.finishedOn) {
        if (job.returnvalue && typeof job.returnvalue === 'object') return job.returnvalue as ExportState
        return { status: 'failed', error: job.failedReason?.startsWith('ERR_') ? job.failedReason : 'ERR_INTERNAL' }
      }
      const p = (job.progress ?? {}) as { done?: number; total?: number }
      return { status: job.processedOn ? 'processing' : 'queued', done: p.done ?? 0, total: p.total ?? 0 }
    },
    async send(response, exportId, requester, notFound, fileName) {
      const job = await own(exportId, requester)
      if (!job) throw new AppError(notFound, 404)
      const data = job.data as JobData<P>
      const key = fileKey(data, def)
      if (!(await storage.disk().exists(key))) throw new AppError(notFound, 404)
      response.header('content-type', CONTENT_TYPES[extensionOf(def, data.params)] ?? 'application/octet-stream')
      response.header('content-disposition', `attachment; filename="${fileName}"`)
      response.send(Buffer.from(await storage.disk().getBytes(key)))
    },
    async run(exportId) {
      const job = await jobs.queue(QUEUE).getJob(exportId)
      if (!job || job.name !== def.name) throw new Error(`no ${def.name} export ${exportId}`)
      return work(job.data as JobData<P>)
    },
  }
}

export interface XlsxColumn {
  header: string
  key: string
  width?: number
}

/**
 * An xlsx sheet written as its rows come (ExcelJS's streaming writer): memory
 * holds the compressed file, never the sheet's model (about 9 KB a row while
 * a workbook is built whole). No cell styles (they cost this writer 75 % more
 * time) and strings inline.
 */
export function xlsxSheet(name: string, columns: XlsxColumn[]) {
  const chunks: Buffer[] = []
  const out = new PassThrough()
  out.on('data', (c: Buffer) => chunks.push(c))
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
  // the header row stays in sight while the rows scroll
  const sheet = workbook.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns
  return {
    add(row: Record<string, unknown>) {
      sheet.addRow(row).commit()
    },
    async bytes() {
      sheet.commit()
      await workbook.commit()
      return Buffer.concat(chunks)
    },
  }
}
