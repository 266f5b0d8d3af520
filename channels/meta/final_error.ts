/** A send Meta refused for good (or that our window rule refuses): the outbox marks it failed at once. */
import { AppError } from '#core/errors'

export const finalMetaError = (code: string, meta?: string) =>
  new AppError(code, 422, { details: { permanent: true, ...(meta ? { meta } : {}) } })
