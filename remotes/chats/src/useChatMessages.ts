/**
 * The messages of the open chat: the newest page first, older pages on
 * demand (prepended), live messages and "typing" from company-{id}-chat-{chatId}.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { api, realtime } from '@balcao/ui'
import type { Chat, ChatMessage } from './types.js'

/** how long "X is typing" stays without a new signal */
const TYPING_SHOWN_MS = 4000

export function useChatMessages(chatId: number | null, meId: number, onIncoming: (m: ChatMessage) => void) {
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [page, setPage] = useState(1)
  const [hasMore, setHasMore] = useState(false)
  const [loading, setLoading] = useState(false)
  const [typing, setTyping] = useState<{ name: string; until: number } | null>(null)
  const busy = useRef(false)
  const incoming = useRef(onIncoming)
  incoming.current = onIncoming

  const merge = useCallback((list: ChatMessage[], more: ChatMessage[]) => {
    const seen = new Set(list.map((m) => m.id))
    return [...list, ...more.filter((m) => !seen.has(m.id))].sort((a, b) => a.id - b.id)
  }, [])

  const load = useCallback(
    async (id: number, n: number, signal?: AbortSignal) => {
      busy.current = true
      setLoading(true)
      try {
        const r = await api.get<{ records: ChatMessage[]; hasMore: boolean }>(
          `/chats/${id}/messages`,
          { pageNumber: n },
          signal
        )
        if (signal?.aborted) return
        setMessages((list) => (n === 1 ? r.records : merge(list, r.records)))
        setHasMore(r.hasMore)
        setPage(n)
      } catch {
        // spec 3 §8: chat calls fail silently
      } finally {
        busy.current = false
        if (!signal?.aborted) setLoading(false)
      }
    },
    [merge]
  )

  useEffect(() => {
    setMessages([])
    setHasMore(false)
    setTyping(null)
    if (chatId === null) return
    const controller = new AbortController()
    void load(chatId, 1, controller.signal)
    const off = realtime.on(realtime.companyEvent(`chat-${chatId}`), (m) => {
      if (m.action === 'new-message') {
        const msg = m.newMessage as ChatMessage
        setMessages((list) => merge(list, [msg]))
        if (msg.senderId !== meId) {
          setTyping(null)
          incoming.current(msg)
        }
      }
      if (m.action === 'update-message') {
        const msg = m.message as ChatMessage
        setMessages((list) => list.map((x) => (x.id === msg.id ? msg : x)))
      }
      if (m.action === 'typing' && m.userId !== meId)
        setTyping({ name: String(m.name ?? ''), until: Date.now() + TYPING_SHOWN_MS })
    })
    return () => {
      controller.abort()
      off()
    }
  }, [chatId, meId, load, merge])

  // the typing line goes away by itself
  useEffect(() => {
    if (!typing) return
    const id = setTimeout(() => setTyping(null), Math.max(0, typing.until - Date.now()))
    return () => clearTimeout(id)
  }, [typing])

  const loadOlder = useCallback(() => {
    if (chatId === null || busy.current || !hasMore) return
    void load(chatId, page + 1)
  }, [chatId, hasMore, load, page])

  const send = useCallback(
    async (text: string) => {
      if (chatId === null) return
      const msg = await api.post<ChatMessage>(`/chats/${chatId}/messages`, { message: text })
      setMessages((list) => merge(list, [msg]))
    },
    [chatId, merge]
  )

  const edit = useCallback(
    async (id: number, text: string) => {
      if (chatId === null) return
      const msg = await api.put<ChatMessage>(`/chats/${chatId}/messages/${id}`, { message: text })
      setMessages((list) => list.map((x) => (x.id === msg.id ? msg : x)))
    },
    [chatId]
  )

  return { messages, hasMore, loading, loadOlder, send, edit, typing: typing?.name ?? null }
}

export type { Chat }
