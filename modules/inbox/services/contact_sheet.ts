/**
 * Reading an uploaded contact sheet, off the request path: the content check
 * (magic bytes) runs in the request before anything is stored; the parse runs
 * in a worker thread (contact_sheet_worker.ts) started by the import job,
 * streamed, with a row cap and a time cap. This file imports no app code, so
 * the worker thread loads only exceljs.
 */
import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { Worker } from 'node:worker_threads'
import ExcelJS from 'exceljs'
import { readXlsRows, xlsNumberText, type XlsCell } from './xls_reader.js'

export const IMPORT_MAX_ROWS = 10_000
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
export const IMPORT_TIME_CAP_MS = 60_000
export const IMPORT_EXTENSIONS = ['xlsx', 'xls', 'csv']

export interface ImportRow {
  name?: unknown
  number?: unknown
  email?: unknown
}

export type SheetOutcome =
  { ok: true; rows: ImportRow[]; firstRow: number } | { ok: false; error: string; details?: Record<string, unknown> }

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const startsWith = (head: Uint8Array, sig: number[]) => sig.every((b, i) => head[i] === b)

/**
 * Whether the first bytes match the declared type: xlsx is a zip (PK\x03\x04);
 * csv is text (no NUL byte, not a zip, not an OLE/xls container).
 */
export function contentMatches(head: Uint8Array, ext: string): boolean {
  if (ext === 'xlsx') return startsWith(head, ZIP)
  if (ext === 'xls') return startsWith(head, OLE)
  if (ext === 'csv') return head.length > 0 && !startsWith(head, ZIP) && !startsWith(head, OLE) && !head.includes(0)
  return false
}

/** Reads the first 4 KB of a file and checks them against the declared type. */
export async function fileContentMatches(path: string, ext: string): Promise<boolean> {
  const fh = await open(path, 'r')
  try {
    const head = new Uint8Array(4096)
    const { bytesRead } = await fh.read(head, 0, head.length, 0)
    return contentMatches(head.subarray(0, bytesRead), ext)
  } finally {
    await fh.close()
  }
}

const HEADERS: Record<string, keyof ImportRow> = {
  'name': 'name',
  'nome': 'name',
  'nombre': 'name',
  'number': 'number',
  'numero': 'number',
  'número': 'number',
  'telefone': 'number',
  'phone': 'number',
  'telefono': 'number',
  'teléfono': 'number',
  'whatsapp': 'number',
  'email': 'email',
  'e-mail': 'email',
  'correo': 'email',
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'object') {
    if (v instanceof Date) return v.toISOString()
    if ('text' in v && typeof (v as any).text === 'string') return (v as any).text
    if ('result' in v) return String((v as any).result ?? '')
    if ('richText' in v) return (v as any).richText.map((t: any) => t.text).join('')
  }
  return String(v)
}

class SheetError extends Error {
  constructor(
    public code: string,
    public details?: Record<string, unknown>
  ) {
    super(code)
  }
}

/** Header row → column map; the sheet needs at least a number column. */
function headerColumns(row: { eachCell: ExcelJS.Row['eachCell'] }) {
  const columns = new Map<number, keyof ImportRow>()
  row.eachCell((cell, col) => {
    const key = HEADERS[cellText(cell.value).trim().toLowerCase()]
    if (key) columns.set(col, key)
  })
  if (![...columns.values()].includes('number')) throw new SheetError('ERR_IMPORT_FILE')
  return columns
}

/** An xls row (0-based columns) with the little of exceljs' Row that the reader uses (1-based columns). */
function xlsRow(number: number, cells: Map<number, XlsCell>) {
  const text = (v: XlsCell | undefined) =>
    typeof v === 'number' ? xlsNumberText(v) : v === undefined ? null : String(v)
  return {
    number,
    hasValues: [...cells.values()].some((v) => String(v).trim() !== ''),
    getCell: (col: number) => ({ value: text(cells.get(col - 1)) }),
    eachCell: (fn: (cell: { value: string | null }, col: number) => void) => {
      for (const [col, v] of [...cells].sort((a, b) => a[0] - b[0])) fn({ value: text(v) }, col + 1)
    },
  } as unknown as ExcelJS.Row
}

/**
 * The first sheet of an xlsx (streamed), an xls or a csv: header row with
 * name/number/email in pt, en or es, then one ImportRow per non-empty row.
 * Stops reading as soon as the sheet holds more than maxRows rows.
 */
export async function parseSheet(bytes: Uint8Array, ext: string, maxRows: number): Promise<SheetOutcome> {
  if (!contentMatches(bytes.subarray(0, 4096), ext)) return { ok: false, error: 'ERR_IMPORT_FILE_CONTENT' }
  const rows: ImportRow[] = []
  let columns: Map<number, keyof ImportRow> | null = null
  const take = (row: ExcelJS.Row) => {
    if (row.number === 1) {
      columns = headerColumns(row)
      return
    }
    if (!columns) throw new SheetError('ERR_IMPORT_FILE')
    if (!row.hasValues) return
    if (rows.length >= maxRows) throw new SheetError('ERR_IMPORT_TOO_MANY_ROWS', { maxRows })
    const item: ImportRow = {}
    for (const [col, key] of columns) item[key] = cellText(row.getCell(col).value)
    rows.push(item)
  }
  try {
    if (ext === 'xls') {
      // the legacy binary format: read whole (10 MB at most), rows in order, shaped like exceljs rows
      const sheet = readXlsRows(bytes, maxRows + 2)
      for (const index of [...sheet.keys()].sort((a, b) => a - b)) take(xlsRow(index + 1, sheet.get(index)!))
    } else if (ext === 'csv') {
      const workbook = new ExcelJS.Workbook()
      const sheet = await workbook.csv.read(Readable.from([Buffer.from(bytes)]))
      sheet.eachRow((row) => take(row))
    } else {
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
        worksheets: 'emit',
        sharedStrings: 'cache',
        hyperlinks: 'ignore',
        styles: 'ignore',
        entries: 'ignore',
      } as any)
      for await (const sheet of reader as any) {
        for await (const row of sheet) take(row)
        break // the first sheet only
      }
    }
  } catch (e) {
    if (e instanceof SheetError) return { ok: false, error: e.code, details: e.details }
    return { ok: false, error: 'ERR_IMPORT_FILE' }
  }
  if (!columns) return { ok: false, error: 'ERR_IMPORT_FILE' }
  return { ok: true, rows, firstRow: 2 }
}

/**
 * parseSheet in a worker thread, so a large or hostile file never holds the
 * event loop; the thread is terminated after timeoutMs (ERR_IMPORT_TIMEOUT)
 * and its heap is capped.
 */
export function parseSheetInWorker(
  bytes: Uint8Array,
  ext: string,
  options: { maxRows?: number; timeoutMs?: number } = {}
): Promise<SheetOutcome> {
  const maxRows = options.maxRows ?? IMPORT_MAX_ROWS
  const timeoutMs = options.timeoutMs ?? IMPORT_TIME_CAP_MS
  return new Promise((resolve) => {
    const copy = new Uint8Array(bytes) // transferred to the thread
    const worker = new Worker(new URL('./contact_sheet_worker.js', import.meta.url), {
      workerData: { bytes: copy, ext, maxRows },
      transferList: [copy.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    })
    let settled = false
    const finish = (outcome: SheetOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      resolve(outcome)
    }
    const timer = setTimeout(
      () => finish({ ok: false, error: 'ERR_IMPORT_TIMEOUT', details: { seconds: timeoutMs / 1000 } }),
      timeoutMs
    )
    worker.once('message', (m: SheetOutcome) => finish(m))
    worker.once('error', () => finish({ ok: false, error: 'ERR_IMPORT_FILE' }))
    worker.once('exit', () => finish({ ok: false, error: 'ERR_IMPORT_FILE' }))
  })
}
