/**
 * File names of what the browser downloads (saved by ../api/save.ts). The base is a translated text
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
