import vine from '@vinejs/vine'

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/
export const ENABLED = ['enabled', 'disabled'] as const

export const email = () => vine.string().trim().toLowerCase().email().maxLength(255)
export const name = () => vine.string().trim().minLength(2).maxLength(50)
export const password = () => vine.string().minLength(5).maxLength(50)
export const time = () => vine.string().trim().regex(HHMM)

/**
 * Optional fields take an empty value as absent: forms send '' for a field
 * left blank. blankAsNull makes it null (stored as "no value"); blankAsAbsent
 * drops it (the stored value stays).
 */
export const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)
export const blankAsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

/** Optional free text: '' is stored as null. */
export const optionalText = (max: number) =>
  vine.string().parse(blankAsNull).trim().maxLength(max).nullable().optional()

/** Optional whole number (a limit): '' is null ("no limit of its own"). */
export const optionalCount = () =>
  vine.number().parse(blankAsNull).withoutDecimals().min(0).max(100000).nullable().optional()

/**
 * A Brazilian phone (spec 1 §5/§9): country code 55, area code and number, 12
 * or 13 digits; the mask's spaces, brackets, '+' and '-' are dropped and the
 * digits stored.
 */
export const BR_PHONE = /^55\d{10,11}$/
export const brPhone = () =>
  vine
    .string()
    .parse((v) => (typeof v === 'string' ? v.replace(/[\s()+.\-]/g, '') : v))
    .regex(BR_PHONE)

export { weekdaySchedules } from '#core/validation'
