import vine from '@vinejs/vine'

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/
export const ENABLED = ['enabled', 'disabled'] as const

export const email = () => vine.string().trim().toLowerCase().email().maxLength(255)
export const name = () => vine.string().trim().minLength(2).maxLength(50)
export const password = () => vine.string().minLength(5).maxLength(50)
export const time = () => vine.string().trim().regex(HHMM)
export const optionalTime = () =>
  vine
    .string()
    .trim()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/)

export const weekdaySchedules = () =>
  vine
    .array(
      vine.object({
        weekday: vine.string().trim().maxLength(30),
        weekdayEn: vine.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
        startTimeA: optionalTime().optional(),
        endTimeA: optionalTime().optional(),
        startTimeB: optionalTime().optional(),
        endTimeB: optionalTime().optional(),
      })
    )
    .maxLength(7)
