/** The prompts remote's exposed component (the shell renders it for /prompts). */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import i18next from 'i18next'
import { texts } from './i18n/texts.js'

for (const [lng, res] of Object.entries(texts)) i18next.addResourceBundle(lng, 'translation', res, true, false)

const PromptsPage = lazy(() => import('./PromptsPage.js'))

export default function App({ route }: { route: string }) {
  return <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>{route === '/prompts' ? <PromptsPage /> : null}</Suspense>
}
