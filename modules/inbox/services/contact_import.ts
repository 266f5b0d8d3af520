/**
 * Contact import: one result per row (created, duplicate, invalid) and
 * progress events to the importing user. Each row is its own insert under the
 * (company, number) unique key, so a bad row never undoes good ones and a
 * re-run of the same sheet creates nothing twice.
 */
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { realtime } from '#core/realtime'
import { tenancy } from '#core/tenancy'

export const IMPORT_MAX_ROWS = 10_000

export interface ImportRow {
  name?: unknown
  number?: unknown
  email?: unknown
}

export interface RowResult {
  row: number
  status: 'created' | 'duplicate' | 'invalid'
  id?: number
  number?: string
  error?: string
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function clean(r: ImportRow) {
  const number = String(r.number ?? '').replace(/\D/g, '')
  const name =
    String(r.name ?? '')
      .trim()
      .slice(0, 50) || number
  const emailRaw = String(r.email ?? '')
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
  firstRow = 1
): Promise<{ results: RowResult[]; created: number }> {
  if (rows.length > IMPORT_MAX_ROWS)
    throw new AppError('ERR_IMPORT_FILE', 422, { details: { maxRows: IMPORT_MAX_ROWS } })
  const companyId = tenancy.requireCompanyId()
  const results: RowResult[] = []
  let created = 0
  const emitEvery = Math.max(50, Math.floor(rows.length / 20))
  for (const [i, raw] of rows.entries()) {
    const row = firstRow + i
    const c = clean(raw)
    if ('error' in c) {
      results.push({ row, status: 'invalid', error: c.error })
    } else {
      const inserted = await db.rawQuery(
        `INSERT INTO contacts (company_id, name, number, email) VALUES (?, ?, ?, ?)
         ON CONFLICT (company_id, number) DO NOTHING RETURNING id`,
        [companyId, c.name, c.number, c.email] as any[]
      )
      if (inserted.rows.length) {
        created++
        results.push({ row, status: 'created', id: inserted.rows[0].id, number: c.number })
      } else {
        results.push({ row, status: 'duplicate', number: c.number })
      }
    }
    if ((i + 1) % emitEvery === 0 || i === rows.length - 1) {
      realtime.toUser(companyId, userId, 'contactImport', { action: 'progress', done: i + 1, total: rows.length })
    }
  }
  if (created) realtime.toCompany(companyId, 'contact', { action: 'reload' })
  return { results, created }
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
    if ('text' in v && typeof (v as any).text === 'string') return (v as any).text
    if ('result' in v) return String((v as any).result ?? '')
    if ('richText' in v) return (v as any).richText.map((t: any) => t.text).join('')
    if (v instanceof Date) return v.toISOString()
  }
  return String(v)
}

/** Reads the first sheet of an xlsx (or a csv): header row with name/number/email, in pt, en or es. */
export async function readSheet(path: string, ext: string): Promise<{ rows: ImportRow[]; firstRow: number }> {
  const workbook = new ExcelJS.Workbook()
  try {
    if (ext === 'csv') await workbook.csv.readFile(path)
    else await workbook.xlsx.readFile(path)
  } catch {
    throw new AppError('ERR_IMPORT_FILE', 422)
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new AppError('ERR_IMPORT_FILE', 422)
  const columns = new Map<number, keyof ImportRow>()
  sheet.getRow(1).eachCell((cell, col) => {
    const key = HEADERS[cellText(cell.value).trim().toLowerCase()]
    if (key) columns.set(col, key)
  })
  if (![...columns.values()].includes('number')) throw new AppError('ERR_IMPORT_FILE', 422)
  const rows: ImportRow[] = []
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r)
    if (!row.hasValues) continue
    const item: ImportRow = {}
    for (const [col, key] of columns) item[key] = cellText(row.getCell(col).value)
    rows.push(item)
    if (rows.length > IMPORT_MAX_ROWS) break
  }
  return { rows, firstRow: 2 }
}

/** The company's contacts as xlsx; numbers masked when the reader must not see them. */
export async function exportContacts(mask: boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Contatos')
  sheet.columns = [
    { header: 'id', key: 'id', width: 10 },
    { header: 'name', key: 'name', width: 32 },
    { header: 'number', key: 'number', width: 20 },
    { header: 'email', key: 'email', width: 32 },
    { header: 'tags', key: 'tags', width: 32 },
  ]
  const companyId = tenancy.requireCompanyId()
  let lastId = 0
  // keyset pages keep memory flat for large address books
  for (;;) {
    const rows = await db.rawQuery(
      `SELECT c.id, c.name, c.number, c.email, c.is_group,
              coalesce(string_agg(t.name, ', ' ORDER BY t.name), '') AS tags
         FROM contacts c
         LEFT JOIN contact_tags ct ON ct.contact_id = c.id
         LEFT JOIN tags t ON t.id = ct.tag_id
        WHERE c.company_id = ? AND c.id > ?
        GROUP BY c.id ORDER BY c.id LIMIT 2000`,
      [companyId, lastId]
    )
    if (!rows.rows.length) break
    for (const r of rows.rows) {
      const number =
        mask && !r.is_group && r.number.length > 2 ? '*'.repeat(r.number.length - 2) + r.number.slice(-2) : r.number
      sheet.addRow({ id: r.id, name: r.name, number, email: r.email ?? '', tags: r.tags })
    }
    lastId = rows.rows[rows.rows.length - 1].id
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
