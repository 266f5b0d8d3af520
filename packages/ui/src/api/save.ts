/** The one way the browser saves a file (named by format/fileName.ts). */
import { api, type Query } from './client.js'

/** Saves `blob` in the browser's downloads as `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  // attached while clicked: some browsers ignore a click on a detached link
  document.body.appendChild(a)
  a.click()
  a.remove()
  // the browser reads the URL after the click returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** GETs a file with the session's token (api.download) and saves it as `fileName`. */
export async function downloadFile(path: string, fileName: string, query?: Query) {
  saveBlob(await api.download(path, query), fileName)
}
