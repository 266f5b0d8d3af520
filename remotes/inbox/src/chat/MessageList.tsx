/**
 * The message list of a ticket: GET /messages/{ticketId} 20 per page (newest page
 * first), older pages when scrolled within 50 px of the top (the reading position
 * is kept), day separators, live company-{id}-appMessage events, and a jump to a
 * quoted message when it is loaded.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { api, formatDate, realtime, toastError, toasts, type RealtimeMessage } from '@balcao/ui'
import { MessageBubble, type BubbleActions } from './MessageBubble.js'
import type { ChatMessage, MessagesPage } from './types.js'

/** spec 1 §9: older pages load within 50 px of the top */
export const OLDER_PAGE_THRESHOLD_PX = 50
const READ_MARK_DELAY_MS = 1000
/**
 * Media URLs are signed for about an hour (core storage): a chat left open
 * longer fetches its loaded pages again for fresh ones, so a lazy image or an
 * audio not played yet still loads.
 */
export const MEDIA_URL_REFRESH_MS = 40 * 60_000

const useStyles = makeStyles({
  scroll: {
    flex: 1,
    minHeight: 0,
    overflowY: 'auto',
    padding: '8px 0 12px',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  day: { display: 'flex', justifyContent: 'center', margin: '10px 0 6px' },
  dayLabel: {
    fontSize: tokens.fontSizeBase200,
    padding: '2px 10px',
    borderRadius: '10px',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    boxShadow: tokens.shadow2,
  },
  loading: { display: 'flex', justifyContent: 'center', padding: '8px' },
})

const dayKey = (iso: string) => {
  const d = new Date(iso)
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`
}

const byTime = (list: ChatMessage[]) =>
  list.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)

function mergeById(list: ChatMessage[], incoming: ChatMessage[], where: 'start' | 'end') {
  const known = new Set(list.map((m) => m.id))
  const fresh = incoming.filter((m) => !known.has(m.id))
  return where === 'start' ? [...fresh, ...list] : [...list, ...fresh]
}

/** The messages of a ticket and the operations the page needs on them. */
export function useChatMessages(ticketId: number | null) {
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [hasMore, setHasMore] = useState(false)
  const [loading, setLoading] = useState(false)
  const page = useRef(1)
  const busy = useRef(false)
  /** bumped on every prepend so the list can keep the reading position */
  const [prepended, setPrepended] = useState(0)
  const [appended, setAppended] = useState(0)

  const load = useCallback(
    async (pageNumber: number) => {
      if (!ticketId || busy.current) return
      busy.current = true
      setLoading(true)
      try {
        const data = await api.get<MessagesPage>(`/messages/${ticketId}`, { pageNumber })
        page.current = pageNumber
        setHasMore(data.hasMore)
        if (pageNumber === 1) {
          setMessages(data.messages)
          setAppended((n) => n + 1)
        } else {
          setMessages((list) => mergeById(list, data.messages, 'start'))
          setPrepended((n) => n + 1)
        }
      } catch (error) {
        toastError(error)
      } finally {
        busy.current = false
        setLoading(false)
      }
    },
    [ticketId]
  )

  useEffect(() => {
    setMessages([])
    setHasMore(false)
    page.current = 1
    void load(1)
  }, [load])

  // fresh signed media URLs for the loaded pages before the old ones expire
  const loadedAt = useRef(Date.now())
  useEffect(() => {
    if (!ticketId) return
    loadedAt.current = Date.now()
    let stopped = false
    const refreshMedia = async () => {
      if (stopped || Date.now() - loadedAt.current < MEDIA_URL_REFRESH_MS) return
      loadedAt.current = Date.now()
      try {
        const fresh = new Map<number, string | null>()
        for (let n = 1; n <= page.current; n++) {
          const data = await api.get<MessagesPage>(`/messages/${ticketId}`, { pageNumber: n })
          for (const m of data.messages) if (m.mediaUrl) fresh.set(m.id, m.mediaUrl)
        }
        if (!stopped && fresh.size) {
          setMessages((list) => list.map((m) => (fresh.has(m.id) ? { ...m, mediaUrl: fresh.get(m.id)! } : m)))
        }
      } catch {
        // the next tick tries again
        loadedAt.current = 0
      }
    }
    const timer = setInterval(() => void refreshMedia(), 60_000)
    const onVisible = () => document.visibilityState === 'visible' && void refreshMedia()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      stopped = true
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [ticketId])

  const upsert = useCallback((m: ChatMessage) => {
    setMessages((list) => {
      const i = list.findIndex((x) => x.id === m.id)
      // some events and answers carry only quotedMsgId: take the quoted message from the list
      if (!m.quotedMsg && m.quotedMsgId) m = { ...m, quotedMsg: list.find((x) => x.id === m.quotedMsgId) ?? null }
      if (i < 0) return byTime([...list, m])
      const next = list.slice()
      const old = list[i]
      // the send answer can arrive after a newer realtime update: never go back in time, and acks only rise
      const ack = Math.max(old.ack, m.ack)
      if (old.updatedAt && m.updatedAt && m.updatedAt < old.updatedAt) next[i] = { ...old, ack }
      // realtime updates come without the quoted message: keep the one we have
      else next[i] = { ...old, ...m, ack, quotedMsg: m.quotedMsg ?? old.quotedMsg, contact: m.contact ?? old.contact }
      return next
    })
    setAppended((n) => n + 1)
  }, [])

  /** the user's own sends always bring the list to its end */
  const stickToEnd = useRef(false)
  const addOwn = useCallback(
    (m: ChatMessage) => {
      stickToEnd.current = true
      upsert(m)
    },
    [upsert]
  )

  const remove = useCallback((id: number) => setMessages((list) => list.filter((m) => m.id !== id)), [])

  // live updates for this ticket
  useEffect(() => {
    if (!ticketId) return
    let readTimer: ReturnType<typeof setTimeout> | undefined
    // a message that arrives while the chat is open is read; batched so a burst costs one request
    const markRead = () => {
      clearTimeout(readTimer)
      readTimer = setTimeout(() => {
        api.post(`/messages/${ticketId}`, { read: true }).catch(() => {})
      }, READ_MARK_DELAY_MS)
    }
    const off = realtime.on(realtime.companyEvent('appMessage'), (e: RealtimeMessage) => {
      const m = e.message as ChatMessage | undefined
      if (!m) return
      const tid = (e.ticketId as number | undefined) ?? m.ticketId
      if (e.action === 'delete') return remove(m.id)
      if (tid !== ticketId) {
        // an update of a message of an earlier ticket of the same contact shown in this history
        if (e.action === 'update') setMessages((list) => list.map((x) => (x.id === m.id ? { ...x, ...m } : x)))
        return
      }
      upsert(m)
      if (e.action === 'create' && !m.fromMe && document.visibilityState === 'visible') markRead()
    })
    return () => {
      off()
      clearTimeout(readTimer)
    }
  }, [ticketId, upsert, remove])

  const loadOlder = useCallback(() => {
    if (hasMore && !busy.current) void load(page.current + 1)
  }, [hasMore, load])

  return { messages, hasMore, loading, loadOlder, upsert, addOwn, stickToEnd, remove, prepended, appended }
}

export interface MessageListProps extends BubbleActions {
  state: ReturnType<typeof useChatMessages>
  meId: number | null
  isAdmin: boolean
  isGroup: boolean
  lgpdErase: boolean
  selecting: boolean
  selectedIds: Set<number>
  onToggleSelect: (m: ChatMessage) => void
}

export function MessageList(props: MessageListProps) {
  const { state, meId } = props
  const s = useStyles()
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  const before = useRef({ height: 0, top: 0 })
  const nearBottom = useRef(true)
  const [highlight, setHighlight] = useState<number | null>(null)

  // keep the reading position when an older page is put above it
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || !state.prepended) return
    el.scrollTop = el.scrollHeight - before.current.height + before.current.top
  }, [state.prepended])

  // follow new messages when the reader is at the end
  useLayoutEffect(() => {
    const el = ref.current
    if (el && (nearBottom.current || state.stickToEnd.current)) el.scrollTop = el.scrollHeight
    state.stickToEnd.current = false
  }, [state.appended, state.stickToEnd])

  // an image or video grows once it has loaded: a reader who was at the end stays there
  // (load does not bubble, so it is caught on its way down)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const onLoaded = (e: Event) => {
      const target = e.target as HTMLElement | null
      if (!target || !['IMG', 'VIDEO'].includes(target.tagName)) return
      if (nearBottom.current) el.scrollTop = el.scrollHeight
      else before.current = { height: el.scrollHeight, top: el.scrollTop }
    }
    el.addEventListener('load', onLoaded, true)
    el.addEventListener('loadedmetadata', onLoaded, true)
    return () => {
      el.removeEventListener('load', onLoaded, true)
      el.removeEventListener('loadedmetadata', onLoaded, true)
    }
  }, [])

  const onScroll = () => {
    const el = ref.current
    if (!el) return
    before.current = { height: el.scrollHeight, top: el.scrollTop }
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 120
    if (el.scrollTop <= OLDER_PAGE_THRESHOLD_PX && state.hasMore && !state.loading) state.loadOlder()
  }

  const jumpTo = (id: number) => {
    const target = ref.current?.querySelector(`[data-message-id="${id}"]`)
    if (!target) {
      toasts.info(t('inbox.chat.quotedNotLoaded'))
      return
    }
    target.scrollIntoView({ block: 'center', behavior: 'smooth' })
    setHighlight(id)
    setTimeout(() => setHighlight((h) => (h === id ? null : h)), 1600)
  }

  const today = dayKey(new Date().toISOString())
  const yesterday = dayKey(new Date(Date.now() - 86400000).toISOString())
  let lastDay = ''
  return (
    <div ref={ref} className={s.scroll} onScroll={onScroll} data-testid="message-list">
      {state.loading && (
        <div className={s.loading}>
          <Spinner size="tiny" />
        </div>
      )}
      {state.messages.map((m) => {
        const day = dayKey(m.createdAt)
        const separator = day !== lastDay
        lastDay = day
        const isOwn = m.fromMe && (m.userId === meId || (m.userId === null && props.isAdmin))
        return (
          <div key={m.id}>
            {separator && (
              <div className={s.day} data-testid="day-separator">
                <span className={s.dayLabel}>
                  {day === today
                    ? t('inbox.chat.today')
                    : day === yesterday
                      ? t('inbox.chat.yesterday')
                      : formatDate(m.createdAt)}
                </span>
              </div>
            )}
            <MessageBubble
              message={m}
              isOwn={isOwn}
              lgpdErase={props.lgpdErase}
              showSender={props.isGroup}
              onReply={props.onReply}
              onEdit={props.onEdit}
              onDelete={props.onDelete}
              onForward={props.onForward}
              onQuoteClick={jumpTo}
              selecting={props.selecting}
              selected={props.selectedIds.has(m.id)}
              onToggleSelect={props.onToggleSelect}
              highlighted={highlight === m.id}
            />
          </div>
        )
      })}
    </div>
  )
}
