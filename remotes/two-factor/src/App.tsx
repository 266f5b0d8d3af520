/** The two-factor remote's exposed component: the shell renders it for /two-factor. */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import { registerTranslations } from './i18n/register.js'

registerTranslations()

const TwoFactorPage = lazy(() => import('./TwoFactorPage.js'))

export default function App() {
  return (
    <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>
      <TwoFactorPage />
    </Suspense>
  )
}
