/**
 * Internal chats with unread messages; a click opens /chats/{uuid}. Shown only
 * when the manifest lists the internal-chat module (useInternalChat on for the
 * plan, see TopBar); that module publishes 'company-{id}-chat'.
 */
import { useEffect, useState } from 'react'
import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components'
import { ChatRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { api, realtime, EmptyState, formatDateTime } from '@balcao/ui'
import { HeaderPopover } from './HeaderPopover.js'

interface ChatItem {
  id: number
  uuid: string
  title?: string
  lastMessage?: string
  updatedAt?: string
  users?: { userId: number; unreads: number }[]
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

export function ChatsPopover({ companyId, userId }: { companyId: number; userId: number }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const [chats, setChats] = useState<ChatItem[]>([])

  useEffect(() => {
    api
      .get<{ records: ChatItem[] }>('/chats', { pageNumber: 1 })
      .then((r) => setChats(r.records ?? []))
      .catch(() => {})
    return realtime.on(`company-${companyId}-chat`, (m) => {
      const chat = (m.record ?? m.chat) as ChatItem | undefined
      if (!chat) return
      setChats((list) => [chat, ...list.filter((c) => c.id !== chat.id)])
    })
  }, [companyId])

  const unread = (c: ChatItem) => c.users?.find((u) => u.userId === userId)?.unreads ?? 0
  const withUnread = chats.filter((c) => unread(c) > 0)
  return (
    <HeaderPopover label={t('layout.chats')} icon={<ChatRegular />} count={withUnread.length} testId="chats">
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
          >
            <Body1>{c.title}</Body1>
            <Caption1>
              {formatDateTime(c.updatedAt)} · {c.lastMessage}
            </Caption1>
          </div>
        ))
      )}
    </HeaderPopover>
  )
}
