/** Sign in and sign out: the only places that open or close the session. */
import { getDefaultStore } from 'jotai'
import { api, realtime, sessionAtom, type AuthResponse } from '@balcao/ui/core'

/** Set by the login page; the layout then shows the subscription notice and may go to /tickets. */
export const POST_LOGIN_KEY = 'balcao.postLogin'

/** Where a fresh sign-in goes; the public-page guard redirects there instead of /. */
export const pendingLanding = { path: null as string | null }

/** When our own login finished; auth events right after it are about this login, not another one. */
export const loginMarks = { at: 0 }

/**
 * Checks the credentials and keeps the token; the caller opens the session with
 * `open()` right after choosing where to go, in the same tick, so the public-page
 * guard never sends an expired company to / first.
 */
export async function login(email: string, password: string) {
  const res = await api.post<AuthResponse | { twoFactor: true; challenge: string }>('/auth/login', { email, password })
  // a user with two-step verification gets a challenge; loginSecondStep finishes with the code
  if ('challenge' in res) return { challenge: res.challenge }
  return opened(res)
}

/** The second step (two-factor module): the challenge of login() and a code or recovery code. */
export async function loginSecondStep(challenge: string, code: string) {
  return opened(await api.post<AuthResponse>('/auth/two-factor', { challenge, code }))
}

function opened(res: AuthResponse) {
  api.setToken(res.token)
  loginMarks.at = Date.now()
  return { user: res.user, open: () => getDefaultStore().set(sessionAtom, { status: 'signedIn', user: res.user }) }
}

export function clearSession() {
  pendingLanding.path = null
  api.setToken(null)
  realtime.disconnect()
  getDefaultStore().set(sessionAtom, { status: 'signedOut', user: null })
}

export async function logout() {
  try {
    await api.delete('/auth/logout')
  } catch {
    // signed out locally whatever the server says
  }
  clearSession()
}
