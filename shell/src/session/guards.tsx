/**
 * Route guard (spec 1 §2): signed-out users on a private route go to /login;
 * signed-in users on a public route go to /.
 */
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useAtomValue } from 'jotai'
import { sessionAtom } from '@balcao/ui/core'
import { Splash } from '../public/Splash.js'
import { pendingLanding } from './actions.js'

export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom)
  const location = useLocation()
  if (session.status === 'loading') return <Splash />
  if (session.status === 'signedOut') return <Navigate to="/login" replace state={{ from: location.pathname }} />
  return children
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom)
  if (session.status === 'loading') return <Splash />
  if (session.status === 'signedIn') return <Navigate to={pendingLanding.path ?? '/'} replace />
  return children
}
