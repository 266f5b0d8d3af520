/** Error codes the agents' AI help answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_ASSIST_NO_KEY: {
    pt: 'A ajuda de IA não está configurada: um administrador precisa informar a chave da OpenAI nas configurações.',
    en: 'AI help is not set up: an administrator must enter the OpenAI key in the settings.',
    es: 'La ayuda de IA no está configurada: un administrador debe indicar la clave de OpenAI en la configuración.',
  },
  ERR_ASSIST_DAILY_LIMIT: {
    pt: 'A empresa atingiu o limite diário de pedidos à IA. Tente novamente amanhã.',
    en: 'The company reached its daily limit of AI requests. Try again tomorrow.',
    es: 'La empresa alcanzó el límite diario de solicitudes a la IA. Inténtelo de nuevo mañana.',
  },
  ERR_ASSIST_PROVIDER_FAILED: {
    pt: 'O serviço de IA não respondeu. Tente novamente em instantes.',
    en: 'The AI service did not answer. Try again in a moment.',
    es: 'El servicio de IA no respondió. Inténtelo de nuevo en unos instantes.',
  },
  ERR_ASSIST_RATE_LIMITED: {
    pt: 'O serviço de IA está limitando os pedidos desta chave. Aguarde um pouco e tente de novo.',
    en: 'The AI service is limiting requests for this key. Wait a little and try again.',
    es: 'El servicio de IA está limitando las solicitudes de esta clave. Espere un poco e inténtelo de nuevo.',
  },
  ERR_ASSIST_KEY_REJECTED: {
    pt: 'A OpenAI recusou a chave configurada. Peça a um administrador para conferi-la.',
    en: 'OpenAI refused the configured key. Ask an administrator to check it.',
    es: 'OpenAI rechazó la clave configurada. Pida a un administrador que la revise.',
  },
  ERR_ASSIST_EMPTY_CONVERSATION: {
    pt: 'Ainda não há mensagens neste atendimento para a IA ler.',
    en: 'There are no messages in this ticket for the AI to read yet.',
    es: 'Aún no hay mensajes en esta atención para que la IA los lea.',
  },
  ERR_NO_ASSIST_JOB_FOUND: {
    pt: 'Pedido à IA não encontrado.',
    en: 'AI request not found.',
    es: 'Solicitud a la IA no encontrada.',
  },
}
