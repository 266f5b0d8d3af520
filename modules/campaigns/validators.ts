import vine from '@vinejs/vine'

/** optional fields take '' (a form's blank field) as no value */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)
/** the spec's client sends "Nenhuma" (none) for an unset list */
const noneAsNull = (v: unknown) => (v === '' || v === 'Nenhuma' || v === 0 || v === '0' ? null : v)
const id = () => vine.number().withoutDecimals().positive().max(2147483647)

export const contactListValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50),
})

export const createItemValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50),
  number: vine
    .string()
    .trim()
    .minLength(8)
    .maxLength(50)
    .regex(/^[\d\s()+\-.]+$/)
    .use(digitsOnly()),
  email: vine.string().parse(blankAsNull).trim().email().maxLength(255).nullable().optional(),
  contactListId: id(),
})

export const updateItemValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50).optional(),
  number: vine
    .string()
    .trim()
    .minLength(8)
    .maxLength(50)
    .regex(/^[\d\s()+\-.]+$/)
    .use(digitsOnly())
    .optional(),
  email: vine.string().parse(blankAsNull).trim().email().maxLength(255).nullable().optional(),
})

/** after the format check: keep the digits, and at least 8 of them */
function digitsOnly() {
  return vine.createRule((value, _options, field) => {
    const digits = String(value).replace(/\D/g, '')
    if (digits.length < 8) {
      field.report('The {{ field }} field must have at least 8 digits', 'minDigits', field)
      return
    }
    field.mutate(digits, field)
  })()
}

export const itemListQuery = vine.create({
  contactListId: vine.number().withoutDecimals().positive().max(2147483647),
})

/** Spec 3 §9 choices. */
export const MESSAGE_INTERVALS = [0, 5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]
export const LONGER_AFTER = [0, 5, 10, 15, 20, 30, 40, 50, 60]
export const GREATER_INTERVALS = [0, ...Array.from({ length: 17 }, (_, i) => 20 + i * 10)]
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/

export const campaignSettingsValidator = vine.create({
  messageInterval: vine.number().in(MESSAGE_INTERVALS).optional(),
  longerIntervalAfter: vine.number().in(LONGER_AFTER).optional(),
  greaterInterval: vine.number().in(GREATER_INTERVALS).optional(),
  startHour: vine.string().trim().regex(HHMM).optional(),
  endHour: vine.string().trim().regex(HHMM).optional(),
  sabado: vine.boolean().optional(),
  domingo: vine.boolean().optional(),
  dailyLimit: vine.number().withoutDecimals().min(0).max(100000).optional(),
  variables: vine
    .array(
      vine.object({
        key: vine
          .string()
          .trim()
          .minLength(1)
          .maxLength(30)
          .regex(/^[A-Za-z0-9_]+$/),
        value: vine.string().trim().maxLength(1000),
      })
    )
    .maxLength(50)
    .optional(),
  optOutKeywords: vine.array(vine.string().trim().minLength(2).maxLength(30).toUpperCase()).maxLength(10).optional(),
})

const text = () => vine.string().parse(blankAsNull).trim().maxLength(4096).nullable().optional()

/** whatsappId: comma-joined ids (the spec's client), a single id, or a list */
const connectionIds = () =>
  vine
    .any()
    .parse(blankAsNull)
    .use(
      vine.createRule((value, _o, field) => {
        if (value === null || value === undefined) return
        const parts = Array.isArray(value) ? value : String(value).split(',')
        const ids = parts.map((p) => Number(String(p).trim()))
        if (ids.length > 20 || ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2147483647)) {
          field.report('The {{ field }} field must list connection ids', 'connectionIds', field)
          return
        }
        field.mutate([...new Set(ids)].join(','), field)
      })()
    )

const campaignFields = {
  message1: text(),
  message2: text(),
  message3: text(),
  message4: text(),
  message5: text(),
  confirmationMessage1: text(),
  confirmationMessage2: text(),
  confirmationMessage3: text(),
  confirmationMessage4: text(),
  confirmationMessage5: text(),
  confirmation: vine.boolean().optional(),
  scheduledAt: vine.string().parse(blankAsNull).trim().maxLength(40).nullable().optional(),
  contactListId: id().parse(noneAsNull).nullable().optional(),
  tagListId: id().parse(noneAsNull).nullable().optional(),
  whatsappId: connectionIds().nullable().optional(),
  userId: id().parse(noneAsNull).nullable().optional(),
  queueId: id().parse(noneAsNull).nullable().optional(),
  statusTicket: vine.enum(['open', 'closed']).optional(),
  openTicket: vine.enum(['enabled', 'disabled']).optional(),
  skipAgentTickets: vine.boolean().optional(),
}

export const createCampaignValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50),
  ...campaignFields,
})

export const updateCampaignValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50).optional(),
  ...campaignFields,
})

/** POST /campaigns/:id/exports: the language of the file's words */
export const reportExportValidator = vine.create({
  lang: vine.enum(['pt', 'en', 'es']).optional(),
})
