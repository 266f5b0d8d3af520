/**
 * Tickets with unread messages (spec 1 §2): loaded from the server
 * (GET /tickets?withUnreadMessages=true) when the layout mounts and each time
 * the popover opens, then kept current by 'company-{id}-ticket' events. A new
 * inbound message on a ticket that is the user's, or unassigned in their
 * queues, plays the chime at the stored volume and shows a desktop
 * notification (not for the ticket the user is looking at).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Body1, Caption1, CounterBadge, makeStyles, tokens } from '@fluentui/react-components'
import { AlertRegular } from '@fluentui/react-icons'
import { useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { api, realtime, userAtom, EmptyState, formatDateTime } from '@balcao/ui'
import { HeaderPopover } from './HeaderPopover.js'
import { askNotificationPermission, notifyDesktop } from '../notify/desktop.js'

interface TicketNotice {
  id: number
  uuid: string
  status?: string
  userId?: number | null
  unreadMessages: number
  lastMessage?: string | null
  updatedAt?: string
  contact?: { name?: string; urlPicture?: string | null }
}

/** The ticket update follows its message event; wait for it to name the contact. */
const NOTIFY_DELAY_MS = 400
const QUIET = new Set(['closed', 'lgpd', 'nps'])

const useStyles = makeStyles({
  item: {
    'display': 'flex',
    'alignItems': 'center',
    'gap': '8px',
    'padding': '8px',
    'borderRadius': tokens.borderRadiusMedium,
    'cursor': 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  text: { display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 },
  line: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
})

const newestFirst = (a: TicketNotice, b: TicketNotice) =>
  new Date(b.updatedAt ?? 0).getTime() - new Date(a.updatedAt ?? 0).getTime()

export function NotificationsPopover({ companyId }: { companyId: number }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const location = useLocation()
  const me = useAtomValue(userAtom)
  const [tickets, setTickets] = useState<TicketNotice[]>([])
  const known = useRef(new Map<number, TicketNotice>())
  const path = useRef(location.pathname)
  path.current = location.pathname

  const load = useCallback(async () => {
    try {
      const r = await api.get<{ tickets: TicketNotice[] }>('/tickets', {
        withUnreadMessages: true,
        showAll: false,
        pageNumber: 1,
      })
      for (const x of r.tickets) known.current.set(x.id, x)
      setTickets(r.tickets.filter((x) => x.unreadMessages > 0).sort(newestFirst))
    } catch {
      // the list stays as the live events left it (e.g. a plan without the inbox)
    }
  }, [])

  useEffect(() => {
    void load()
  }, [load, companyId])

  useEffect(
    () =>
      realtime.on(`company-${companyId}-ticket`, (m) => {
        const ticket = m.ticket as TicketNotice | undefined
        if (m.action === 'update' && ticket) {
          known.current.set(ticket.id, ticket)
            setTickets((list) => {
            const rest = list.filter((x) => x.id !== ticket.id)
            if (!(ticket.unreadMessages > 0) || QUIET.has(ticket.status ?? '')) return rest
            return [ticket, ...rest]
          })
        } else if (m.action === 'delete') {
          const id = Number(m.ticketId ?? m.id)
          setTickets((l) => l.filter((x) => x.id !== id))
        } else if (m.action === 'updateUnread') {
          const id = Number(m.ticketId)
          // the event carries the ticket's count: 0 means it was read
          if (!Number(m.unreadMessages ?? 0)) setTickets((l) => l.filter((x) => x.id !== id))
        }
      }),
    [companyId]
  )

  useEffect(
    () =>
      realtime.on(`company-${companyId}-appMessage`, (m) => {
        if (m.action !== 'create') return
        const message = m.message as { fromMe?: boolean; isPrivate?: boolean; body?: string; ticketId?: number } | undefined
        if (!message || message.fromMe || message.isPrivate) return
        const ticketId = Number(m.ticketId ?? message.ticketId)
        setTimeout(() => {
          const ticket = known.current.get(ticketId)
          // only the user's own tickets and unassigned ones of their queues call for attention
          if (ticket && ticket.userId && me && ticket.userId !== me.id) return
          if (ticket && QUIET.has(ticket.status ?? '')) return
          const watching =
            ticket && document.visibilityState === 'visible' && path.current === `/tickets/${ticket.uuid}`
          if (watching) return
          notifyDesktop({
            title: ticket?.contact?.name ?? t('layout.notifications'),
            body: message.body ?? ticket?.lastMessage ?? undefined,
            icon: ticket?.contact?.urlPicture ?? undefined,
            tag: `ticket-${ticketId}`,
            onClick: () => navigate(ticket ? `/tickets/${ticket.uuid}` : '/tickets'),
          })
        }, NOTIFY_DELAY_MS)
      }),
    [companyId, me, navigate, t]
  )

  return (
    <HeaderPopover
      label={t('layout.notifications')}
      icon={<AlertRegular />}
      count={tickets.length}
      testId="notifications"
      onOpen={() => {
        askNotificationPermission()
        void load()
      }}
    >
      {tickets.length === 0 ? (
        <EmptyState title={t('layout.noNotifications')} hint="" icon={<AlertRegular />} />
      ) : (
        tickets.map((tk) => (
          <div
            key={tk.id}
            className={styles.item}
            onClick={() => navigate(`/tickets/${tk.uuid}`)}
            onKeyDown={(e) => e.key === 'Enter' && navigate(`/tickets/${tk.uuid}`)}
            role="link"
            tabIndex={0}
            data-testid="notification-item"
          >
            <div className={styles.text}>
              <Body1 className={styles.line}>{tk.contact?.name}</Body1>
              <Caption1 className={styles.line}>
                {tk.lastMessage} · {formatDateTime(tk.updatedAt)}
              </Caption1>
            </div>
            <CounterBadge count={tk.unreadMessages} size="small" color="brand" />
          </div>
        ))
      )}
    </HeaderPopover>
  )
}
