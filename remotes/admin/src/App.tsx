/**
 * The admin remote's single exposed component: the shell renders it for each
 * route this remote lists in the manifest, and it shows that route's page.
 */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import { registerTranslations } from './i18n/register.js'

registerTranslations()

const pages: Record<string, ReturnType<typeof lazy>> = {
  '/users': lazy(() => import('./users/UsersPage.js')),
  '/companies': lazy(() => import('./companies/CompaniesPage.js')),
  '/settings': lazy(() => import('./settings/SettingsPage.js')),
  '/todolist': lazy(() => import('./todo/TodoPage.js')),
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
