import { api } from '@balcao/ui'

/** the sample sheet, saved as `fileName` (downloadName of the translated name): the headers the import reads (also nome/número/telefone/e-mail in pt, en and es) */
export function downloadSample(fileName: string) {
  const csv = 'nome,numero,email\nMaria Silva,5511999999999,maria@exemplo.com\n'
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** GET a file with the session's token and save it under `filename`. */
export async function downloadFile(path: string, filename: string) {
  const url = URL.createObjectURL(await api.download(path))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
