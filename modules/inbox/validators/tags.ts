import vine from '@vinejs/vine'

const color = () =>
  vine
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/)

export const createTagValidator = vine.create({
  name: vine.string().trim().minLength(3).maxLength(100),
  color: color().optional(),
  kanban: vine.number().withoutDecimals().min(0).max(1).optional(),
})

export const updateTagValidator = vine.create({
  name: vine.string().trim().minLength(3).maxLength(100).optional(),
  color: color().optional(),
  kanban: vine.number().withoutDecimals().min(0).max(1).optional(),
})

export const syncTagsValidator = vine.create({
  contactId: vine.number().withoutDecimals().positive().max(2147483647),
  tags: vine
    .array(vine.object({ id: vine.number().withoutDecimals().positive().max(2147483647) }).allowUnknownProperties())
    .maxLength(100),
})
