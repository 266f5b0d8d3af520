/** Error codes the file lists module answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_NO_FILE_LIST_FOUND: {
    pt: 'Nenhuma lista de arquivos encontrada com este ID.',
    en: 'No file list found with this ID.',
    es: 'No se encontró ninguna lista de archivos con este ID.',
  },
  ERR_NO_FILE_OPTION_FOUND: {
    pt: 'Nenhum arquivo desta lista encontrado com este ID.',
    en: 'No file of this list found with this ID.',
    es: 'No se encontró ningún archivo de esta lista con este ID.',
  },
  ERR_FILE_CONTENT_MISMATCH: {
    pt: 'O conteúdo do arquivo não corresponde a um tipo permitido (imagem, vídeo, áudio, PDF, documento ou texto).',
    en: 'The file content is not an allowed type (image, video, audio, PDF, office document or text).',
    es: 'El contenido del archivo no es un tipo permitido (imagen, video, audio, PDF, documento o texto).',
  },
  ERR_FILE_LIST_TOO_MANY_FILES: {
    pt: 'Uma lista pode ter no máximo 20 arquivos.',
    en: 'A list can have at most 20 files.',
    es: 'Una lista puede tener como máximo 20 archivos.',
  },
}
