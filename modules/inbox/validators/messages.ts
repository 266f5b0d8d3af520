import vine from '@vinejs/vine'

export const sendMessageValidator = vine.create({
  body: vine.string().maxLength(10000).optional(),
  fromMe: vine.boolean().optional(),
  read: vine.boolean().optional(),
  mediaUrl: vine.string().maxLength(500).nullable().optional(),
  quotedMsg: vine
    .object({ id: vine.number().withoutDecimals().positive() })
    .allowUnknownProperties()
    .nullable()
    .optional(),
  isPrivate: vine.boolean().optional(),
  vCard: vine
    .object({
      name: vine.string().trim().minLength(1).maxLength(100),
      number: vine
        .string()
        .trim()
        .regex(/^\+?\d{8,20}$/),
    })
    .nullable()
    .optional(),
})

export const editMessageValidator = vine.create({ body: vine.string().trim().minLength(1).maxLength(10000) })

/** An emoji reaction; an empty one takes our reaction back. */
export const reactionValidator = vine.create({ emoji: vine.string().trim().maxLength(16).optional() })

export const forwardValidator = vine.create({
  messageId: vine.number().withoutDecimals().positive(),
  contactId: vine.number().withoutDecimals().positive().max(2147483647),
  signMessage: vine.boolean().optional(),
})

export const noteValidator = vine.create({
  note: vine.string().trim().minLength(2).maxLength(5000),
  ticketId: vine.number().withoutDecimals().positive().max(2147483647),
  contactId: vine.number().withoutDecimals().positive().max(2147483647).optional(),
})
