import vine from '@vinejs/vine'

/** most members one chat may have (a company's whole staff fits) */
export const MAX_CHAT_USERS = 500
export const MAX_MESSAGE_LENGTH = 5000

const userId = () => vine.number().withoutDecimals().positive().max(2147483647)
/** the spec's client sends the picked users as objects ({ id, name }); ids are accepted too */
const asIds = (v: unknown) =>
  Array.isArray(v) ? v.map((u) => (u && typeof u === 'object' && 'id' in u ? (u as { id: unknown }).id : u)) : v

const users = () => vine.array(userId()).parse(asIds).minLength(1).maxLength(MAX_CHAT_USERS)
const title = () => vine.string().trim().minLength(1).maxLength(100)

/** spec 3 §5: a title and at least one user */
export const createChatValidator = vine.create({ title: title(), users: users() })

export const updateChatValidator = vine.create({ title: title().optional(), users: users().optional() })

/** spec 3 §5: an empty or blank message is not sent (nor saved as an edit) */
export const messageValidator = vine.create({
  message: vine.string().trim().minLength(1).maxLength(MAX_MESSAGE_LENGTH),
})

/** the "share this ticket" action: the ticket, and an optional word with it */
export const shareTicketValidator = vine.create({
  ticketId: vine.number().withoutDecimals().positive().max(2147483647),
  message: vine.string().trim().maxLength(MAX_MESSAGE_LENGTH).optional(),
})

export const muteValidator = vine.create({ muted: vine.boolean() })
