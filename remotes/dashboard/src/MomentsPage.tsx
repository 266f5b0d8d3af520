/**
 * /moments, the attendance panel: one card per agent plus a pending card.
 * Loaded once (GET /usersMoments, already limited to what the viewer may
 * see), then kept live by applying each ticket event the inbox sends this
 * user (the same server-side filtering) as a delta.
 */
import { useEffect, useState } from 'react'
import {
  Avatar,
  Badge,
  Caption1,
  Card,
  CardHeader,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, EmptyState, formatDateTime, Page, realtime, toasts } from '@balcao/ui'
import { applyTicketEvent, cutMessage, cutName, panelCards, type PanelCard } from './panel.js'
import type { PanelTicket } from './types.js'

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))', gap: '12px' },
  list: { display: 'flex', flexDirection: 'column', gap: '8px', maxHeight: '420px', overflowY: 'auto' },
  item: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: '2px 8px',
    padding: '8px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    borderLeft: `4px solid ${tokens.colorNeutralStroke1}`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  right: { justifySelf: 'end', textAlign: 'right' },
})

function TicketItem({ t: ticket }: { t: PanelTicket }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div
      className={styles.item}
      style={{ borderLeftColor: ticket.queue?.color ?? undefined }}
      data-testid={`moment-ticket-${ticket.id}`}
    >
      <Text weight="semibold">{cutName(ticket.contact?.name)}</Text>
      <Caption1 className={`${styles.muted} ${styles.right}`}>
        {ticket.updatedAt ? formatDateTime(ticket.updatedAt) : ''}
      </Caption1>
      <Caption1>{cutMessage(ticket.lastMessage)}</Caption1>
      <span className={styles.right}>
        {ticket.unreadMessages > 0 && (
          <Badge color="success" size="small" aria-label={t('momentsPage.unread', { count: ticket.unreadMessages })}>
            {ticket.unreadMessages}
          </Badge>
        )}
      </span>
      <Caption1 className={styles.muted}>
        {ticket.whatsapp?.name ?? ''} · {ticket.queue?.name ?? t('momentsPage.noQueue')}
      </Caption1>
    </div>
  )
}

function AgentCard({ card, title }: { card: PanelCard; title: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <Card data-testid={`moment-card-${card.key}`}>
      <CardHeader
        image={<Avatar name={card.userName ?? title} size={32} color={card.userName ? 'colorful' : 'neutral'} />}
        header={<Text weight="semibold">{cutName(card.userName ?? title)}</Text>}
        description={<Caption1>{t('momentsPage.tickets', { count: card.tickets.length })}</Caption1>}
      />
      <div className={styles.list}>
        {card.tickets.map((tk) => (
          <TicketItem key={tk.id} t={tk} />
        ))}
      </div>
    </Card>
  )
}

export function MomentsPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const [tickets, setTickets] = useState<PanelTicket[] | null>(null)

  useEffect(() => {
    let live = true
    // events that arrive before the first load are kept and applied on top of it
    let early: Parameters<typeof applyTicketEvent>[1][] | null = []
    const off = realtime.on(realtime.companyEvent('ticket'), (m) => {
      if (!live) return
      if (early) early.push(m)
      else setTickets((list) => applyTicketEvent(list ?? [], m))
    })
    api
      .get<PanelTicket[]>('/usersMoments')
      .then((list) => {
        if (!live) return
        setTickets((early ?? []).reduce(applyTicketEvent, list))
        early = null
      })
      .catch(() => {
        toasts.error(t('momentsPage.fetchError'))
        early = null
        if (live) setTickets([])
      })
    return () => {
      live = false
      off()
    }
  }, [t])

  if (tickets === null) return <Spinner />
  const { agents, pending } = panelCards(tickets)
  return (
    <Page title={t('momentsPage.title')} count={tickets.length}>
      {tickets.length === 0 ? (
        <EmptyState title={t('momentsPage.empty')} />
      ) : (
        <div className={styles.grid}>
          {agents.map((c) => (
            <AgentCard key={c.key} card={c} title={c.userName ?? ''} />
          ))}
          <AgentCard card={pending} title={t('momentsPage.pending')} />
        </div>
      )}
    </Page>
  )
}
