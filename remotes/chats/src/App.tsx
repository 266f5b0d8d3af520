/**
 * The internal chat remote's exposed component. The shell renders it for
 * /chats and /chats/{uuid} (spec 3 §2); the ticket workspace embeds it
 * (routeEmbeds, @balcao/ui) with `embed.ticketId` for "share this ticket".
 */
import { lazy, Suspense } from 'react'
import { useLocation } from 'react-router'
import { Spinner } from '@fluentui/react-components'
import type { RouteEmbedProps } from '@balcao/ui'
import { registerTranslations } from './i18n/register.js'
import { ShareTicketDialog } from './ShareTicketDialog.js'

registerTranslations()

const ChatsPage = lazy(() => import('./ChatsPage.js'))

export default function App({
  route,
  embed,
}: {
  route: string
  embed?: RouteEmbedProps<{ ticketId?: number }>['embed']
}) {
  const { pathname } = useLocation()
  if (embed) return embed.ticketId ? <ShareTicketDialog ticketId={embed.ticketId} onClose={embed.onClose} /> : null
  const m = /^\/chats(?:\/([^/]+))?\/?$/.exec(pathname)
  if (route !== '/chats' || !m) return null
  return (
    <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>
      <ChatsPage uuid={m[1] ? decodeURIComponent(m[1]) : null} />
    </Suspense>
  )
}
