/**
 * One list of the workspace (Open, Pending, Group, Closed or Search): pages of
 * 40 from GET /tickets, and live changes from 'company-{id}-ticket' (spec 1 §4):
 * an update adds or replaces a ticket that belongs here and removes one that no
 * longer does (another status, another user, a queue not selected); delete
 * removes; updateUnread clears the badge. The search text and the loaded rows
 * are never reset by an event.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { api, realtime, type RealtimeMessage } from '@balcao/ui/core'
import type { Ticket, TicketListKind, TicketPage } from '../types.js'

export interface ListParams {
  showAll: boolean
  queueIds: number[]
  searchParam: string
  tags: number[]
  users: number[]
  whatsapps: number[]
  statusFilter: string[]
  contacts: number[]
}

export interface Viewer {
  id: number
  isAdmin: boolean
  allTicket: boolean
}

const json = (ids: (number | string)[]) => (ids.length ? JSON.stringify(ids) : undefined)

export function listQuery(
  kind: TicketListKind,
  p: ListParams,
  page: number,
  isUserProfile: boolean,
  cursor: string | null = null
) {
  return {
    status: kind,
    pageNumber: page,
    // the next page continues after the previous page's last row: an offset would skip the rows
    // that moved up when tickets left the list meanwhile (the server ignores pageNumber then)
    cursor: cursor ?? undefined,
    searchParam: kind === 'search' ? p.searchParam : undefined,
    // spec 1 §6: in search a user profile uses showAll false
    showAll: kind === 'search' && isUserProfile ? false : p.showAll,
    queueIds: json(p.queueIds),
    tags: json(p.tags),
    users: json(p.users),
    whatsapps: json(p.whatsapps),
    statusFilter: json(p.statusFilter),
    contacts: json(p.contacts),
  }
}

/** Whether a ticket (from an event) belongs in this list now. */
export function belongs(kind: TicketListKind, t: Ticket, p: ListParams, me: Viewer) {
  switch (kind) {
    case 'open':
      if (t.status !== 'open' || (!p.showAll && t.userId !== me.id)) return false
      break
    case 'pending':
      if (!(t.status === 'pending' || (p.showAll && t.status === 'lgpd'))) return false
      break
    case 'group':
    case 'closed':
      if (t.status !== kind) return false
      break
    case 'search':
      break
  }
  if (p.queueIds.length) {
    const inQueue = t.queueId === null ? me.isAdmin || me.allTicket : p.queueIds.includes(t.queueId)
    if (!inQueue) return false
  }
  if (p.users.length && (t.userId === null || !p.users.includes(t.userId))) return false
  if (p.whatsapps.length && (t.whatsappId === null || !p.whatsapps.includes(t.whatsappId))) return false
  if (p.statusFilter.length && !p.statusFilter.includes(t.status)) return false
  if (p.contacts.length && !p.contacts.includes(t.contactId)) return false
  return true
}

const newerFirst = (a: Ticket, b: Ticket) => {
  const d = new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime()
  return d !== 0 ? d : b.id - a.id
}

/** Puts a ticket at its place in a list ordered newest first. */
export function upsert(list: Ticket[], ticket: Ticket) {
  const rest = list.filter((x) => x.id !== ticket.id)
  const at = rest.findIndex((x) => newerFirst(ticket, x) <= 0)
  if (at < 0) return [...rest, ticket]
  return [...rest.slice(0, at), ticket, ...rest.slice(at)]
}

export interface TicketListState {
  items: Ticket[]
  count: number
  /** `count` is a floor ("1000+"): the server stops counting there */
  countCapped: boolean
  hasMore: boolean
  loading: boolean
  error: unknown
  loadMore: () => void
  reload: () => void
  remove: (id: number) => void
  replace: (t: Ticket) => void
}

export function useTicketList(
  kind: TicketListKind,
  params: ListParams,
  me: Viewer & { isUserProfile: boolean },
  companyId: number,
  enabled = true
): TicketListState {
  const [items, setItems] = useState<Ticket[]>([])
  const [count, setCount] = useState(0)
  const [countCapped, setCountCapped] = useState(false)
  const cappedRef = useRef(false)
  const [hasMore, setHasMore] = useState(false)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [generation, setGeneration] = useState(0)
  const page = useRef(1)
  const cursor = useRef<string | null>(null)
  const inFlight = useRef<AbortController | null>(null)
  const key = JSON.stringify(params)
  const paramsRef = useRef(params)
  paramsRef.current = params
  const meRef = useRef(me)
  meRef.current = me
  const itemsRef = useRef<Ticket[]>([])
  itemsRef.current = items

  const fetchPage = useCallback(
    async (n: number, replace: boolean) => {
      inFlight.current?.abort()
      const controller = new AbortController()
      inFlight.current = controller
      setLoading(true)
      setError(null)
      try {
        const r = await api.get<TicketPage>(
          '/tickets',
          listQuery(kind, paramsRef.current, n, meRef.current.isUserProfile, replace ? null : cursor.current),
          controller.signal
        )
        if (controller.signal.aborted) return
        const contacts = paramsRef.current.contacts
        // the contact filter is applied here too (the list call may not know it)
        const rows = contacts.length ? r.tickets.filter((x) => contacts.includes(x.contactId)) : r.tickets
        page.current = n
        cursor.current = r.nextCursor ?? null
        const old = itemsRef.current
        const seen = new Set(old.map((x) => x.id))
        const next = replace ? rows : [...old, ...rows.filter((x) => !seen.has(x.id))]
        itemsRef.current = next
        setItems(next)
        // a page after a cursor counts only the rows after it: the first page's count stands
        // (events keep it current)
        if (replace) {
          setCount(r.count)
          cappedRef.current = Boolean(r.countCapped)
          setCountCapped(cappedRef.current)
        }
        setHasMore(r.hasMore)
      } catch (e) {
        if (!controller.signal.aborted) setError(e)
      } finally {
        if (inFlight.current === controller) {
          inFlight.current = null
          setLoading(false)
        }
      }
    },
    [kind]
  )

  // first page whenever the filters change (and on reload)
  useEffect(() => {
    if (!enabled) return
    if (kind === 'search' && !params.searchParam.trim()) {
      setItems([])
      setCount(0)
      setHasMore(false)
      return
    }
    void fetchPage(1, true)
    return () => inFlight.current?.abort()
    // `key` stands for params
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled, generation, fetchPage, kind])

  // list changes from events go through here: the count follows the rows added or removed
  const commit = useCallback((next: Ticket[]) => {
    const before = itemsRef.current
    if (next === before) return
    itemsRef.current = next
    // a capped count stays "cap+": one row more or less does not tell where the real count is
    if (!cappedRef.current) setCount((c) => Math.max(0, c + next.length - before.length))
    setItems(next)
  }, [])

  useEffect(() => {
    if (!enabled) return
    return realtime.on(`company-${companyId}-ticket`, (m: RealtimeMessage) => {
      const list = itemsRef.current
      if (m.action === 'update' && m.ticket && typeof m.ticket === 'object') {
        const ticket = m.ticket as Ticket
        const known = list.some((x) => x.id === ticket.id)
        if (!belongs(kind, ticket, paramsRef.current, meRef.current)) {
          if (known) commit(list.filter((x) => x.id !== ticket.id))
          return
        }
        // search results are a snapshot: refreshed, never extended by events
        if (kind === 'search' && !known) return
        commit(upsert(list, ticket))
      } else if (m.action === 'delete') {
        const id = Number(m.ticketId ?? m.id)
        if (list.some((x) => x.id === id)) commit(list.filter((x) => x.id !== id))
      } else if (m.action === 'updateUnread') {
        const id = Number(m.ticketId)
        // the event carries the ticket's count (raised by a message, or 0 once read)
        const unread = Number(m.unreadMessages ?? 0)
        if (list.some((x) => x.id === id)) commit(list.map((x) => (x.id === id ? { ...x, unreadMessages: unread } : x)))
      }
    })
  }, [companyId, kind, enabled, commit])

  const loadMore = useCallback(() => {
    if (!hasMore || loading || error) return
    void fetchPage(page.current + 1, false)
  }, [hasMore, loading, error, fetchPage])

  const reload = useCallback(() => setGeneration((g) => g + 1), [])
  const remove = useCallback(
    (id: number) => {
      const list = itemsRef.current
      if (list.some((x) => x.id === id)) commit(list.filter((x) => x.id !== id))
    },
    [commit]
  )
  const replace = useCallback(
    (t: Ticket) => {
      const list = itemsRef.current
      if (belongs(kind, t, paramsRef.current, meRef.current)) {
        if (kind !== 'search' || list.some((x) => x.id === t.id)) commit(upsert(list, t))
      } else if (list.some((x) => x.id === t.id)) commit(list.filter((x) => x.id !== t.id))
    },
    [kind, commit]
  )

  return { items, count, countCapped, hasMore, loading, error, loadMore, reload, remove, replace }
}
