import vine from '@vinejs/vine'

export const quickMessageValidator = vine.create({
  shortcode: vine.string().trim().minLength(1).maxLength(100),
  message: vine.string().maxLength(10000).optional(),
  geral: vine.boolean().optional(),
  visao: vine.boolean().optional(),
  status: vine.boolean().optional(),
  userId: vine.number().optional(),
  companyId: vine.number().optional(),
})

export const updateQuickMessageValidator = vine.create({
  shortcode: vine.string().trim().minLength(1).maxLength(100).optional(),
  message: vine.string().maxLength(10000).optional(),
  geral: vine.boolean().optional(),
  visao: vine.boolean().optional(),
  status: vine.boolean().optional(),
})
