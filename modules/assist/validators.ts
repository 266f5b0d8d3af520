import vine from '@vinejs/vine'

/** a blank field is no value (clears the key) */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)

/** The admins' settings: a key (its mask keeps the stored one; null or blank removes it) and a model. */
export const settingsValidator = vine.create({
  apiKey: vine.string().parse(blankAsNull).trim().minLength(8).maxLength(300).nullable().optional(),
  model: vine
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/)
    .optional(),
})

export const KINDS = ['summary', 'suggestions', 'improve'] as const
export type AssistKind = (typeof KINDS)[number]

/** One request: what to do; "improve" needs the draft (what the agent typed, not yet sent). */
export const requestValidator = vine.create({
  kind: vine.enum(KINDS),
  text: vine.string().trim().minLength(1).maxLength(4000).optional().requiredWhen('kind', '=', 'improve'),
})
