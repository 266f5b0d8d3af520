/** Error codes the queues module answers (declared in its manifest; the core's catalogue holds the shared ones). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_NO_CHATBOT_FOUND: {
    pt: 'Nenhuma opção de chatbot encontrada com este ID.',
    en: 'No chatbot option found with this ID.',
    es: 'No se encontró ninguna opción de chatbot con este ID.',
  },
  ERR_PLAN_QUEUES_LIMIT: {
    pt: 'Número máximo de filas do plano já alcançado.',
    en: 'The plan’s maximum number of queues has been reached.',
    es: 'Se alcanzó el número máximo de colas del plan.',
  },
}
