/** Error codes the announcements module answers (declared in its manifest; the core's catalogue holds the shared ones). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_NO_ANNOUNCEMENT_FOUND: {
    pt: 'Nenhum informativo encontrado com este ID.',
    en: 'No announcement found with this ID.',
    es: 'No se encontró ningún comunicado con este ID.',
  },
}
