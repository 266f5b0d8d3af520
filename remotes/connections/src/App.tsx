/**
 * The connections remote's exposed component: the shell renders it for
 * /connections and /allConnections and it shows that route's page.
 */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import { registerTranslations } from './i18n/register.js'

registerTranslations()

const pages: Record<string, ReturnType<typeof lazy>> = {
  '/connections': lazy(() => import('./ConnectionsPage.js')),
  '/allConnections': lazy(() => import('./AllConnectionsPage.js')),
}

export default function App({ route }: { route: string }) {
  const Page = pages[route]
  if (!Page) return null
  return (
    <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>
      <Page />
    </Suspense>
  )
}
