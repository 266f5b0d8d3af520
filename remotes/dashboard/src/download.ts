/** Downloads a table the server exports (xlsx or CSV) with the dashboard's filters, in the interface language. */
import { api, type Query } from '@balcao/ui'

export async function downloadExport(query: Query, fileName: string, language: string) {
  const lang = language.slice(0, 2)
  const blob = await api.download('/dashboard/export', {
    ...query,
    lang: ['pt', 'en', 'es'].includes(lang) ? lang : 'pt',
  })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
