import vine from '@vinejs/vine'

export const allInvoicesValidator = vine.create({
  status: vine.enum(['open', 'paid', 'overdue']).optional(),
  pageNumber: vine.any().optional(),
})
