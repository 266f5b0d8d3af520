import vine from '@vinejs/vine'

/** optional fields take '' (a form's blank field) as no value */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)

// video is a YouTube video code (or a full URL, reduced to its code)
const video = () =>
  vine
    .string()
    .parse(blankAsNull)
    .trim()
    .maxLength(255)
    .transform((v) => {
      const m = /(?:v=|youtu\.be\/|embed\/)([\w-]{6,20})/.exec(v)
      return m ? m[1] : v
    })

export const createHelpValidator = vine.create({
  title: vine.string().trim().minLength(2).maxLength(100),
  description: vine.string().parse(blankAsNull).trim().maxLength(2000).nullable().optional(),
  video: video().nullable().optional(),
  link: vine.string().parse(blankAsNull).trim().url().maxLength(500).nullable().optional(),
})

export const updateHelpValidator = vine.create({
  title: vine.string().trim().minLength(2).maxLength(100).optional(),
  description: vine.string().parse(blankAsNull).trim().maxLength(2000).nullable().optional(),
  video: video().nullable().optional(),
  link: vine.string().parse(blankAsNull).trim().url().maxLength(500).nullable().optional(),
})
