/**
 * The webchat connection's settings: the websites allowed to embed it (one
 * origin per line or comma-separated, scheme://host[:port]) and what the
 * pre-chat form asks (off, optional or required for name and e-mail).
 */
import vine from '@vinejs/vine'

const ask = () => vine.enum(['off', 'optional', 'required']).optional()

export default vine.object({
  allowedOrigins: vine.string().trim().maxLength(2000).optional(),
  preChatName: ask(),
  preChatEmail: ask(),
  title: vine.string().trim().maxLength(60).optional(),
})
