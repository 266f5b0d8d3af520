import vine from '@vinejs/vine'

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/
export const ENABLED = ['enabled', 'disabled'] as const

export const email = () => vine.string().trim().toLowerCase().email().maxLength(255)
export const name = () => vine.string().trim().minLength(2).maxLength(50)
export const password = () => vine.string().minLength(5).maxLength(50)
export const time = () => vine.string().trim().regex(HHMM)

export { weekdaySchedules } from '#core/validation'
