import vine from '@vinejs/vine'

/** A form's blank field or the text "null" is no value (multipart sends everything as text). */
const blankAsNull = (v: unknown) => (v === '' || v === 'null' || v === null ? null : v)
const id = () => vine.number().withoutDecimals().positive().max(2147483647)

/**
 * POST /api/messages/send fields (JSON or multipart). `number` is checked
 * before this schema (ERR_API_NUMBER_INVALID); `msdelay` of the reference is
 * accepted and ignored (the outbox paces each connection).
 */
export const sendValidator = vine.create({
  body: vine.string().maxLength(65536).optional(),
  userId: id().parse(blankAsNull).nullable().optional(),
  queueId: id().parse(blankAsNull).nullable().optional(),
  sendSignature: vine.boolean().optional(),
  closeTicket: vine.boolean().optional(),
  noRegister: vine.boolean().optional(),
  msdelay: vine.any().optional(),
})

export const WEBHOOK_EVENTS = ['message.received', 'message.status', 'ticket.created', 'ticket.closed'] as const

export const webhookValidator = vine.create({
  url: vine
    .string()
    .trim()
    .maxLength(500)
    .url({ require_protocol: true, protocols: ['http', 'https'], require_tld: false }),
  events: vine.array(vine.enum(WEBHOOK_EVENTS)).minLength(1).distinct(),
  active: vine.boolean().optional(),
})

export const webhookUpdateValidator = vine.create({
  url: vine
    .string()
    .trim()
    .maxLength(500)
    .url({ require_protocol: true, protocols: ['http', 'https'], require_tld: false })
    .optional(),
  events: vine.array(vine.enum(WEBHOOK_EVENTS)).minLength(1).distinct().optional(),
  active: vine.boolean().optional(),
})

export const usageQuery = vine.create({
  days: vine.number().withoutDecimals().min(1).max(90).optional(),
})
