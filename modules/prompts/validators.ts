import vine from '@vinejs/vine'
import { VOICES } from './services/voices.js'

const id = () => vine.number().withoutDecimals().positive().max(2147483647)
/** a form's blank field is no value */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)

/** Spec 3 §5: name 5-100, prompt at least 50; numbers within what the provider accepts. */
export const promptValidator = vine.create({
  name: vine.string().trim().minLength(5).maxLength(100),
  prompt: vine.string().trim().minLength(50).maxLength(20000),
  // absent or its mask on an edit: the stored key stays
  apiKey: vine.string().trim().minLength(8).maxLength(300).optional(),
  model: vine
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/)
    .optional(),
  voice: vine.enum(VOICES).optional(),
  voiceKey: vine.string().parse(blankAsNull).trim().maxLength(300).nullable().optional(),
  voiceRegion: vine
    .string()
    .parse(blankAsNull)
    .trim()
    .regex(/^[a-z0-9]{2,40}$/)
    .nullable()
    .optional(),
  maxTokens: vine.number().withoutDecimals().min(1).max(4096).optional(),
  temperature: vine.number().min(0).max(2).optional(),
  maxMessages: vine.number().withoutDecimals().min(1).max(50).optional(),
  queueId: id().nullable().optional(),
})
