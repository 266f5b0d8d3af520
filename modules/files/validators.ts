import vine from '@vinejs/vine'

const id = () => vine.number().withoutDecimals().positive().max(2147483647)

/** One file option as the dialog sends it; its file comes through POST /files/uploadList/{id}. */
const option = vine.object({
  id: id().optional(),
  name: vine.string().trim().minLength(1).maxLength(200),
  // the stored file's name and kind are the server's (sniffed on upload): ignored when given
  path: vine.any().optional(),
  mediaType: vine.any().optional(),
})

export const MAX_OPTIONS = 20

export const fileListValidator = vine.create({
  name: vine.string().trim().minLength(3).maxLength(100),
  message: vine.string().trim().minLength(1).maxLength(4000),
  options: vine.array(option).maxLength(MAX_OPTIONS).optional(),
  // the spec's client sends the user; the server takes the signed-in one
  userId: vine.any().optional(),
})
