import { api, type Query } from '../api/client.js'

/**
 * What the browser downloads: the one way to save a file, and its name. The base is a translated text
 * ('Códigos de recuperação', 'Duración de los tickets'), so it is made safe on
 * every file system and in every mail client first: ASCII letters and digits,
 * accents dropped, words joined by '-', lower case.
 */

/** 'Duração dos tickets' → 'duracao-dos-tickets'; `fallback` when nothing is left. */
export function fileSlug(text: string, fallback = 'file'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return slug || fallback
}

/** downloadName('Registro de auditoría', 'xlsx', '2026-11-27') → 'registro-de-auditoria-2026-11-27.xlsx' */
export function downloadName(base: string, extension: string, ...parts: (string | number)[]): string {
  return [fileSlug(base), ...parts.map((p) => fileSlug(String(p), ''))].filter(Boolean).join('-') + `.${extension}`
}

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
