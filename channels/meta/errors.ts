/** Error codes of the Meta channels (declared once, by the whatsappapi manifest that owns the Meta tables). */
import type { Localized } from '#core/module'

export const metaErrors: Record<string, Localized> = {
  ERR_META_VERIFY_TOKEN: {
    pt: 'Token de verificação do webhook inválido.',
    en: 'Invalid webhook verify token.',
    es: 'Token de verificación del webhook no válido.',
  },
  ERR_META_NOT_CONFIGURED: {
    pt: 'O aplicativo da Meta não está configurado neste servidor (META_APP_ID, META_APP_SECRET).',
    en: 'The Meta app is not configured on this server (META_APP_ID, META_APP_SECRET).',
    es: 'La aplicación de Meta no está configurada en este servidor (META_APP_ID, META_APP_SECRET).',
  },
  ERR_META_TOKEN_INVALID: {
    pt: 'A Meta recusou o token de acesso: verifique o token, o ID do número e o ID da conta.',
    en: 'Meta refused the access token: check the token, the phone number ID and the account ID.',
    es: 'Meta rechazó el token de acceso: verifique el token, el ID del número y el ID de la cuenta.',
  },
  ERR_META_WINDOW_CLOSED: {
    pt: 'A janela de 24 horas desta conversa está fechada: só é possível enviar um modelo aprovado.',
    en: 'This conversation’s 24-hour window is closed: only an approved template can be sent.',
    es: 'La ventana de 24 horas de esta conversación está cerrada: solo se puede enviar una plantilla aprobada.',
  },
  ERR_META_TEMPLATE_NOT_FOUND: {
    pt: 'Modelo não encontrado ou não aprovado.',
    en: 'Template not found or not approved.',
    es: 'Plantilla no encontrada o no aprobada.',
  },
  ERR_META_SEND_FAILED: {
    pt: 'A Meta recusou a mensagem.',
    en: 'Meta refused the message.',
    es: 'Meta rechazó el mensaje.',
  },
  ERR_META_NOT_META_TICKET: {
    pt: 'Este atendimento não é de um canal da Meta.',
    en: 'This ticket is not on a Meta channel.',
    es: 'Esta atención no es de un canal de Meta.',
  },
  ERR_META_NO_PAGES: {
    pt: 'Nenhuma página encontrada para este usuário do Facebook.',
    en: 'No page found for this Facebook user.',
    es: 'No se encontró ninguna página para este usuario de Facebook.',
  },
}
