/**
 * The ticket workspace at /tickets and /tickets/{uuid} (spec 1 §2, §4): the list
 * panel (toolbar, search, queue selector, filters, tabs Open / Pending / Group,
 * the Closed and Search views) beside the chat of the ticket in the address.
 * The panel is draggable between 400 and 700 px and the width is saved on the
 * user (usePanelWidth); under 600 px the two halves become the tabs Ticket / Atendimentos.
 * This file holds the list state and the layout; each part of the panel has its own file.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useLocation, useNavigate } from 'react-router'
import { Tab, TabList, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ChatMultipleRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { EmptyState, isAdmin, toastError, useDebouncedValue, userAtom } from '@balcao/ui'
import { ChatPage } from '../chat/ChatPage.js'
import { acceptTicket, ignoreTicket, mayIgnore } from '../actions/calls.js'
import { loadQueues, useList } from '../actions/data.js'
import { NewTicketDialog } from '../actions/NewTicketDialog.js'
import { QueuePickDialog } from '../actions/QueuePickDialog.js'
import type { Ticket, TicketListKind } from '../types.js'
import { CloseAllDialog } from './CloseAllDialog.js'
import { FiltersPanel, NO_FILTERS, filterCount, type Filters } from './FiltersPanel.js'
import { ListTabs, type ListCount } from './ListTabs.js'
import { activeKind as activeKindOf, type Tabbed, type View } from './listView.js'
import { PANEL_MAX, PANEL_MIN } from './panelWidth.js'
import { TicketList } from './TicketList.js'
import { QueueSelect, TicketSearch } from './TicketSearch.js'
import { TicketsToolbar } from './TicketsToolbar.js'
import { usePanelWidth } from './usePanelWidth.js'
import { useSmallScreen } from './useSmallScreen.js'
import type { ListParams, TicketListState } from './useTicketList.js'

const useStyles = makeStyles({
  root: { display: 'flex', height: '100%', minHeight: 0, overflow: 'hidden' },
  rootSmall: { flexDirection: 'column' },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    flexShrink: 0,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  // a 6 px handle drawn as a 1 px line, highlighted while hovered
  grip: {
    'width': '6px',
    'cursor': 'col-resize',
    'flexShrink': 0,
    'touchAction': 'none',
    'backgroundImage': `linear-gradient(${tokens.colorNeutralStroke2}, ${tokens.colorNeutralStroke2})`,
    'backgroundSize': '1px 100%',
    'backgroundRepeat': 'no-repeat',
    'backgroundPosition': 'center',
    ':hover': { backgroundColor: tokens.colorBrandBackground2 },
  },
  chat: { flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' },
  placeholder: { margin: 'auto', textAlign: 'center', color: tokens.colorNeutralForeground3 },
  smallTabs: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
})

export default function TicketsPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const me = useAtomValue(userAtom)!
  const navigate = useNavigate()
  const location = useLocation()
  const small = useSmallScreen()
  const admin = isAdmin(me)

  // the ticket in the address (/tickets/{uuid})
  const uuid = /^\/tickets\/([^/]+)/.exec(location.pathname)?.[1] ?? null

  // list state
  const [view, setView] = useState<View>('inbox')
  const [tab, setTab] = useState<Tabbed>('open')
  const [searchText, setSearchText] = useState('')
  const searchParam = useDebouncedValue(searchText.trim(), 500)
  const settings = me.company.companieSettings ?? {}
  const canShowAll = admin || me.allUserChat === 'enabled' || settings.allUserChat === 'enabled'
  const [showAll, setShowAll] = useState(() => canShowAll && (admin || me.allTicket === 'enable'))
  const [queueIds, setQueueIds] = useState<number[]>(() => me.queues.map((q) => q.id))
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [counts, setCounts] = useState<Partial<Record<TicketListKind, ListCount>>>({})
  const [visitedClosed, setVisitedClosed] = useState(false)
  const [newTicket, setNewTicket] = useState(false)
  const [closeAll, setCloseAll] = useState(false)
  const [accepting, setAccepting] = useState<{ ticket: Ticket; list: TicketListState } | null>(null)
  const [busyId, setBusyId] = useState<number | null>(null)
  const [smallTab, setSmallTab] = useState<'ticket' | 'list'>(uuid ? 'ticket' : 'list')
  const allQueues = useList(loadQueues, admin)
  const queueOptions = admin ? allQueues : me.queues
  const showGroup = admin || me.allowGroup

  // panel width (saved on the user)
  const { width, startDrag } = usePanelWidth()

  const searching = searchParam.length > 0
  const activeKind = activeKindOf(searching, view, tab)

  // the tabs do not depend on the search text: typing reloads only the Search view
  const params: ListParams = useMemo(
    () => ({
      showAll,
      queueIds,
      searchParam: '',
      tags: filters.tags,
      users: admin ? filters.users : [],
      whatsapps: filters.whatsapps,
      statusFilter: filters.statusFilter,
      contacts: filters.contacts.map((c) => c.id),
    }),
    [showAll, queueIds, filters, admin]
  )
  const searchParams = useMemo(() => ({ ...params, searchParam }), [params, searchParam])
  const viewer = useMemo(
    () => ({
      id: me.id,
      isAdmin: admin,
      allTicket: me.allTicket === 'enable',
      isUserProfile: me.profile === 'user' && !me.super,
    }),
    [me.id, admin, me.allTicket, me.profile, me.super]
  )

  useEffect(() => {
    if (small) setSmallTab(uuid ? 'ticket' : 'list')
  }, [uuid, small])

  const onCount = useCallback(
    (kind: TicketListKind, count: number, capped: boolean) =>
      setCounts((c) =>
        c[kind]?.count === count && c[kind]?.capped === capped ? c : { ...c, [kind]: { count, capped } }
      ),
    []
  )

  const open = useCallback((ticket: Ticket) => navigate(`/tickets/${ticket.uuid}`), [navigate])

  const accept = useCallback(
    async (ticket: Ticket, list: TicketListState, queueId?: number) => {
      setBusyId(ticket.id)
      try {
        const updated = await acceptTicket(ticket, me, queueId)
        list.remove(ticket.id)
        setAccepting(null)
        setTab(updated.status === 'group' ? 'group' : 'open')
        if (updated.status === 'open' || updated.status === 'group') navigate(`/tickets/${updated.uuid}`)
        else navigate('/tickets')
      } catch (e) {
        toastError(e)
      } finally {
        setBusyId(null)
      }
    },
    [me, navigate]
  )

  const onAccept = useCallback(
    (ticket: Ticket, list: TicketListState) => {
      if (ticket.queueId) void accept(ticket, list)
      else setAccepting({ ticket, list })
    },
    [accept]
  )

  const onIgnore = useCallback(
    async (ticket: Ticket, list: TicketListState) => {
      setBusyId(ticket.id)
      try {
        await ignoreTicket(ticket)
        list.remove(ticket.id)
        if (ticket.uuid === uuid) navigate('/tickets')
      } catch (e) {
        toastError(e)
      } finally {
        setBusyId(null)
      }
    },
    [uuid, navigate]
  )

  const showUser = useCallback((x: Ticket) => admin || (x.userId !== null && x.userId !== me.id), [admin, me.id])

  const listProps = {
    params,
    me: viewer,
    companyId: me.company.id,
    selectedUuid: uuid,
    showUser,
    onOpen: open,
    onCount,
    busyId,
  }

  const panel = (
    <div
      className={styles.panel}
      style={small ? { width: '100%', flex: 1 } : { width }}
      data-testid="tickets-panel"
      data-width={width}
    >
      <TicketsToolbar
        view={view}
        searching={searching}
        onView={(next) => {
          setView(next)
          if (next === 'closed') setVisitedClosed(true)
          setSearchText('')
        }}
        onNewTicket={() => setNewTicket(true)}
        closeAll={
          admin
            ? { disabled: view !== 'inbox' || searching || tab === 'group', onClick: () => setCloseAll(true) }
            : undefined
        }
        showAll={canShowAll ? { checked: showAll, onChange: setShowAll } : undefined}
      />
      <TicketSearch
        text={searchText}
        onText={setSearchText}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((v) => !v)}
        filterCount={filterCount(filters)}
      />
      <QueueSelect options={queueOptions} value={queueIds} onChange={setQueueIds} />
      {filtersOpen && <FiltersPanel value={filters} onChange={setFilters} admin={admin} />}

      <ListTabs
        searching={searching}
        view={view}
        onView={setView}
        tab={tab}
        onTab={setTab}
        showGroup={showGroup}
        counts={counts}
      />

      <TicketList {...listProps} kind="open" active={activeKind === 'open'} />
      <TicketList
        {...listProps}
        kind="pending"
        active={activeKind === 'pending'}
        onAccept={onAccept}
        onIgnore={mayIgnore(me) ? onIgnore : undefined}
      />
      {showGroup && <TicketList {...listProps} kind="group" active={activeKind === 'group'} />}
      {visitedClosed && <TicketList {...listProps} kind="closed" active={activeKind === 'closed'} />}
      {searching && (
        <TicketList
          {...listProps}
          params={searchParams}
          kind="search"
          active
          onAccept={onAccept}
          onIgnore={mayIgnore(me) ? onIgnore : undefined}
        />
      )}
    </div>
  )

  const chat =
    // ChatPage loads the ticket and goes back to /tickets when it cannot (spec 1 §2)
    uuid ? (
      <div className={styles.chat} data-testid="ticket-chat" data-ticket-uuid={uuid}>
        <ChatPage uuid={uuid} />
      </div>
    ) : (
      <div className={styles.chat}>
        <div className={styles.placeholder}>
          <EmptyState
            title={t('inbox.workspace.selectTicket')}
            hint={t('inbox.workspace.selectTicketHint')}
            icon={<ChatMultipleRegular />}
          />
        </div>
      </div>
    )

  return (
    <div className={mergeClasses(styles.root, small && styles.rootSmall)} data-testid="tickets-page">
      {small ? (
        <>
          <TabList
            className={styles.smallTabs}
            selectedValue={smallTab}
            onTabSelect={(_, d) => setSmallTab(d.value as 'ticket' | 'list')}
          >
            <Tab value="ticket" data-testid="small-tab-ticket">
              {t('inbox.workspace.smallTabs.ticket')}
            </Tab>
            <Tab value="list" data-testid="small-tab-list">
              {t('inbox.workspace.smallTabs.list')}
            </Tab>
          </TabList>
          <div style={{ display: smallTab === 'list' ? 'flex' : 'none', flex: 1, minHeight: 0 }}>{panel}</div>
          {smallTab === 'ticket' && chat}
        </>
      ) : (
        <>
          {panel}
          <div
            className={styles.grip}
            role="separator"
            aria-orientation="vertical"
            aria-valuemin={PANEL_MIN}
            aria-valuemax={PANEL_MAX}
            aria-valuenow={width}
            onPointerDown={startDrag}
            data-testid="panel-grip"
          />
          {chat}
        </>
      )}

      <NewTicketDialog open={newTicket} onClose={() => setNewTicket(false)} />
      <QueuePickDialog
        open={!!accepting}
        title={t('inbox.workspace.acceptTitle')}
        submitLabel={t('inbox.workspace.accept')}
        onClose={() => setAccepting(null)}
        onSubmit={(queueId) => (accepting ? accept(accepting.ticket, accepting.list, queueId) : Promise.resolve())}
      />
      <CloseAllDialog
        open={closeAll}
        onClose={() => setCloseAll(false)}
        tab={tab}
        queueIds={queueIds}
        offered={queueOptions}
      />
    </div>
  )
}
