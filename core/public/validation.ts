/**
 * Validation rules shared by the core and the modules (VineJS), so the same
 * field is checked the same way everywhere.
 */
import vine from '@vinejs/vine'

/** HH:mm, or empty (an unused shift) */
export const OPTIONAL_HHMM = /^(([01]\d|2[0-3]):[0-5]\d)?$/
export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

/** Service hours per weekday with shifts A and B (companies, connections, queues). */
export const weekdaySchedules = () =>
  vine
    .array(
      vine.object({
        weekday: vine.string().trim().maxLength(30),
        weekdayEn: vine.enum(WEEKDAYS_EN),
        startTimeA: vine.string().trim().regex(OPTIONAL_HHMM).optional(),
        endTimeA: vine.string().trim().regex(OPTIONAL_HHMM).optional(),
        startTimeB: vine.string().trim().regex(OPTIONAL_HHMM).optional(),
        endTimeB: vine.string().trim().regex(OPTIONAL_HHMM).optional(),
      })
    )
    .maxLength(7)
