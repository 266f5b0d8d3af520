/**
 * Permission denial of spec 3 §2: on a page gated by a plan flag or the super
 * flag, the toast 'Esta empresa não possui permissão...' and, after 1000 ms,
 * a redirect (to / unless the page says otherwise).
 */
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import i18next from 'i18next'
import { toasts } from '../notify/bus.js'

export const DENIAL_REDIRECT_MS = 1000

export function usePermissionGate(allowed: boolean | undefined, redirectTo = '/') {
  const navigate = useNavigate()
  useEffect(() => {
    if (allowed !== false) return
    toasts.error(i18next.t('kit.noPermission'), 3000)
    const id = setTimeout(() => navigate(redirectTo, { replace: true }), DENIAL_REDIRECT_MS)
    return () => clearTimeout(id)
  }, [allowed, redirectTo, navigate])
  return allowed === true
}
