import vine from '@vinejs/vine'
import { channelCatalog } from '#core/channels'

const extraInfo = vine
  .array(
    vine.object({ name: vine.string().trim().minLength(1).maxLength(100), value: vine.string().trim().maxLength(2000) })
  )
  .maxLength(50)

export const createContactValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50),
  number: vine
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{8,50}$/),
  email: vine.string().trim().toLowerCase().email().maxLength(255).nullable().optional(),
  disableBot: vine.boolean().optional(),
  acceptAudioMessage: vine.boolean().optional(),
  // the declared channels (their manifests), not a copy of the list
  channel: vine.enum(() => channelCatalog.names()).optional(),
  extraInfo: extraInfo.optional(),
  companyId: vine.number().optional(),
})

export const updateContactValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50).optional(),
  number: vine
    .string()
    .trim()
    .regex(/^\+?[\d\s().*-]{8,50}$/)
    .optional(),
  email: vine.string().trim().toLowerCase().email().maxLength(255).nullable().optional(),
  disableBot: vine.boolean().optional(),
  acceptAudioMessage: vine.boolean().optional(),
  active: vine.boolean().optional(),
  extraInfo: extraInfo.optional(),
  companyId: vine.number().optional(),
})

export const blockContactValidator = vine.create({ active: vine.boolean() })
