import vine from '@vinejs/vine'

export const templateSendValidator = vine.create({
  ticketId: vine.number().withoutDecimals().positive().max(2147483647),
  name: vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(512)
    .regex(/^[a-z0-9_]+$/),
  language: vine
    .string()
    .trim()
    .minLength(2)
    .maxLength(16)
    .regex(/^[a-zA-Z_]+$/),
  variables: vine.array(vine.string().trim().minLength(1).maxLength(1024)).maxLength(30).optional(),
})
