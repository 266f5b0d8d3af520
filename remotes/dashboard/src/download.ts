/**
 * Exports a table (xlsx or CSV) with the dashboard's filters, in the interface
 * language: a job on the server writes it while `onProgress` follows it, then
 * the browser saves it.
 */
import { exportFile, type ExportProgress, type Query } from '@balcao/ui'

export async function downloadExport(
  query: Query,
  fileName: string,
  language: string,
  onProgress: (p: ExportProgress) => void
) {
  const lang = language.slice(0, 2)
  await exportFile(
    '/dashboard/exports',
    { ...query, lang: ['pt', 'en', 'es'].includes(lang) ? lang : 'pt' },
    fileName,
    onProgress
  )
}

/** The button's words while a file is being written: "Exporting… 40%". */
export const progressPercent = (p: ExportProgress) => (p.total ? Math.round((100 * p.done) / p.total) : 0)
