/** The integrations remote's exposed component (the shell renders it for /queue-integration). */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import i18next from 'i18next'
import { texts } from './i18n/texts.js'

for (const [lng, res] of Object.entries(texts)) i18next.addResourceBundle(lng, 'translation', res, true, false)

const IntegrationsPage = lazy(() => import('./IntegrationsPage.js'))

export default function App({ route }: { route: string }) {
  return (
    <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>
      {route === '/queue-integration' ? <IntegrationsPage /> : null}
    </Suspense>
  )
}
