import vine from '@vinejs/vine'
import { brPhone, email, name, password } from './common.js'

export const loginValidator = vine.create({
  email: vine.string().trim().toLowerCase().maxLength(255),
  password: vine.string().maxLength(255),
})

export const signupValidator = vine.create({
  name: name(),
  companyName: name(),
  email: email(),
  password: password(),
  phone: brPhone(),
  planId: vine.number().withoutDecimals().positive(),
  // only pre-fills the form in the browser; an anonymous call never joins an existing company
  companyId: vine.any().optional(),
})
