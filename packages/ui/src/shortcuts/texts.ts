/**
 * Labels of the shortcut actions a remote registers (under the 'shortcuts'
 * key): kit texts, so a remote names its actions without reaching for the
 * shell's files. The shell adds them to the page's i18next.
 */
const pt = {
  nextTicket: 'Próximo ticket da lista',
  previousTicket: 'Ticket anterior da lista',
  acceptTicket: 'Aceitar o ticket aberto',
  resolveTicket: 'Resolver o ticket aberto',
  closeChat: 'Fechar a conversa',
}

export const shortcutTexts: Record<'pt' | 'en' | 'es', typeof pt> = {
  pt,
  en: {
    nextTicket: 'Next ticket in the list',
    previousTicket: 'Previous ticket in the list',
    acceptTicket: 'Accept the open ticket',
    resolveTicket: 'Resolve the open ticket',
    closeChat: 'Close the conversation',
  },
  es: {
    nextTicket: 'Siguiente ticket de la lista',
    previousTicket: 'Ticket anterior de la lista',
    acceptTicket: 'Aceptar el ticket abierto',
    resolveTicket: 'Resolver el ticket abierto',
    closeChat: 'Cerrar la conversación',
  },
}
