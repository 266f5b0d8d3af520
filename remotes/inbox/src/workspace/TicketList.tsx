/** One list of the workspace on screen: the virtual list of cards, loading, empty and error states. */
import { useEffect } from 'react'
import { Spinner, makeStyles } from '@fluentui/react-components'
import { ChatMultipleRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { EmptyState, ErrorState, useShortcut } from '@balcao/ui'
import type { Ticket, TicketListKind } from '../types.js'
import { TICKET_ROW_HEIGHT, TicketCard } from './TicketCard.js'
import { VirtualList } from './VirtualList.js'
import { useTicketList, type ListParams, type TicketListState, type Viewer } from './useTicketList.js'

const useStyles = makeStyles({
  wrap: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  hidden: { display: 'none' },
  footer: { display: 'flex', justifyContent: 'center', padding: '8px' },
})

const ticketKey = (t: Ticket) => t.id

export interface TicketListProps {
  kind: TicketListKind
  params: ListParams
  me: Viewer & { isUserProfile: boolean }
  companyId: number
  active: boolean
  selectedUuid: string | null
  showUser: (t: Ticket) => boolean
  onOpen: (t: Ticket) => void
  onAccept?: (t: Ticket, list: TicketListState) => void
  onIgnore?: (t: Ticket, list: TicketListState) => void
  onCount?: (kind: TicketListKind, count: number, capped: boolean) => void
  busyId?: number | null
}

export function TicketList(props: TicketListProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const list = useTicketList(props.kind, props.params, props.me, props.companyId)
  const { kind, onCount } = props

  useEffect(() => onCount?.(kind, list.count, list.countCapped), [kind, list.count, list.countCapped, onCount])

  // Alt+J / Alt+K: the next / previous ticket of the list on screen (the first / last when none is open)
  const move = (delta: 1 | -1) => {
    const items = list.items
    if (!items.length) return
    const at = items.findIndex((x) => x.uuid === props.selectedUuid)
    const next = at < 0 ? (delta === 1 ? 0 : items.length - 1) : Math.min(Math.max(at + delta, 0), items.length - 1)
    if (next !== at) props.onOpen(items[next])
  }
  const nav = { group: 'navigation' as const }
  useShortcut(
    props.active && {
      ...nav,
      id: 'inbox.list.next',
      keys: 'alt+j',
      label: t('shortcuts.nextTicket'),
      run: () => move(1),
    }
  )
  useShortcut(
    props.active && {
      ...nav,
      id: 'inbox.list.previous',
      keys: 'alt+k',
      label: t('shortcuts.previousTicket'),
      run: () => move(-1),
    }
  )

  const empty = !list.loading && !list.error && list.items.length === 0
  return (
    <div className={props.active ? styles.wrap : styles.hidden} data-testid={`ticket-list-${kind}`}>
      {list.error ? (
        <ErrorState title={t('inbox.workspace.loadFailed')} error={list.error} onRetry={list.reload} />
      ) : empty ? (
        <EmptyState
          title={t(kind === 'search' ? 'inbox.workspace.noResults' : 'inbox.workspace.empty')}
          hint={t(`inbox.workspace.emptyHint.${kind}`)}
          icon={<ChatMultipleRegular />}
        />
      ) : (
        <VirtualList
          items={list.items}
          rowHeight={TICKET_ROW_HEIGHT}
          itemKey={ticketKey}
          active={props.active}
          onEndReached={list.loadMore}
          testId={`ticket-scroll-${kind}`}
          renderRow={(ticket) => (
            <TicketCard
              ticket={ticket}
              selected={ticket.uuid === props.selectedUuid}
              showUser={props.showUser(ticket)}
              onOpen={props.onOpen}
              onAccept={props.onAccept ? (x) => props.onAccept!(x, list) : undefined}
              onIgnore={props.onIgnore ? (x) => props.onIgnore!(x, list) : undefined}
              busy={props.busyId === ticket.id}
            />
          )}
          footer={
            list.loading && list.items.length > 0 ? (
              <div className={styles.footer}>
                <Spinner size="tiny" />
              </div>
            ) : null
          }
        />
      )}
      {list.loading && list.items.length === 0 && <Spinner size="small" style={{ marginTop: 24 }} />}
    </div>
  )
}
