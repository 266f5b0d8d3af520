/** The one way the browser saves a file (named by format/fileName.ts). */
import { api, type Query } from './client.js'
import { ApiError } from './errors.js'

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

export interface ExportProgress {
  done: number
  total: number
}

const EXPORT_POLL_MS = 500
/** an export that has not moved for this long has no worker behind it: the page stops waiting */
const EXPORT_STALL_MS = 5 * 60_000

/**
 * A file the server writes in a job (#core/file_exports): POST `path` starts it
 * ({ exportId, total }), `path/{exportId}` is followed until done, then
 * `path/{exportId}/file` is saved as `fileName`. A failed job throws its error.
 */
export async function exportFile(
  path: string,
  body: unknown,
  fileName: string,
  onProgress: (p: ExportProgress) => void = () => {}
) {
  const started = await api.post<{ exportId: string; total: number }>(path, body)
  onProgress({ done: 0, total: started.total })
  let seen = ''
  let movedAt = Date.now()
  for (;;) {
    const state = await api.get<{ status: string; done: number; total: number; error?: string }>(
      `${path}/${started.exportId}`
    )
    if (state.status === 'failed') throw new ApiError(422, state.error ?? 'ERR_INTERNAL', state.error ?? 'ERR_INTERNAL')
    if (state.status === 'done') break
    const now = `${state.status}:${state.done}`
    if (now !== seen) [seen, movedAt] = [now, Date.now()]
    else if (Date.now() - movedAt > EXPORT_STALL_MS)
      throw new ApiError(503, 'ERR_SERVICE_UNAVAILABLE', 'ERR_SERVICE_UNAVAILABLE')
    onProgress({ done: state.done, total: state.total || started.total })
    await new Promise((r) => setTimeout(r, EXPORT_POLL_MS))
  }
  onProgress({ done: started.total, total: started.total })
  await downloadFile(`${path}/${started.exportId}/file`, fileName)
}
