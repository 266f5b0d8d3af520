import { saveBlob } from '@balcao/ui'

/** the sample sheet, saved as `fileName` (downloadName of the translated name): the headers the import reads (also nome/número/telefone/e-mail in pt, en and es) */
export function downloadSample(fileName: string) {
  const csv = 'nome,numero,email\nMaria Silva,5511999999999,maria@exemplo.com\n'
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName)
}
