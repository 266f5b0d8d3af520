/** The messaging API remote's exposed component (the shell renders it for /messages-api). */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import { registerTranslations } from './i18n/register.js'

registerTranslations()

const MessagesApiPage = lazy(() => import('./MessagesApiPage.js'))

export default function App({ route }: { route: string }) {
  return route === '/messages-api' ? (
    <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>
      <MessagesApiPage />
    </Suspense>
  ) : null
}
