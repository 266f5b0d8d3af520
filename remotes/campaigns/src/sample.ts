import { saveBlob } from '@balcao/ui'

/** The sample row per language; every header is one the import reads (modules/inbox contact_sheet.ts). */
const SAMPLES: Record<string, string> = {
  pt: 'nome,numero,email\nMaria Silva,5511999999999,maria@exemplo.com\n',
  en: 'name,number,email\nMary Smith,5511999999999,mary@example.com\n',
  es: 'nombre,numero,correo\nMaría García,5511999999999,maria@ejemplo.com\n',
}

/** The sample sheet in the page's language, saved as `fileName` (downloadName of the translated name). */
export function downloadSample(fileName: string, language: string) {
  const csv = SAMPLES[Object.keys(SAMPLES).find((l) => language.startsWith(l)) ?? 'pt']
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName)
}
