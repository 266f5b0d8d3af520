/**
 * Session state shared by the shell and the remotes (one jotai store, one set of atoms).
 */
import { atom } from 'jotai'
import type { SessionUser } from '../api/types.js'
import { singleton } from '../singleton.js'

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut'

export interface SessionState {
  status: SessionStatus
  user: SessionUser | null
}

export const sessionAtom = singleton('atom.session', () => atom<SessionState>({ status: 'loading', user: null }))

/** The signed-in user (null while loading or signed out). */
export const userAtom = singleton('atom.user', () => atom((get) => get(sessionAtom).user))

export const isAdmin = (u: Pick<SessionUser, 'profile' | 'super'> | null | undefined) =>
  !!u && (u.profile === 'admin' || u.super)
