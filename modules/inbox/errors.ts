/** Error codes the inbox module answers (declared in its manifest; the core's catalogue holds the shared ones). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_TICKET_STATE_CHANGED: {
    pt: 'O ticket foi alterado por outra pessoa. Atualize e tente de novo.',
    en: 'The ticket was changed by someone else. Refresh and try again.',
    es: 'El ticket fue modificado por otra persona. Actualice e inténtelo de nuevo.',
  },
  ERR_TICKET_ALREADY_ACCEPTED: {
    pt: 'Este ticket já foi aceito por outro atendente.',
    en: 'This ticket was already accepted by another agent.',
    es: 'Este ticket ya fue aceptado por otro agente.',
  },
  ERR_TAG_REQUIRED: {
    pt: 'Você deve atribuir uma tag antes de fechar o ticket.',
    en: 'You must assign a tag before closing the ticket.',
    es: 'Debe asignar una etiqueta antes de cerrar el ticket.',
  },
  ERR_TICKET_NOT_OPEN: {
    pt: 'Só é possível enviar mensagens em tickets abertos.',
    en: 'Messages can only be sent on open tickets.',
    es: 'Solo se pueden enviar mensajes en tickets abiertos.',
  },
  ERR_NO_MESSAGE_FOUND: {
    pt: 'Nenhuma mensagem encontrada com este ID.',
    en: 'No message found with this ID.',
    es: 'No se encontró ningún mensaje con este ID.',
  },
  ERR_EDIT_WAPP_MSG: {
    pt: 'Esta mensagem não pode ser editada.',
    en: 'This message cannot be edited.',
    es: 'Este mensaje no se puede editar.',
  },
  ERR_NO_NOTE_FOUND: {
    pt: 'Nenhuma observação encontrada com este ID.',
    en: 'No note found with this ID.',
    es: 'No se encontró ninguna nota con este ID.',
  },
  ERR_NO_TAG_FOUND: {
    pt: 'Nenhuma tag encontrada com este ID.',
    en: 'No tag found with this ID.',
    es: 'No se encontró ninguna etiqueta con este ID.',
  },
  ERR_TAG_ALREADY_EXISTS: {
    pt: 'Já existe uma tag com este nome.',
    en: 'A tag with this name already exists.',
    es: 'Ya existe una etiqueta con este nombre.',
  },
  ERR_NO_QUICK_MESSAGE_FOUND: {
    pt: 'Nenhuma resposta rápida encontrada com este ID.',
    en: 'No quick reply found with this ID.',
    es: 'No se encontró ninguna respuesta rápida con este ID.',
  },
  ERR_IMPORT_FILE: {
    pt: 'Não foi possível ler a planilha enviada.',
    en: 'The uploaded spreadsheet could not be read.',
    es: 'No se pudo leer la hoja de cálculo enviada.',
  },
  ERR_IMPORT_FILE_CONTENT: {
    pt: 'O conteúdo do arquivo não corresponde ao tipo informado (envie uma planilha .xlsx, .xls ou .csv).',
    en: 'The file content does not match its declared type (send an .xlsx, .xls or .csv spreadsheet).',
    es: 'El contenido del archivo no corresponde al tipo declarado (envíe una hoja .xlsx, .xls o .csv).',
  },
  ERR_IMPORT_TOO_MANY_ROWS: {
    pt: 'A planilha tem linhas demais para uma importação.',
    en: 'The spreadsheet has too many rows for one import.',
    es: 'La hoja de cálculo tiene demasiadas filas para una importación.',
  },
  ERR_IMPORT_TIMEOUT: {
    pt: 'A leitura da planilha demorou demais e foi interrompida.',
    en: 'Reading the spreadsheet took too long and was stopped.',
    es: 'La lectura de la hoja de cálculo tardó demasiado y se interrumpió.',
  },
  ERR_IMPORT_NOT_FOUND: {
    pt: 'Importação não encontrada.',
    en: 'Import not found.',
    es: 'Importación no encontrada.',
  },
  ERR_CONTACT_EXPORT_NOT_FOUND: {
    pt: 'Exportação não encontrada ou expirada. Exporte novamente.',
    en: 'Export not found or expired. Export again.',
    es: 'Exportación no encontrada o vencida. Exporte de nuevo.',
  },
  ERR_IMPORT_CHATS_UNSUPPORTED: {
    pt: 'Esta conexão não permite importar contatos das conversas.',
    en: 'This connection cannot import contacts from its chats.',
    es: 'Esta conexión no permite importar contactos de las conversaciones.',
  },
  // answered by the kanban seam (public/kanban.ts): a card another user moved meanwhile
  ERR_KANBAN_LANE_CHANGED: {
    pt: 'Este ticket foi movido por outra pessoa. O quadro foi atualizado.',
    en: 'Someone else moved this ticket. The board was refreshed.',
    es: 'Otra persona movió este ticket. El tablero se actualizó.',
  },
}
