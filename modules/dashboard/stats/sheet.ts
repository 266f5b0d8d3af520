/**
 * Tables as files, written as their rows come: xlsx (#core/file_exports'
 * streaming sheet) or CSV (UTF-8 with BOM so spreadsheet apps read accents;
 * a cell that would run as a formula is prefixed with a quote).
 */
import { xlsxSheet } from '#core/file_exports'

export type Cell = string | number | null
export type SheetFormat = 'xlsx' | 'csv'

const csvCell = (v: Cell) => {
  if (v === null) return ''
  const s = typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : String(v)
  return /[",;\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export interface Column {
  header: string
  /** the xlsx column's width in characters */
  width: number
}

/** A sheet of `columns` in `format`: rows are added in order, then the file's bytes are read once. */
export function tableWriter(format: SheetFormat, title: string, columns: Column[]) {
  if (format === 'csv') {
    const lines = ['\uFEFF' + columns.map((c) => csvCell(c.header)).join(',')]
    return {
      add: (cells: Cell[]) => void lines.push(cells.map(csvCell).join(',')),
      bytes: async () => Buffer.from(lines.join('\r\n'), 'utf8'),
    }
  }
  const ws = xlsxSheet(
    title,
    columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }))
  )
  return {
    add: (cells: Cell[]) => ws.add(Object.fromEntries(cells.map((v, i) => [`c${i}`, v]))),
    bytes: () => ws.bytes(),
  }
}
