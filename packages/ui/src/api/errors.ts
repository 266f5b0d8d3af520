/** An error answered by the server: { error: 'ERR_...', message, fields?, ...details }. */
export interface FieldError {
  field: string
  rule: string
  message: string
}

export class ApiError extends Error {
  readonly status: number
  readonly code: string | null
  readonly fields: FieldError[]
  /** whatever else the answer carried (e.g. the open `ticket` of ERR_OTHER_OPEN_TICKET) */
  readonly details: Record<string, unknown>

  constructor(
    status: number,
    code: string | null,
    message: string,
    fields: FieldError[] = [],
    details: Record<string, unknown> = {}
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
    this.details = details
  }
}

/**
 * By shape, not instanceof: a bundle may carry its own copy of this module (a
 * federation fallback), and its class is then not the one the shared client threw.
 */
export const isApiError = (e: unknown): e is ApiError =>
  e instanceof ApiError ||
  (e instanceof Error && e.name === 'ApiError' && typeof (e as Partial<ApiError>).status === 'number')
