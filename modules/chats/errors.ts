/** Error codes the internal chat answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_NO_CHAT_FOUND: {
    pt: 'Nenhuma conversa encontrada com este ID.',
    en: 'No chat found with this ID.',
    es: 'No se encontró ninguna conversación con este ID.',
  },
  ERR_CHAT_OWNER_ONLY: {
    pt: 'Só quem criou a conversa pode alterá-la ou excluí-la.',
    en: 'Only the person who created the chat may change or delete it.',
    es: 'Solo quien creó la conversación puede cambiarla o eliminarla.',
  },
  ERR_CHAT_USER_NOT_FOUND: {
    pt: 'Um dos participantes escolhidos não é usuário desta empresa.',
    en: 'One of the chosen members is not a user of this company.',
    es: 'Uno de los participantes elegidos no es usuario de esta empresa.',
  },
  ERR_NO_CHAT_MESSAGE_FOUND: {
    pt: 'Nenhuma mensagem encontrada com este ID nesta conversa.',
    en: 'No message found with this ID in this chat.',
    es: 'No se encontró ningún mensaje con este ID en esta conversación.',
  },
  ERR_CHAT_MESSAGE_SENDER_ONLY: {
    pt: 'Só quem enviou a mensagem pode editá-la.',
    en: 'Only the sender may edit this message.',
    es: 'Solo quien envió el mensaje puede editarlo.',
  },
}
