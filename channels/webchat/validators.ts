import vine from '@vinejs/vine'

export const sessionValidator = vine.create({
  visitor: vine.string().maxLength(300).optional(),
  name: vine.string().trim().maxLength(100).optional(),
  email: vine.string().trim().maxLength(254).email().optional(),
})

export const messageValidator = vine.create({
  body: vine.string().trim().minLength(1).maxLength(4000),
  /** the widget's id of the message: a retried send is stored once */
  clientId: vine
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
})
