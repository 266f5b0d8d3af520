/** Error codes the whatsapp channel answers (declared in its manifest; the core's catalogue holds the shared ones). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_WAPP_SESSION_BUSY: {
    pt: 'A sessão desta conexão está sendo executada em outro servidor. Tente novamente em instantes.',
    en: 'This connection’s session is running on another server. Try again in a moment.',
    es: 'La sesión de esta conexión se está ejecutando en otro servidor. Inténtelo de nuevo en un momento.',
  },
}
