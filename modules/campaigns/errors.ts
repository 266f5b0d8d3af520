/** Error codes the campaigns module answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_NO_CAMPAIGN_FOUND: {
    pt: 'Nenhuma campanha encontrada com este ID.',
    en: 'No campaign found with this ID.',
    es: 'No se encontró ninguna campaña con este ID.',
  },
  ERR_NO_CONTACT_LIST_FOUND: {
    pt: 'Nenhuma lista de contatos encontrada com este ID.',
    en: 'No contact list found with this ID.',
    es: 'No se encontró ninguna lista de contactos con este ID.',
  },
  ERR_NO_CONTACT_LIST_ITEM_FOUND: {
    pt: 'Nenhum contato da lista encontrado com este ID.',
    en: 'No list contact found with this ID.',
    es: 'No se encontró ningún contacto de la lista con este ID.',
  },
  ERR_CONTACT_LIST_ITEM_DUPLICATED: {
    pt: 'Este número já está nesta lista.',
    en: 'This number is already in this list.',
    es: 'Este número ya está en esta lista.',
  },
  ERR_CAMPAIGN_NOT_EDITABLE: {
    pt: 'Esta campanha não pode mais ser alterada: só é editável inativa ou programada com mais de 1 hora de antecedência.',
    en: 'This campaign can no longer be changed: it is editable only when inactive or scheduled more than 1 hour ahead.',
    es: 'Esta campaña ya no se puede cambiar: solo es editable inactiva o programada con más de 1 hora de antelación.',
  },
  ERR_CAMPAIGN_INVALID_TRANSITION: {
    pt: 'Esta ação não é permitida no estado atual da campanha.',
    en: 'This action is not allowed in the campaign’s current status.',
    es: 'Esta acción no está permitida en el estado actual de la campaña.',
  },
  ERR_CAMPAIGN_IN_PROGRESS: {
    pt: 'Cancele a campanha em andamento antes de excluí-la.',
    en: 'Cancel the campaign in progress before deleting it.',
    es: 'Cancele la campaña en curso antes de eliminarla.',
  },
  ERR_CAMPAIGN_NO_RECIPIENTS: {
    pt: 'Escolha uma lista de contatos e ao menos uma conexão para iniciar a campanha.',
    en: 'Choose a contact list and at least one connection to start the campaign.',
    es: 'Elija una lista de contactos y al menos una conexión para iniciar la campaña.',
  },
  ERR_CAMPAIGN_EXPORT_NOT_FOUND: {
    pt: 'Exportação não encontrada ou expirada. Exporte novamente.',
    en: 'Export not found or expired. Export again.',
    es: 'Exportación no encontrada o vencida. Exporte de nuevo.',
  },
}
