/** The integrations remote's exposed component (the shell renders it for /queue-integration). */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import { registerTranslations } from './i18n/register.js'

registerTranslations()

const IntegrationsPage = lazy(() => import('./IntegrationsPage.js'))

export default function App({ route }: { route: string }) {
  return (
    <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>
      {route === '/queue-integration' ? <IntegrationsPage /> : null}
    </Suspense>
  )
}
