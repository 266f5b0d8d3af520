/**
 * Tables as files: xlsx (exceljs, already the inbox's sheet library) or CSV
 * (UTF-8 with BOM so spreadsheet apps read accents; a cell that would run as
 * a formula is prefixed with a quote).
 */
import ExcelJS from 'exceljs'

export type Cell = string | number | null
export type SheetFormat = 'xlsx' | 'csv'

export const CONTENT_TYPES: Record<SheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}

const csvCell = (v: Cell) => {
  if (v === null) return ''
  const s = typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : String(v)
  return /[",;\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export async function sheet(format: SheetFormat, title: string, header: string[], rows: Cell[][]): Promise<Buffer> {
  if (format === 'csv') {
    const text = [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')
    return Buffer.from('\uFEFF' + text, 'utf8')
  }
  const workbook = new ExcelJS.Workbook()
  const ws = workbook.addWorksheet(title.slice(0, 31))
  ws.addRow(header).font = { bold: true }
  for (const r of rows) ws.addRow(r)
  ws.columns.forEach((c, i) => {
    const longest = Math.max(header[i]?.length ?? 0, ...rows.slice(0, 500).map((r) => String(r[i] ?? '').length))
    c.width = Math.min(50, Math.max(8, longest + 2))
  })
  ws.views = [{ state: 'frozen', ySplit: 1 }]
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
