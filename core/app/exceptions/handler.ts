/**
 * Renders every failure as JSON { error, message, fields? } with a stable
 * status. Expected failures carry a catalogue code; anything unexpected is
 * logged and answered as ERR_INTERNAL without internals.
 */
import app from '@adonisjs/core/services/app'
import { ExceptionHandler, type HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { AppError, type FieldError } from '#core/errors'
import { pickLang } from '../../i18n/errors.js'
import { translateError } from '#core/error_texts'

const PG_CODES: Record<string, [number, string]> = {
  '23505': [409, 'ERR_CONFLICT'],
  '23503': [409, 'ERR_CONFLICT'],
  '22P02': [400, 'ERR_VALIDATION'],
  '22003': [400, 'ERR_VALIDATION'],
  '22001': [400, 'ERR_VALIDATION'],
  '22007': [400, 'ERR_VALIDATION'],
  '22008': [400, 'ERR_VALIDATION'],
  // text PostgreSQL cannot store (NUL, bad escapes) that slipped past the input guard
  '22021': [400, 'ERR_VALIDATION'],
  '22P05': [400, 'ERR_VALIDATION'],
  '2201B': [400, 'ERR_VALIDATION'],
  '22023': [400, 'ERR_VALIDATION'],
  '54000': [400, 'ERR_VALIDATION'],
}

/** A body that claims an encoding it does not have (Content-Encoding: gzip over plain text). */
const isBadEncoding = (e: any) => typeof e?.code === 'string' && /^Z_/.test(e.code)
/** Redis is down or unreachable: the request is refused at once, never left hanging. */
const isRedisDown = (e: any) =>
  e?.name === 'MaxRetriesPerRequestError' ||
  /Stream isn't writeable|Connection is closed|enableOfflineQueue|ECONNREFUSED .*6379/.test(String(e?.message ?? ''))

export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  async handle(error: any, ctx: HttpContext) {
    const lang = pickLang(ctx.request.header('accept-language'))
    const send = (status: number, code: string, extra: Record<string, unknown> = {}) => {
      const message = translateError(code, lang) ?? code
      return ctx.response.status(status).send({ error: code, message, ...extra })
    }

    if (error instanceof AppError) {
      if (error.status === 429 && error.details?.retryAfter) {
        ctx.response.header('retry-after', String(error.details.retryAfter))
      }
      return send(error.status, error.code, {
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.details ?? {}),
      })
    }
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const fields: FieldError[] = (error.messages as any[]).map((m) => ({
        field: m.field,
        rule: m.rule,
        message: m.message,
      }))
      return send(422, 'ERR_VALIDATION', { fields })
    }
    if (error?.code === 'E_ROUTE_NOT_FOUND' || error?.code === 'E_ROW_NOT_FOUND') {
      return send(404, 'ERR_NOT_FOUND')
    }
    if (isBadEncoding(error) || error instanceof URIError) return send(400, 'ERR_VALIDATION')
    if (isRedisDown(error)) {
      ctx.response.header('retry-after', '5')
      return send(503, 'ERR_SERVICE_UNAVAILABLE')
    }
    if (typeof error?.code === 'string' && PG_CODES[error.code]) {
      const [status, code] = PG_CODES[error.code]
      return send(status, code)
    }
    const status = Number(error?.status)
    if (status >= 400 && status < 500) {
      return send(
        status,
        status === 404 ? 'ERR_NOT_FOUND' : status === 413 ? 'ERR_PAYLOAD_TOO_LARGE' : 'ERR_VALIDATION'
      )
    }
    ctx.logger.error({ err: error }, 'unhandled error')
    return send(500, 'ERR_INTERNAL')
  }

  async report(error: unknown, ctx: HttpContext) {
    if (error instanceof AppError) return
    return super.report(error, ctx)
  }
}
