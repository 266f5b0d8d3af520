/**
 * Subscription notices at sign-in (spec 1 §4, §8): an expired company goes to
 * /financeiro-aberto with the expiry message; fewer than 5 days left shows the
 * day count. Company 1 never expires (its due date is 2999-12-31).
 */
import i18next from 'i18next'
import { daysUntil, formatDate, toasts, type SessionUser } from '@balcao/ui/core'

export const WARN_DAYS = 5
export const INVOICES_PATH = '/financeiro-aberto'

/** Days left as the server counts them (the company's time zone), else from this browser's date. */
function daysLeft(user: SessionUser) {
  return user.company.daysLeft !== undefined ? user.company.daysLeft : daysUntil(user.company.dueDate)
}

export function isExpired(user: SessionUser) {
  if (user.super) return false
  if (user.company.expired) return true
  const days = daysLeft(user)
  return days !== null && days < 0
}

export function expiryMessage(user: SessionUser) {
  return i18next.t('session.expired', { date: formatDate(user.company.dueDate) })
}

/** Where a fresh sign-in should land. */
export function subscriptionLanding(user: SessionUser): string | null {
  return isExpired(user) ? INVOICES_PATH : null
}

/** The notice of a fresh sign-in; raised by the layout once its toaster is mounted. */
export function subscriptionNotice(user: SessionUser) {
  if (isExpired(user)) {
    toasts.error(expiryMessage(user), 6000)
    return
  }
  const days = daysLeft(user)
  if (days !== null && days >= 0 && days < WARN_DAYS) {
    toasts.warning(
      days === 0 ? i18next.t('session.expiresToday') : i18next.t('session.expiresIn', { count: days }),
      6000
    )
  }
}
