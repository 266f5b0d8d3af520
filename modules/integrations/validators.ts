import vine from '@vinejs/vine'
import { INTEGRATION_TYPES } from './models/queue_integration.js'

const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)
const optionalText = (max: number) => vine.string().parse(blankAsNull).trim().maxLength(max).nullable().optional()

/** Spec 3 §5: name 2-50; URL and slug by type (checked in the controller). */
export const integrationValidator = vine.create({
  type: vine.enum(INTEGRATION_TYPES),
  name: vine.string().trim().minLength(2).maxLength(50),
  projectName: optionalText(100),
  // absent, blank or its mask on an edit: the stored credentials stay
  jsonContent: vine.string().parse(blankAsNull).trim().maxLength(20000).nullable().optional(),
  language: vine.enum(['pt-BR', 'en', 'es']).optional(),
  urlN8N: vine
    .string()
    .parse(blankAsNull)
    .trim()
    .maxLength(500)
    .url({ require_protocol: true, protocols: ['http', 'https'], require_tld: false })
    .nullable()
    .optional(),
  typebotSlug: vine
    .string()
    .parse(blankAsNull)
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,200}$/)
    .nullable()
    .optional(),
  typebotExpires: vine.number().withoutDecimals().min(0).max(10080).optional(),
  typebotDelayMessage: vine.number().withoutDecimals().min(0).max(10000).optional(),
  typebotKeywordFinish: optionalText(100),
  typebotKeywordRestart: optionalText(100),
  typebotRestartMessage: optionalText(2000),
  typebotUnknownMessage: optionalText(2000),
})

export const testSessionValidator = vine.create({
  projectName: vine.string().trim().minLength(1).maxLength(100),
  jsonContent: vine.string().trim().minLength(2).maxLength(20000),
  language: vine.enum(['pt-BR', 'en', 'es']).optional(),
})

/** The delivery log's keyset paging: the id of the last row of the previous page. */
export const deliveriesValidator = vine.create({
  // bounded: a larger number is not an id (bigint) and must be a 422, not a database error
  before: vine.number().withoutDecimals().positive().max(Number.MAX_SAFE_INTEGER).optional(),
})
