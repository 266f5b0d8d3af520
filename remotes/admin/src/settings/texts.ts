/**
 * Labels of the settings this folder added after the admin remote's catalogue
 * (merged into admin.settings.* by SettingsPage; same keys in pt, en and es).
 */
import i18next from 'i18next'

const texts = {
  pt: {
    schedulesReminder: 'Clique em salvar para registrar as alterações',
    keys: {
      AcceptCallWhatsappMessage: 'Mensagem ao recusar chamadas no WhatsApp',
      greetingAcceptedMessage: 'Mensagem de saudação ao aceitar o ticket',
      sendQueuePositionMessage: 'Mensagem de posição na fila',
      transferMessage: 'Mensagem de transferência',
    },
  },
  en: {
    schedulesReminder: 'Click save to register the changes',
    keys: {
      AcceptCallWhatsappMessage: 'Message when refusing WhatsApp calls',
      greetingAcceptedMessage: 'Greeting message when a ticket is accepted',
      sendQueuePositionMessage: 'Queue position message',
      transferMessage: 'Transfer message',
    },
  },
  es: {
    schedulesReminder: 'Haga clic en guardar para registrar los cambios',
    keys: {
      AcceptCallWhatsappMessage: 'Mensaje al rechazar llamadas de WhatsApp',
      greetingAcceptedMessage: 'Mensaje de saludo al aceptar el ticket',
      sendQueuePositionMessage: 'Mensaje de posición en la cola',
      transferMessage: 'Mensaje de transferencia',
    },
  },
}

export function registerSettingsTexts() {
  for (const [lng, res] of Object.entries(texts)) {
    i18next.addResourceBundle(lng, 'translation', { admin: { settings: res } }, true, false)
  }
}
