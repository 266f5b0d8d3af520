/** The prompts remote's exposed component (the shell renders it for /prompts). */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import { registerTranslations } from './i18n/register.js'

registerTranslations()

const PromptsPage = lazy(() => import('./PromptsPage.js'))

export default function App({ route }: { route: string }) {
  return <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>{route === '/prompts' ? <PromptsPage /> : null}</Suspense>
}
