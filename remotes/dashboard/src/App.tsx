/** The dashboard remote's exposed component (the shell renders it for / and /moments). */
import type { ReactNode } from 'react'
import i18next from 'i18next'
import { useAtomValue } from 'jotai'
import { Navigate } from 'react-router'
import { userAtom } from '@balcao/ui'
import { texts } from './i18n/texts.js'
import { DashboardPage } from './DashboardPage.js'
import { MomentsPage } from './MomentsPage.js'
import { ReportsPage } from './ReportsPage.js'

for (const [lng, res] of Object.entries(texts)) i18next.addResourceBundle(lng, 'translation', res, true, false)

/** Admins and users with showDashboard see the dashboard and reports (spec 1 §2); everyone else starts at /tickets. */
function ForDashboardUsers({ page }: { page: ReactNode }) {
  const user = useAtomValue(userAtom)
  if (!user) return null
  const allowed = user.profile === 'admin' || user.super || user.showDashboard === 'enabled'
  return allowed ? page : <Navigate to="/tickets" replace />
}

export default function App({ route }: { route: string }) {
  if (route === '/') return <ForDashboardUsers page={<DashboardPage />} />
  if (route === '/moments') return <MomentsPage />
  if (route === '/reports') return <ForDashboardUsers page={<ReportsPage />} />
  return null
}
