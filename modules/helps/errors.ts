/** Error codes the helps module answers (declared in its manifest; the core's catalogue holds the shared ones). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_NO_HELP_FOUND: {
    pt: 'Nenhuma ajuda encontrada com este ID.',
    en: 'No help found with this ID.',
    es: 'No se encontró ninguna ayuda con este ID.',
  },
}
