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
    // lines are turned into UTF-8 a thousand at a time: a JavaScript string holds a character in 2 bytes
    const chunks: Buffer[] = []
    let lines = ['\uFEFF' + columns.map((c) => csvCell(c.header)).join(',')]
    const flush = () => {
      chunks.push(Buffer.from((chunks.length ? '\r\n' : '') + lines.join('\r\n'), 'utf8'))
      lines = []
    }
    return {
      add: (cells: Cell[]) => {
        lines.push(cells.map(csvCell).join(','))
        if (lines.length >= 1000) flush()
      },
      bytes: async () => {
        if (lines.length || !chunks.length) flush()
        return Buffer.concat(chunks)
      },
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
