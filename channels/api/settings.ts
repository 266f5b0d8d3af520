/** The API channel's connection settings: where outbound messages go and the signing secret. */
import vine from '@vinejs/vine'

export default vine.object({
  callbackUrl: vine
    .string()
    .trim()
    .maxLength(500)
    .url({ require_protocol: true, protocols: ['http', 'https'] })
    .optional(),
  secret: vine.string().minLength(16).maxLength(200).optional(),
})
