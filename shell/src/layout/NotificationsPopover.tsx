/**
 * Tickets with unread messages (spec 1 §2). The inbox module publishes them
 * through 'company-{id}-ticket'; until it exists the list stays empty.
 */
import { useEffect, useState } from 'react'
import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components'
import { AlertRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { realtime, EmptyState, formatDateTime } from '@balcao/ui'
import { HeaderPopover } from './HeaderPopover.js'
import { notifyDesktop } from '../notify/desktop.js'

interface TicketNotice {
  id: number
  uuid: string
  unreadMessages: number
  lastMessage?: string
  updatedAt?: string
  contact?: { name?: string }
}

const useStyles = makeStyles({
  item: {
    'display': 'flex',
    'flexDirection': 'column',
    'padding': '8px',
    'borderRadius': tokens.borderRadiusMedium,
    'cursor': 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
})

export function NotificationsPopover({ companyId }: { companyId: number }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const [tickets, setTickets] = useState<TicketNotice[]>([])

  useEffect(
    () =>
      realtime.on(`company-${companyId}-ticket`, (m) => {
        const ticket = m.ticket as TicketNotice | undefined
        if (!ticket) {
          if (m.action === 'delete') setTickets((l) => l.filter((x) => x.id !== m.ticketId && x.id !== m.id))
          return
        }
        setTickets((list) => {
          const rest = list.filter((x) => x.id !== ticket.id)
          if (!(ticket.unreadMessages > 0)) return rest
          const known = list.find((x) => x.id === ticket.id)
          if (!known || known.unreadMessages < ticket.unreadMessages) {
            notifyDesktop({
              title: ticket.contact?.name ?? t('layout.notifications'),
              body: ticket.lastMessage,
              tag: `ticket-${ticket.id}`,
              onClick: () => navigate(`/tickets/${ticket.uuid}`),
            })
          }
          return [ticket, ...rest]
        })
      }),
    [companyId, navigate, t]
  )

  return (
    <HeaderPopover
      label={t('layout.notifications')}
      icon={<AlertRegular />}
      count={tickets.length}
      testId="notifications"
    >
      {tickets.length === 0 ? (
        <EmptyState title={t('layout.noNotifications')} hint="" icon={<AlertRegular />} />
      ) : (
        tickets.map((tk) => (
          <div
            key={tk.id}
            className={styles.item}
            onClick={() => navigate(`/tickets/${tk.uuid}`)}
            role="link"
            tabIndex={0}
          >
            <Body1>{tk.contact?.name}</Body1>
            <Caption1>
              {tk.lastMessage} · {formatDateTime(tk.updatedAt)}
            </Caption1>
          </div>
        ))
      )}
    </HeaderPopover>
  )
}
