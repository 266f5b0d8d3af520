import vine from '@vinejs/vine'

/** A TOTP code (6 digits) or a recovery code (XXXXX-XXXXX); spaces and dashes are ignored later. */
const code = () => vine.string().trim().minLength(6).maxLength(20)

export const codeValidator = vine.create({ code: code() })
export const secondStepValidator = vine.create({ challenge: vine.string().minLength(10).maxLength(2000), code: code() })
