/** The files remote's exposed component (the shell renders it for /files). */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import { registerTranslations } from './i18n/register.js'

registerTranslations()

const FileListsPage = lazy(() => import('./FileListsPage.js'))

export default function App({ route }: { route: string }) {
  return <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>{route === '/files' ? <FileListsPage /> : null}</Suspense>
}
