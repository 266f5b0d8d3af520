/**
 * The ticket workspace at /tickets and /tickets/{uuid} (spec 1 §2, §4): the list
 * panel (toolbar, search, queue selector, filters, tabs Open / Pending / Group,
 * the Closed and Search views) beside the chat of the ticket in the address.
 * The panel is draggable between 400 and 700 px and the width is saved on the
 * user; under 600 px the two halves become the tabs Ticket / Atendimentos.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useLocation, useNavigate } from 'react-router'
import {
  Button,
  CounterBadge,
  Dropdown,
  Input,
  Option,
  Subtitle2,
  Switch,
  Tab,
  TabList,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import {
  AddRegular,
  ArrowLeftRegular,
  ChatMultipleRegular,
  CheckmarkCircleRegular,
  DismissRegular,
  FilterRegular,
  MailInboxRegular,
  SearchRegular,
  TasksAppRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  ConfirmDialog,
  EmptyState,
  isAdmin,
  sessionAtom,
  toastError,
  toasts,
  useDebouncedValue,
  userAtom,
} from '@balcao/ui'
import { ChatPage } from '../chat/ChatPage.js'
import { acceptTicket, ignoreTicket, mayIgnore } from '../actions/calls.js'
import { loadQueues, useList } from '../actions/data.js'
import { NewTicketDialog } from '../actions/NewTicketDialog.js'
import { QueuePickDialog } from '../actions/QueuePickDialog.js'
import type { Ticket, TicketListKind } from '../types.js'
import { FiltersPanel, NO_FILTERS, filterCount, type Filters } from './FiltersPanel.js'
import { TicketList } from './TicketList.js'
import type { ListParams, TicketListState } from './useTicketList.js'

export const PANEL_MIN = 400
export const PANEL_MAX = 700
export const PANEL_DEFAULT = 550
/** the server keeps at least this much (spec 1 §9) */
export const PANEL_MIN_SAVED = 404
const SMALL_SCREEN = '(max-width: 599px)'

type Tabbed = 'open' | 'pending' | 'group'
type View = 'inbox' | 'closed'

const clampWidth = (w: number) => Math.min(PANEL_MAX, Math.max(PANEL_MIN, Math.round(w)))

function useSmallScreen() {
  return useSyncExternalStore(
    (notify) => {
      const mq = matchMedia(SMALL_SCREEN)
      mq.addEventListener('change', notify)
      return () => mq.removeEventListener('change', notify)
    },
    () => matchMedia(SMALL_SCREEN).matches
  )
}

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
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    gap: '2px',
    padding: '6px 8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
  },
  grow: { flex: 1 },
  searchRow: { display: 'flex', gap: '6px', padding: '8px 12px 4px', alignItems: 'center' },
  search: { flex: 1, minWidth: 0 },
  queues: { minWidth: '0', flex: 1 },
  viewTitle: { padding: '8px 12px', display: 'flex', alignItems: 'center', gap: '6px' },
  tabs: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingLeft: '4px' },
  placeholder: { margin: 'auto', textAlign: 'center', color: tokens.colorNeutralForeground3 },
  smallTabs: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground1 },
})

export default function TicketsPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const me = useAtomValue(userAtom)!
  const setSession = useSetAtom(sessionAtom)
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
  const [counts, setCounts] = useState<Partial<Record<TicketListKind, number>>>({})
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
  const [width, setWidth] = useState(() => clampWidth(me.defaultTicketsManagerWidth || PANEL_DEFAULT))
  const widthRef = useRef(width)
  widthRef.current = width

  const searching = searchParam.length > 0
  const activeKind: TicketListKind = searching ? 'search' : view === 'closed' ? 'closed' : tab

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
    (kind: TicketListKind, count: number) => setCounts((c) => (c[kind] === count ? c : { ...c, [kind]: count })),
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

  // width drag: pointer capture on the grip, saved once on release
  const startDrag = (e: PointerEvent<HTMLDivElement>) => {
    const grip = e.currentTarget
    grip.setPointerCapture(e.pointerId)
    const startX = e.clientX
    const startWidth = widthRef.current
    const move = (ev: globalThis.PointerEvent) => setWidth(clampWidth(startWidth + ev.clientX - startX))
    const up = () => {
      grip.removeEventListener('pointermove', move)
      grip.removeEventListener('pointerup', up)
      const saved = Math.max(PANEL_MIN_SAVED, widthRef.current)
      if (saved === me.defaultTicketsManagerWidth) return
      api
        .put<{ defaultTicketsManagerWidth: number }>(`/users/toggleChangeWidht/${me.id}`, {
          defaultTicketsManagerWidth: saved,
        })
        .then((r) =>
          setSession((s) =>
            s.user ? { ...s, user: { ...s.user, defaultTicketsManagerWidth: r.defaultTicketsManagerWidth } } : s
          )
        )
        .catch(toastError)
    }
    grip.addEventListener('pointermove', move)
    grip.addEventListener('pointerup', up)
  }

  const closeAllTickets = async () => {
    const status = tab === 'pending' ? 'pending' : 'open'
    const ids = queueIds.length ? queueIds : queueOptions.map((q) => q.id)
    try {
      const r = await api.post<{ closed: number }>('/tickets/closeAll', { status, selectedQueueIds: ids })
      toasts.success(t('inbox.workspace.closedAll', { count: r.closed }))
    } catch (e) {
      toastError(e)
      throw e
    }
  }

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

  const queueLabel =
    queueIds.length === 0
      ? t('inbox.workspace.allQueues')
      : queueOptions
          .filter((q) => queueIds.includes(q.id))
          .map((q) => q.name)
          .join(', ') || t('inbox.workspace.queuesSelected', { count: queueIds.length })

  const panel = (
    <div
      className={styles.panel}
      style={small ? { width: '100%', flex: 1 } : { width }}
      data-testid="tickets-panel"
      data-width={width}
    >
      <div className={styles.toolbar}>
        <Tooltip content={t('inbox.workspace.openView')} relationship="label">
          <Button
            appearance={view === 'inbox' && !searching ? 'primary' : 'subtle'}
            icon={<MailInboxRegular />}
            onClick={() => {
              setView('inbox')
              setSearchText('')
            }}
            data-testid="view-open"
          />
        </Tooltip>
        <Tooltip content={t('inbox.workspace.closedView')} relationship="label">
          <Button
            appearance={view === 'closed' && !searching ? 'primary' : 'subtle'}
            icon={<CheckmarkCircleRegular />}
            onClick={() => {
              setView('closed')
              setVisitedClosed(true)
              setSearchText('')
            }}
            data-testid="view-closed"
          />
        </Tooltip>
        <Tooltip content={t('inbox.workspace.newTicket')} relationship="label">
          <Button appearance="subtle" icon={<AddRegular />} onClick={() => setNewTicket(true)} data-testid="new-ticket" />
        </Tooltip>
        {admin && (
          <Tooltip content={t('inbox.workspace.closeAll')} relationship="label">
            <Button
              appearance="subtle"
              icon={<TasksAppRegular />}
              disabled={view !== 'inbox' || searching || tab === 'group'}
              onClick={() => setCloseAll(true)}
              data-testid="close-all"
            />
          </Tooltip>
        )}
        <span className={styles.grow} />
        {canShowAll && (
          <Switch
            label={t('inbox.workspace.showAll')}
            checked={showAll}
            onChange={(_, d) => setShowAll(d.checked)}
            data-testid="show-all"
          />
        )}
      </div>

      <div className={styles.searchRow}>
        <Input
          className={styles.search}
          value={searchText}
          onChange={(_, d) => setSearchText(d.value)}
          placeholder={t('inbox.workspace.searchPlaceholder')}
          contentBefore={<SearchRegular />}
          contentAfter={
            searchText ? (
              <Button
                size="small"
                appearance="transparent"
                icon={<DismissRegular />}
                aria-label={t('inbox.workspace.clearSearch')}
                onClick={() => setSearchText('')}
              />
            ) : undefined
          }
          data-testid="ticket-search"
        />
        <Tooltip content={t('inbox.workspace.filters.toggle')} relationship="label">
          <Button
            appearance={filtersOpen ? 'primary' : 'subtle'}
            icon={<FilterRegular />}
            onClick={() => setFiltersOpen((v) => !v)}
            data-testid="filters-toggle"
          >
            {filterCount(filters) > 0 ? String(filterCount(filters)) : undefined}
          </Button>
        </Tooltip>
      </div>
      <div className={styles.searchRow}>
        <Dropdown
          className={styles.queues}
          multiselect
          aria-label={t('inbox.workspace.queues')}
          value={queueLabel}
          selectedOptions={queueIds.map(String)}
          onOptionSelect={(_, d) => setQueueIds(d.selectedOptions.map(Number))}
          data-testid="queue-select"
        >
          {queueOptions.map((q) => (
            <Option key={q.id} value={String(q.id)} text={q.name}>
              <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: q.color, marginRight: 6 }} />
              {q.name}
            </Option>
          ))}
        </Dropdown>
      </div>
      {filtersOpen && <FiltersPanel value={filters} onChange={setFilters} admin={admin} />}

      {searching ? (
        <div className={styles.viewTitle}>
          <SearchRegular />
          <Subtitle2>{t('inbox.workspace.searchView')}</Subtitle2>
          {counts.search !== undefined && <Text size={200}>({counts.search})</Text>}
        </div>
      ) : view === 'closed' ? (
        <div className={styles.viewTitle}>
          <Button appearance="subtle" size="small" icon={<ArrowLeftRegular />} onClick={() => setView('inbox')} />
          <Subtitle2>{t('inbox.workspace.closedView')}</Subtitle2>
        </div>
      ) : (
        <TabList
          className={styles.tabs}
          selectedValue={tab}
          onTabSelect={(_, d) => setTab(d.value as Tabbed)}
          size="small"
        >
          <Tab value="open" data-testid="tab-open">
            {t('inbox.workspace.tabs.open')} <TabCount count={counts.open} />
          </Tab>
          <Tab value="pending" data-testid="tab-pending">
            {t('inbox.workspace.tabs.pending')} <TabCount count={counts.pending} />
          </Tab>
          {showGroup && (
            <Tab value="group" data-testid="tab-group">
              {t('inbox.workspace.tabs.group')} <TabCount count={counts.group} />
            </Tab>
          )}
        </TabList>
      )}

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
      <ConfirmDialog
        open={closeAll}
        title={t('inbox.workspace.closeAllTitle')}
        onClose={() => setCloseAll(false)}
        onConfirm={closeAllTickets}
      >
        {t('inbox.workspace.closeAllText', {
          status: t(`inbox.workspace.tabs.${tab === 'pending' ? 'pending' : 'open'}`),
        })}
      </ConfirmDialog>
    </div>
  )
}

function TabCount({ count }: { count?: number }) {
  if (!count) return null
  return <CounterBadge count={count} size="small" appearance="ghost" color="informative" overflowCount={9999} />
}
