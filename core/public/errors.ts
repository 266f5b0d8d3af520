/**
 * The one error type of the application. Every failure a person can cause is
 * an AppError with a catalogue code; the exception handler renders it as
 * JSON { error, message, fields? } with a stable HTTP status.
 */
import { Exception } from '@adonisjs/core/exceptions'

export interface FieldError {
  field: string
  rule: string
  message: string
}

export class AppError extends Exception {
  declare code: string
  fields?: FieldError[]
  /** extra data for the client, e.g. the conflicting ticket of ERR_OTHER_OPEN_TICKET */
  details?: Record<string, unknown>

  constructor(code: string, status = 400, options: { fields?: FieldError[]; details?: Record<string, unknown> } = {}) {
    super(code, { status, code })
    this.code = code
    this.fields = options.fields
    this.details = options.details
  }
}

export const notFound = (code: string) => new AppError(code, 404)
export const forbidden = (code = 'ERR_NO_PERMISSION') => new AppError(code, 403)
export const badRequest = (code: string, fields?: FieldError[]) => new AppError(code, 400, { fields })
export const conflict = (code: string, details?: Record<string, unknown>) => new AppError(code, 409, { details })
