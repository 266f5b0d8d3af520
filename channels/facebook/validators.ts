import vine from '@vinejs/vine'

/** spec 2 §6: POST /facebook with facebookUserId, facebookUserToken and optionally addInstagram */
export const connectValidator = vine.create({
  facebookUserId: vine
    .string()
    .trim()
    .regex(/^\d{1,25}$/),
  facebookUserToken: vine.string().trim().minLength(20).maxLength(4000),
  addInstagram: vine.boolean().optional(),
})
