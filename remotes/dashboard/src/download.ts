/** Downloads a table the server exports (xlsx or CSV) with the dashboard's filters, in the interface language. */
import { downloadFile, type Query } from '@balcao/ui'

export async function downloadExport(query: Query, fileName: string, language: string) {
  const lang = language.slice(0, 2)
  await downloadFile('/dashboard/export', fileName, {
    ...query,
    lang: ['pt', 'en', 'es'].includes(lang) ? lang : 'pt',
  })
}
