/** Error codes the webchat channel answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_WEBCHAT_UNKNOWN_KEY: {
    pt: 'Chave do chat do site desconhecida.',
    en: 'Unknown website chat key.',
    es: 'Clave del chat del sitio desconocida.',
  },
  ERR_WEBCHAT_ORIGIN_REFUSED: {
    pt: 'Este site não está autorizado a usar este chat.',
    en: 'This website is not allowed to use this chat.',
    es: 'Este sitio no está autorizado a usar este chat.',
  },
  ERR_WEBCHAT_INVALID_VISITOR: {
    pt: 'Sessão do visitante inválida ou expirada.',
    en: 'Invalid or expired visitor session.',
    es: 'Sesión del visitante inválida o caducada.',
  },
  ERR_WEBCHAT_PRECHAT_REQUIRED: {
    pt: 'Preencha os dados pedidos antes de conversar.',
    en: 'Fill in the requested details before chatting.',
    es: 'Complete los datos solicitados antes de conversar.',
  },
  ERR_WEBCHAT_TOO_MANY_STREAMS: {
    pt: 'Muitas janelas de chat abertas.',
    en: 'Too many chat windows open.',
    es: 'Demasiadas ventanas de chat abiertas.',
  },
  ERR_WEBCHAT_DEMO_DISABLED: {
    pt: 'A página de demonstração só existe em desenvolvimento.',
    en: 'The demo page exists only in development.',
    es: 'La página de demostración solo existe en desarrollo.',
  },
}
