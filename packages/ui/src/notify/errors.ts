/**
 * The error toast of spec 1 §8: the translated code when the UI knows it,
 * otherwise the server's text (already in the Accept-Language language),
 * otherwise 'An error occurred!'.
 */
import i18next from 'i18next'
import { isApiError } from '../api/errors.js'
import { toasts } from './bus.js'

export function errorText(error: unknown): string {
  if (isApiError(error)) {
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
