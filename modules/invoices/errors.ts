/** Error codes the invoices module answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_NO_INVOICE_FOUND: {
    pt: 'Nenhuma fatura encontrada com este ID.',
    en: 'No invoice found with this ID.',
    es: 'No se encontró ninguna factura con este ID.',
  },
  ERR_INVOICE_ALREADY_PAID: {
    pt: 'Esta fatura já foi paga.',
    en: 'This invoice has already been paid.',
    es: 'Esta factura ya fue pagada.',
  },
}
