/** Error codes the dashboard answers (declared in its manifest; the core's catalogue holds the shared ones). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_DASHBOARD_FILTER: {
    pt: 'Parametrize o filtro',
    en: 'Set the filter: the start date must not be after the end date, and a range covers at most 366 days.',
    es: 'Configure el filtro: la fecha inicial no puede ser posterior a la final y el rango abarca como máximo 366 días.',
  },
  ERR_DASHBOARD_EXPORT_NOT_FOUND: {
    pt: 'Exportação não encontrada ou expirada. Exporte novamente.',
    en: 'Export not found or expired. Export again.',
    es: 'Exportación no encontrada o vencida. Exporte de nuevo.',
  },
}
