import vine from '@vinejs/vine'

export const createAnnouncementValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(200),
  text: vine.string().trim().minLength(1).maxLength(10000),
  priority: vine.number().withoutDecimals().range([1, 3]).optional(),
  status: vine.boolean().optional(),
})

export const updateAnnouncementValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(200).optional(),
  text: vine.string().trim().minLength(1).maxLength(10000).optional(),
  priority: vine.number().withoutDecimals().range([1, 3]).optional(),
  status: vine.boolean().optional(),
})
