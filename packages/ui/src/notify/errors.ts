/**
 * The error toast of spec 1 §8: the translated code when the UI knows it,
 * otherwise the server's text (already in the Accept-Language language),
 * otherwise 'An error occurred!'. A rate limit (429 with retryAfter seconds)
 * says how long to wait.
 */
import i18next from 'i18next'
import { isApiError, type ApiError } from '../api/errors.js'
import { toasts } from './bus.js'

/** How long a 429 asks to wait, in words ('40 segundos', '15 minutos'); null without retryAfter. */
export function retryAfterText(error: ApiError): string | null {
  const seconds = Math.ceil(Number(error.details?.retryAfter))
  if (error.status !== 429 || !Number.isFinite(seconds) || seconds <= 0) return null
  if (seconds < 60) return i18next.t('kit.seconds', { count: seconds })
  return i18next.t('kit.minutes', { count: Math.ceil(seconds / 60) })
}

export function errorText(error: unknown): string {
  if (isApiError(error)) {
    const wait = retryAfterText(error)
    if (wait) return i18next.t('kit.tooManyWait', { wait })
    if (error.code && i18next.exists(`errors.${error.code}`)) return i18next.t(`errors.${error.code}`)
    if (error.message) return error.message
  } else if (error instanceof Error && error.message && !(error instanceof TypeError)) {
    return error.message
  }
  return i18next.t('errors.generic')
}

export function toastError(error: unknown, timeout?: number) {
  return toasts.error(errorText(error), timeout)
}
