/**
 * Keeps the browser session alive and in step with the server:
 * - at start, a stored token triggers a refresh that restores the user;
 * - API events: signed out (401) → /login, subscription over (402) → /financeiro-aberto;
 * - realtime: connects for the user; 'company-{id}-auth' after our own login means the
 *   account was opened elsewhere (message, then after 1 s clear storage and reload);
 *   'company-{id}-user' about ourselves refreshes the session user;
 * - heartbeat every 300000 ms (replaces the spec's userStatus emit).
 */
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { useAtom } from 'jotai'
import i18next from 'i18next'
import { api, realtime, sessionAtom, toasts, type SessionUser } from '@balcao/ui/core'
import { clearSession, loginMarks } from './actions.js'
import { INVOICES_PATH } from './subscription.js'

export const HEARTBEAT_MS = 300_000
export const LOGOUT_DELAY_MS = 1000
/** our own login broadcasts an auth event before we subscribe; a short guard covers a subscription already open */
const OWN_LOGIN_GRACE_MS = 1000

export function useSessionController() {
  const [session, setSession] = useAtom(sessionAtom)
  const navigate = useNavigate()

  // restore at start
  useEffect(() => {
    if (!api.token) {
      setSession({ status: 'signedOut', user: null })
      return
    }
    void api.refresh().then((res) => {
      setSession(res ? { status: 'signedIn', user: res.user } : { status: 'signedOut', user: null })
    })
  }, [setSession])

  useEffect(() => {
    const offs = [
      api.on('refreshed', (res) => setSession({ status: 'signedIn', user: res.user })),
      api.on('signedOut', () => {
        realtime.disconnect()
        setSession({ status: 'signedOut', user: null })
      }),
      api.on('subscriptionExpired', () => navigate(INVOICES_PATH, { replace: true })),
      // the company turned two-step verification on while this user was signed in
      api.on('enrolmentRequired', () => navigate('/two-factor', { replace: true })),
    ]
    return () => offs.forEach((off) => off())
  }, [navigate, setSession])

  const user = session.user
  const companyId = user?.company.id
  const userId = user?.id

  useEffect(() => {
    if (!companyId || !userId) return
    realtime.connect(companyId, userId)
    const offAuth = realtime.on(`company-${companyId}-auth`, () => {
      if (Date.now() - loginMarks.at < OWN_LOGIN_GRACE_MS) return
      toasts.error(i18next.t('session.loggedElsewhere'), 3000)
      setTimeout(() => {
        clearSession()
        try {
          localStorage.clear()
        } catch {
          // nothing stored
        }
        location.reload()
      }, LOGOUT_DELAY_MS)
    })
    const offUser = realtime.on(`company-${companyId}-user`, (m) => {
      const changed = m.user as Partial<SessionUser> | undefined
      if (m.action === 'update' && changed?.id === userId) {
        setSession((s) => (s.user ? { ...s, user: { ...s.user, ...changed, company: s.user.company } } : s))
      }
      if (m.action === 'delete' && (m.userId === userId || m.id === userId)) clearSession()
    })
    const beat = setInterval(() => void api.post('/auth/heartbeat').catch(() => {}), HEARTBEAT_MS)
    return () => {
      offAuth()
      offUser()
      clearInterval(beat)
    }
  }, [companyId, userId, setSession])

  // signed out: nothing to listen to
  useEffect(() => {
    if (session.status === 'signedOut') realtime.disconnect()
  }, [session.status])
}
