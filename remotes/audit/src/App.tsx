/** The audit remote's exposed component: the shell renders it for /audit-log. */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import { registerTranslations } from './i18n/register.js'

registerTranslations()

const AuditLogPage = lazy(() => import('./AuditLogPage.js'))

export default function App({ route }: { route: string }) {
  if (route !== '/audit-log') return null
  return (
    <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>
      <AuditLogPage />
    </Suspense>
  )
}
