/**
 * /Kanban (spec 3 §2, §4): the default lane and one lane per kanban tag, the
 * cards of the tickets this user may see (the server decides), filters by
 * queue, agent and search. A card moves with @dnd-kit: mouse drag, a long
 * press and drag on touch screens, or the keyboard (Space, arrows, Space),
 * with spoken announcements. The move shows at once and is one call and one
 * transaction (POST /ticket/kanban/{id}/move), with the spec's two toasts; a
 * failed move puts the card back. Other users' moves and ticket changes
 * arrive live (company-{id}-ticket).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  DndContext,
  DragOverlay,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Dropdown, Input, Option, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { SearchRegular, TagMultipleRegular } from '@fluentui/react-icons'
import {
  api,
  isAdmin,
  realtime,
  toasts,
  useDebouncedValue,
  userAtom,
  LONG_TOAST_MS,
  SEARCH_DEBOUNCE_MS,
  ErrorState,
  Page,
} from '@balcao/ui'
import {
  BOARD_STATUSES,
  DEFAULT_LANE,
  appendPage,
  findCard,
  fromResponse,
  movedCard,
  patchCard,
  placeCard,
  removeCard,
  type LaneState,
} from './boardState.js'
import { laneCollision, laneKeyboardCoordinates, useKanbanSensors } from './dnd.js'
import { CardView, type CardDragData } from './CardView.js'
import { Lane } from './Lane.js'
import type { BoardResponse, Card, LaneChange } from './types.js'

const useStyles = makeStyles({
  filters: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  search: { minWidth: '220px', flexGrow: 1, maxWidth: '360px' },
  dropdown: { minWidth: '180px' },
  board: {
    display: 'flex',
    gap: '12px',
    alignItems: 'stretch',
    overflowX: 'auto',
    paddingBottom: '8px',
    height: 'calc(100vh - 210px)',
    minHeight: '320px',
    scrollSnapType: 'x proximity',
    '@media (max-width: 599px)': { height: 'calc(100vh - 250px)' },
  },
})

interface Dragging {
  card: Card
  from: number
  laneName: string
}

interface Option_ {
  id: number
  name: string
}

export default function BoardPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const me = useAtomValue(userAtom)
  const admin = me ? isAdmin(me) : false
  const mayManage = admin || me?.showDashboard === 'enabled'
  const [lanes, setLanes] = useState<LaneState[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [loadingLanes, setLoadingLanes] = useState<Set<number>>(new Set())
  const [search, setSearch] = useState('')
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const [queueIds, setQueueIds] = useState<number[]>([])
  const [userIds, setUserIds] = useState<number[]>([])
  const [queues, setQueues] = useState<Option_[]>([])
  const [users, setUsers] = useState<Option_[]>([])
  const [dragging, setDragging] = useState<Dragging | null>(null)
  const lanesRef = useRef<LaneState[] | null>(null)
  lanesRef.current = lanes

  const laneTitle = useCallback(
    (l: Pick<LaneState, 'id' | 'name'> | undefined) =>
      !l ? '' : l.id === DEFAULT_LANE ? t('kanban.board.defaultLane') : (l.name ?? ''),
    [t]
  )

  const filters = useMemo(
    () => ({
      ...(term ? { searchParam: term } : {}),
      ...(queueIds.length ? { queueIds: JSON.stringify(queueIds) } : {}),
      ...(userIds.length ? { users: JSON.stringify(userIds) } : {}),
    }),
    [term, queueIds, userIds]
  )

  const reload = useCallback(async () => {
    try {
      const r = await api.get<BoardResponse>('/ticket/kanban', filters)
      setLanes(fromResponse(r))
      setFailed(false)
    } catch (e) {
      // spec 3 §8: kanban errors are only logged
      console.error('kanban: board failed to load', e)
      setFailed(true)
    }
  }, [filters])

  useEffect(() => {
    void reload()
  }, [reload])

  // filter choices: the user's own queues, or every queue and agent for admins
  useEffect(() => {
    if (!me) return
    if (!admin) {
      setQueues(me.queues.map((q) => ({ id: q.id, name: q.name })))
      return
    }
    api
      .get<any>('/queue')
      .then((r) => setQueues((Array.isArray(r) ? r : (r.queues ?? [])).map((q: any) => ({ id: q.id, name: q.name }))))
      .catch((e) => console.error('kanban: queues failed to load', e))
    api
      .get<any[]>('/users/list')
      .then((r) => setUsers(r.map((u) => ({ id: u.id, name: u.name }))))
      .catch((e) => console.error('kanban: users failed to load', e))
  }, [me, admin])

  /** whether a card from a live event belongs on this filtered board */
  const matches = useCallback(
    (card: Card) => {
      if (!BOARD_STATUSES.includes(card.status)) return false
      if (queueIds.length && (card.queueId === null || !queueIds.includes(card.queueId))) return false
      if (userIds.length && (card.userId === null || !userIds.includes(card.userId))) return false
      if (term) {
        const fold = (s: string) =>
          s
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase()
        if (!fold(card.contact?.name ?? '').includes(fold(term)) && !(card.contact?.number ?? '').includes(term))
          return false
      }
      return true
    },
    [queueIds, userIds, term]
  )

  // live: other users' moves and every change of a ticket this user may see
  useEffect(() => {
    const offTicket = realtime.on(realtime.companyEvent('ticket'), (m) => {
      if (m.action === 'update' && m.ticket) {
        const card = m.ticket as Card
        setLanes((ls) => (!ls ? ls : matches(card) ? placeCard(ls, card) : removeCard(ls, card.id)))
      } else if (m.action === 'delete') {
        setLanes((ls) => (ls ? removeCard(ls, Number(m.ticketId)) : ls))
      } else if (m.action === 'updateUnread' && typeof m.unreadMessages === 'number') {
        setLanes((ls) => (ls ? patchCard(ls, Number(m.ticketId), { unreadMessages: Number(m.unreadMessages) }) : ls))
      }
    })
    // lanes created, renamed, deleted or reordered: the board's columns change
    const refresh = () => void reload()
    const offTag = realtime.on(realtime.companyEvent('tag'), refresh)
    const offSpecTag = realtime.on(`company${realtime.companyId ?? 0}-tag`, refresh)
    const offOrder = realtime.on(realtime.companyEvent('kanban'), refresh)
    return () => {
      offTicket()
      offTag()
      offSpecTag()
      offOrder()
    }
  }, [matches, reload])

  const loadMore = useCallback(
    async (laneId: number) => {
      const lane = lanesRef.current?.find((l) => l.id === laneId)
      if (!lane?.nextCursor) return
      setLoadingLanes((s) => new Set(s).add(laneId))
      try {
        const r = await api.get<{ tickets: Card[]; nextCursor: string | null }>('/ticket/kanban', {
          ...filters,
          lane: laneId,
          cursor: lane.nextCursor,
        })
        setLanes((ls) => (ls ? appendPage(ls, laneId, r.tickets, r.nextCursor) : ls))
      } catch (e) {
        console.error('kanban: lane page failed to load', e)
      } finally {
        setLoadingLanes((s) => {
          const next = new Set(s)
          next.delete(laneId)
          return next
        })
      }
    },
    [filters]
  )

  const move = useCallback(
    async (card: Card, from: number, to: number) => {
      const ls = lanesRef.current
      if (!ls || from === to) return
      const target = ls.find((l) => l.id === to)
      if (!target) return
      setLanes((cur) => (cur ? placeCard(cur, movedCard(card, target, cur), from) : cur))
      try {
        const r = await api.post<LaneChange>(`/ticket/kanban/${card.id}/move`, { tagId: to, fromTagId: from })
        if (r.ticket) {
          const moved = r.ticket
          setLanes((cur) => (cur ? placeCard(cur, moved) : cur))
        }
        // the spec's two steps, as its two calls would toast them
        if (r.from.length) toasts.success(t('kanban.board.removed'), LONG_TOAST_MS)
        if (r.to !== DEFAULT_LANE) toasts.success(t('kanban.board.added'), LONG_TOAST_MS)
      } catch (e) {
        // spec 3 §8: kanban errors are only logged; the card goes back, then the board shows the server's truth
        console.error('kanban: move failed', e)
        setLanes((cur) => (cur ? placeCard(cur, card, to) : cur))
        void reload()
      }
    },
    [t, reload]
  )

  const sensors = useKanbanSensors(laneKeyboardCoordinates)

  const onDragStart = useCallback((e: DragStartEvent) => {
    const d = e.active.data.current as CardDragData | undefined
    if (d) setDragging({ card: d.card, from: d.lane, laneName: d.laneName })
  }, [])

  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      setDragging(null)
      const d = e.active.data.current as CardDragData | undefined
      const to = e.over?.data.current?.lane as number | undefined
      if (!d || to === undefined || to === d.lane) return
      // the card as the board has it now (a live update may have changed it during the drag)
      const card = findCard(lanesRef.current ?? [], d.card.id)?.card ?? d.card
      void move(card, d.lane, to)
      // dnd-kit gives the focus back to the card; it is a new element in its new lane
      if (e.activatorEvent instanceof KeyboardEvent)
        requestAnimationFrame(() => {
          const el = document.querySelector<HTMLElement>(`[data-card-id="${card.id}"]`)
          el?.focus()
          el?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
        })
    },
    [move]
  )

  // spoken by dnd-kit's live region, in the user's language
  const screenReaderInstructions: ScreenReaderInstructions = useMemo(
    () => ({ draggable: t('kanban.board.instructions') }),
    [t]
  )
  const announcements: Announcements = useMemo(() => {
    const about = (active: { data: { current?: unknown } }) => {
      const d = active.data.current as CardDragData | undefined
      return { name: d?.card.contact?.name ?? '', from: d?.laneName ?? '' }
    }
    const laneOfOver = (over: { data: { current?: unknown } } | null) => {
      const id = (over?.data.current as { lane?: number } | undefined)?.lane
      return id === undefined ? null : laneTitle(lanesRef.current?.find((l) => l.id === id))
    }
    return {
      onDragStart: ({ active }) => t('kanban.board.picked', about(active)),
      onDragOver: ({ active, over }) => {
        const lane = laneOfOver(over)
        return lane === null ? t('kanban.board.outside', about(active)) : t('kanban.board.over', { ...about(active), lane })
      },
      onDragEnd: ({ active, over }) => {
        const lane = laneOfOver(over)
        const a = about(active)
        if (lane === null) return t('kanban.board.cancelled', a)
        return lane === a.from ? t('kanban.board.stayed', { ...a, lane }) : t('kanban.board.dropped', { ...a, lane })
      },
      onDragCancel: ({ active }) => t('kanban.board.cancelled', about(active)),
    }
  }, [t, laneTitle])

  const total = lanes?.reduce((n, l) => n + l.count, 0)

  return (
    <Page
      title={t('kanban.board.title')}
      count={total}
      actions={
        mayManage && (
          <Button icon={<TagMultipleRegular />} onClick={() => navigate('/TagsKanban')} data-testid="manage-lanes">
            {t('kanban.board.manageLanes')}
          </Button>
        )
      }
    >
      <div className={styles.filters}>
        <Input
          className={styles.search}
          contentBefore={<SearchRegular />}
          placeholder={t('kanban.board.search')}
          aria-label={t('kanban.board.search')}
          value={search}
          onChange={(_, d) => setSearch(d.value)}
          data-testid="kanban-search"
        />
        {queues.length > 0 && (
          <Dropdown
            className={styles.dropdown}
            multiselect
            aria-label={t('kanban.board.queues')}
            placeholder={t('kanban.board.allQueues')}
            selectedOptions={queueIds.map(String)}
            value={queues
              .filter((q) => queueIds.includes(q.id))
              .map((q) => q.name)
              .join(', ')}
            onOptionSelect={(_, d) => setQueueIds(d.selectedOptions.map(Number))}
          >
            {queues.map((q) => (
              <Option key={q.id} value={String(q.id)}>
                {q.name}
              </Option>
            ))}
          </Dropdown>
        )}
        {admin && users.length > 0 && (
          <Dropdown
            className={styles.dropdown}
            multiselect
            aria-label={t('kanban.board.users')}
            placeholder={t('kanban.board.allUsers')}
            selectedOptions={userIds.map(String)}
            value={users
              .filter((u) => userIds.includes(u.id))
              .map((u) => u.name)
              .join(', ')}
            onOptionSelect={(_, d) => setUserIds(d.selectedOptions.map(Number))}
          >
            {users.map((u) => (
              <Option key={u.id} value={String(u.id)}>
                {u.name}
              </Option>
            ))}
          </Dropdown>
        )}
      </div>
      {failed && !lanes && <ErrorState onRetry={() => void reload()} />}
      {!lanes && !failed && <Spinner style={{ marginTop: 48 }} />}
      {lanes && (
        <DndContext
          sensors={sensors}
          collisionDetection={laneCollision}
          accessibility={{ announcements, screenReaderInstructions }}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
        >
          <div className={styles.board} data-testid="kanban-board">
            {lanes.map((lane) => (
              <Lane
                key={lane.id}
                lane={lane}
                title={laneTitle(lane)}
                dragFrom={dragging?.from ?? null}
                loading={loadingLanes.has(lane.id)}
                onLoadMore={loadMore}
              />
            ))}
          </div>
          {/* the card's copy follows the pointer; no fly-back, the card is already in its new lane */}
          <DragOverlay dropAnimation={null}>
            {dragging && <CardView card={dragging.card} laneName={dragging.laneName} overlay />}
          </DragOverlay>
        </DndContext>
      )}
    </Page>
  )
}
