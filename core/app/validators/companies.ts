import vine from '@vinejs/vine'
import {
  blankAsAbsent,
  blankAsNull,
  email,
  name,
  optionalCount,
  optionalText,
  password,
  weekdaySchedules,
} from './common.js'

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const
/** what a company has until someone picks another: sign-up and the dialog's default alike */
export const DEFAULT_RECURRENCE = 'MENSAL'

// optional fields take '' as "no value" (a form's blank field)
const companyFields = {
  phone: optionalText(30),
  status: vine.boolean().optional(),
  document: optionalText(40),
  dueDate: vine
    .string()
    .parse(blankAsNull)
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .nullable()
    .optional(),
  recurrence: vine.enum(RECURRENCES).parse(blankAsNull).nullable().optional(),
  paymentMethod: optionalText(40),
  usersLimit: optionalCount(),
  connectionsLimit: optionalCount(),
  queuesLimit: optionalCount(),
  timezone: vine.string().parse(blankAsAbsent).trim().maxLength(64).optional(),
  campaignsEnabled: vine.boolean().optional(),
}

export const createCompanyValidator = vine.create({
  name: name(),
  email: email(),
  planId: vine.number().withoutDecimals().positive(),
  // blank: the default password the admin must change
  password: password().parse(blankAsAbsent).optional(),
  // the company's first admin; blank: named after the company
  adminName: name().parse(blankAsAbsent).optional(),
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
