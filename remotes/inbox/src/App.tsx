/**
 * The inbox remote's exposed component. The shell renders it for /tickets (and
 * every path under it, e.g. /tickets/{uuid}), /contacts, /quick-messages and /tags.
 */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import { registerTranslations } from './i18n/register.js'

registerTranslations()

const pages: Record<string, ReturnType<typeof lazy>> = {
  '/tickets': lazy(() => import('./workspace/TicketsPage.js')),
  '/contacts': lazy(() => import('./contacts/ContactsPage.js')),
  '/tags': lazy(() => import('./tags/TagsPage.js')),
  '/quick-messages': lazy(() => import('./quickMessages/QuickMessagesPage.js')),
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
