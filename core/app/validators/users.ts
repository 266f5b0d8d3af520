import vine from '@vinejs/vine'
import { ENABLED, blankAsAbsent, blankAsNull, email, name, password, time } from './common.js'

const userFields = {
  profile: vine.enum(['admin', 'user']).optional(),
  // optional fields take '' as absent (a blank time keeps the stored one) or as no value
  startWork: time().parse(blankAsAbsent).optional(),
  endWork: time().parse(blankAsAbsent).optional(),
  farewellMessage: vine.string().parse(blankAsNull).trim().maxLength(2000).nullable().optional(),
  allTicket: vine.enum(['enable', 'disable']).optional(),
  allowGroup: vine.boolean().optional(),
  defaultTheme: vine.enum(['light', 'dark']).optional(),
  defaultMenu: vine.enum(['open', 'closed']).optional(),
  allHistoric: vine.enum(ENABLED).optional(),
  allUserChat: vine.enum(ENABLED).optional(),
  userClosePendingTicket: vine.enum(ENABLED).optional(),
  showDashboard: vine.enum(ENABLED).optional(),
  whatsappId: vine.number().parse(blankAsNull).withoutDecimals().positive().nullable().optional(),
  queueIds: vine.array(vine.number().withoutDecimals().positive()).maxLength(500).optional(),
  defaultTicketsManagerWidth: vine.number().withoutDecimals().min(400).max(700).optional(),
  companyId: vine.number().withoutDecimals().positive().optional(),
  super: vine.boolean().optional(),
}

export const createUserValidator = vine.create({
  name: name(),
  email: email(),
  password: password(),
  ...userFields,
})

export const updateUserValidator = vine.create({
  name: name().optional(),
  email: email().optional(),
  // blank: the password stays as it is
  password: password().parse(blankAsAbsent).optional(),
  /** required when users change their own password */
  currentPassword: vine.string().parse(blankAsAbsent).maxLength(255).optional(),
  ...userFields,
})

export const panelWidthValidator = vine.create({
  defaultTicketsManagerWidth: vine.number().withoutDecimals().min(400).max(700),
})
