import vine from '@vinejs/vine'
import { email, name, password, weekdaySchedules } from './common.js'

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const

const companyFields = {
  phone: vine.string().trim().maxLength(30).nullable().optional(),
  status: vine.boolean().optional(),
  document: vine.string().trim().maxLength(40).nullable().optional(),
  dueDate: vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .nullable()
    .optional(),
  recurrence: vine.enum(RECURRENCES).nullable().optional(),
  paymentMethod: vine.string().trim().maxLength(40).nullable().optional(),
  usersLimit: vine.number().withoutDecimals().min(0).max(100000).nullable().optional(),
  connectionsLimit: vine.number().withoutDecimals().min(0).max(100000).nullable().optional(),
  queuesLimit: vine.number().withoutDecimals().min(0).max(100000).nullable().optional(),
  timezone: vine.string().trim().maxLength(64).optional(),
  campaignsEnabled: vine.boolean().optional(),
}

export const createCompanyValidator = vine.create({
  name: name(),
  email: email(),
  planId: vine.number().withoutDecimals().positive(),
  password: password().optional(),
  ...companyFields,
})

export const updateCompanyValidator = vine.create({
  name: name().optional(),
  email: email().optional(),
  planId: vine.number().withoutDecimals().positive().optional(),
  ...companyFields,
})

export const schedulesValidator = vine.create({
  schedules: weekdaySchedules(),
})
