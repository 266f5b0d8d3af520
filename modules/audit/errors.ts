/** Error codes the audit module answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_AUDIT_EXPORT_TOO_LARGE: {
    pt: 'Há registros demais para exportar. Reduza o período ou use mais filtros.',
    en: 'Too many entries to export. Narrow the period or add filters.',
    es: 'Hay demasiados registros para exportar. Reduzca el período o agregue filtros.',
  },
  ERR_AUDIT_EXPORT_NOT_FOUND: {
    pt: 'Exportação não encontrada ou expirada. Exporte novamente.',
    en: 'Export not found or expired. Export again.',
    es: 'Exportación no encontrada o vencida. Exporte de nuevo.',
  },
}
