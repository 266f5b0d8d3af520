/**
 * The campaigns remote's exposed component. The shell renders it for
 * /campaigns, /campaign/{id}/report, /campaigns-config, /contact-lists and
 * /contact-lists/{id}/contacts (each route and every path under it).
 */
import { lazy, Suspense } from 'react'
import { useLocation } from 'react-router'
import { Spinner } from '@fluentui/react-components'
import { registerTranslations } from './i18n/register.js'

registerTranslations()

const CampaignsPage = lazy(() => import('./CampaignsPage.js'))
const ReportPage = lazy(() => import('./ReportPage.js'))
const SettingsPage = lazy(() => import('./SettingsPage.js'))
const ContactListsPage = lazy(() => import('./ContactListsPage.js'))
const ContactItemsPage = lazy(() => import('./ContactItemsPage.js'))

function pageFor(route: string, pathname: string) {
  if (route === '/campaigns') return <CampaignsPage />
  if (route === '/campaigns-config') return <SettingsPage />
  if (route === '/campaign') {
    const m = /^\/campaign\/(\d+)\/report\/?$/.exec(pathname)
    return m ? <ReportPage campaignId={Number(m[1])} /> : null
  }
  if (route === '/contact-lists') {
    const m = /^\/contact-lists\/(\d+)\/contacts\/?$/.exec(pathname)
    return m ? <ContactItemsPage contactListId={Number(m[1])} /> : <ContactListsPage />
  }
  return null
}

export default function App({ route }: { route: string }) {
  const { pathname } = useLocation()
  return <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>{pageFor(route, pathname)}</Suspense>
}
