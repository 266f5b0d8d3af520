/**
 * Internal chats of the signed-in user with their unread badges; a click
 * opens /chats/{uuid}. Shown only when the manifest lists the internal-chat
 * module (useInternalChat on for the plan, see TopBar); that module sends
 * 'company-{id}-chat' to the chat's members only. A new message from someone
 * else plays the chime at the stored volume and shows a desktop notification,
 * unless the user is looking at that chat or muted it (a mention still calls).
 */
import { useEffect, useRef, useState } from 'react'
import { Body1, Caption1, CounterBadge, makeStyles, tokens } from '@fluentui/react-components'
import { ChatRegular } from '@fluentui/react-icons'
import { useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { api, realtime, EmptyState, formatDateTime } from '@balcao/ui'
import { HeaderPopover } from './HeaderPopover.js'
import { askNotificationPermission, notifyDesktop } from '../notify/desktop.js'

interface ChatItem {
  id: number
  uuid: string
  title?: string
  lastMessage?: string
  updatedAt?: string
  users?: { userId: number; unreads: number; muted?: boolean }[]
}

interface NewMessage {
  senderId?: number | null
  sender?: { name?: string } | null
  message?: string
  mentions?: number[]
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
  head: { display: 'flex', alignItems: 'center', gap: '8px', justifyContent: 'space-between' },
})

const newestFirst = (a: ChatItem, b: ChatItem) =>
  new Date(b.updatedAt ?? 0).getTime() - new Date(a.updatedAt ?? 0).getTime()

/** the loaded list, with the chats heard live meanwhile taking their place */
function mergeNewer(loaded: ChatItem[], heard: ChatItem[]) {
  const ids = new Set(heard.map((c) => c.id))
  return [...heard, ...loaded.filter((c) => !ids.has(c.id))].sort(newestFirst)
}

export function ChatsPopover({ companyId, userId }: { companyId: number; userId: number }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const location = useLocation()
  const path = useRef(location.pathname)
  path.current = location.pathname
  const [chats, setChats] = useState<ChatItem[]>([])
  // navigate and t change with every page: kept in refs so a navigation neither re-subscribes nor
  // refetches the list (a refetch answered after a live "read" put the old unread badge back)
  const navigateRef = useRef(navigate)
  navigateRef.current = navigate
  const tRef = useRef(t)
  tRef.current = t

  useEffect(() => {
    let live = false
    api
      .get<{ records: ChatItem[] }>('/chats', { pageNumber: 1 })
      // what arrived live while the list loaded is newer than the list
      .then((r) => setChats((seen) => (live ? mergeNewer(r.records ?? [], seen) : (r.records ?? []))))
      .catch(() => {})
    return realtime.on(`company-${companyId}-chat`, (m) => {
      if (m.action === 'delete') {
        setChats((list) => list.filter((c) => c.id !== Number(m.id)))
        return
      }
      const chat = (m.record ?? m.chat) as ChatItem | undefined
      if (!chat) return
      live = true
      setChats((list) => [chat, ...list.filter((c) => c.id !== chat.id)].sort(newestFirst))
      const message = m.newMessage as NewMessage | undefined
      if (m.action !== 'new-message' || !message || message.senderId === userId) return
      const watching = document.visibilityState === 'visible' && path.current === `/chats/${chat.uuid}`
      // (a tab in the background is not looking); a mention of the user is marked in the title
      if (watching) return
      const mentioned = message.mentions?.includes(userId) ?? false
      // a muted chat still counts unread messages; only a mention of the user calls
      if (!mentioned && chat.users?.find((u) => u.userId === userId)?.muted) return
      notifyDesktop({
        title: mentioned ? `@ ${chat.title ?? ''}` : (chat.title ?? tRef.current('layout.chats')),
        body: `${message.sender?.name ?? ''}: ${message.message ?? ''}`,
        tag: `chat-${chat.id}`,
        onClick: () => navigateRef.current(`/chats/${chat.uuid}`),
      })
    })
  }, [companyId, userId])

  const unread = (c: ChatItem) => c.users?.find((u) => u.userId === userId)?.unreads ?? 0
  const withUnread = chats.filter((c) => unread(c) > 0)
  return (
    <HeaderPopover
      label={t('layout.chats')}
      icon={<ChatRegular />}
      count={withUnread.length}
      testId="chats"
      onOpen={askNotificationPermission}
    >
      {chats.length === 0 ? (
        <EmptyState title={t('layout.noChats')} hint="" icon={<ChatRegular />} />
      ) : (
        chats.map((c) => (
          <div
            key={c.id}
            className={styles.item}
            onClick={() => navigate(`/chats/${c.uuid}`)}
            onKeyDown={(e) => e.key === 'Enter' && navigate(`/chats/${c.uuid}`)}
            role="link"
            tabIndex={0}
            data-testid={`chats-popover-${c.id}`}
          >
            <span className={styles.head}>
              <Body1>{c.title}</Body1>
              {unread(c) > 0 && <CounterBadge count={unread(c)} size="small" />}
            </span>
            <Caption1>
              {formatDateTime(c.updatedAt)} · {c.lastMessage}
            </Caption1>
          </div>
        ))
      )}
    </HeaderPopover>
  )
}
