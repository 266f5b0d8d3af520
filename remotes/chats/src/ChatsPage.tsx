/**
 * /chats/{uuid?} (spec 3 §2): from md up the chat list and the open chat side
 * by side; below, two tabs (Chats, Messages). Opening a chat marks it read
 * (spec 3 §4), and so does each message that arrives while it is open. Lists
 * and the open chat follow the member-only events of the chat module.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Button, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { api, realtime, toasts, userAtom, usePagedList, DeleteDialog, LONG_TOAST_MS, Page } from '@balcao/ui'
import { ChatList } from './ChatList.js'
import { MessagePane } from './MessagePane.js'
import { ChatDialog } from './ChatDialog.js'
import { useWide } from './useWide.js'
import { unreadsOf, type Chat } from './types.js'

/** a burst of incoming messages marks the chat read once */
const READ_DEBOUNCE_MS = 500

const useStyles = makeStyles({
  body: {
    display: 'flex',
    gap: '16px',
    minHeight: 0,
    height: 'calc(100vh - 150px)',
  },
  side: { width: '340px', flexShrink: 0, display: 'flex', flexDirection: 'column', minHeight: 0 },
  pane: {
    flex: 1,
    minWidth: 0,
    display: 'flex',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  narrow: { display: 'flex', flexDirection: 'column', gap: '8px', minHeight: 0, height: 'calc(100vh - 190px)' },
})

const newestFirst = (a: Chat, b: Chat) =>
  new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime() || b.id - a.id

export default function ChatsPage({ uuid }: { uuid: string | null }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const wide = useWide()
  const me = useAtomValue(userAtom)
  const meId = me?.id ?? 0
  const [open, setOpen] = useState<Chat | null>(null)
  const [tab, setTab] = useState<'chats' | 'messages'>(uuid ? 'messages' : 'chats')
  const [editing, setEditing] = useState<Chat | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Chat | null>(null)
  const readTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const openRef = useRef<Chat | null>(null)
  openRef.current = open

  const list = usePagedList<Chat>(
    useCallback(async ({ search, page, signal }) => {
      const r = await api.get<{ records: Chat[]; hasMore: boolean; count: number }>(
        '/chats',
        { searchParam: search, pageNumber: page },
        signal
      )
      return { items: r.records, hasMore: r.hasMore, count: r.count }
    }, [])
  )
  const { upsert, remove } = list
  const chats = useMemo(() => [...list.items].sort(newestFirst), [list.items])

  const markRead = useCallback(
    (chat: Chat) => {
      api
        .post<Chat>(`/chats/${chat.id}/read`, { userId: meId })
        .then((c) => upsert(c, false))
        .catch(() => {})
    },
    [meId, upsert]
  )

  // the chat of the URL: from the list, or asked for (it may be on a later page)
  useEffect(() => {
    if (!uuid) {
      setOpen(null)
      return
    }
    const known = list.items.find((c) => c.uuid === uuid)
    if (known) {
      setOpen(known)
      return
    }
    if (list.loading) return
    const controller = new AbortController()
    api
      .get<Chat>(`/chats/${uuid}`, undefined, controller.signal)
      .then((c) => setOpen(c))
      .catch(() => {
        if (!controller.signal.aborted) navigate('/chats', { replace: true })
      })
    return () => controller.abort()
  }, [uuid, list.items, list.loading, navigate])

  // a chat opened from elsewhere (the top bar's popover, a notification) shows its messages
  useEffect(() => {
    if (uuid) setTab('messages')
  }, [uuid])

  // opening a chat marks it read
  const openId = open?.id ?? null
  useEffect(() => {
    if (openId === null || !open) return
    if (unreadsOf(open, meId) > 0) markRead(open)
    // only when another chat opens; later counts are handled by onIncoming
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openId])

  useEffect(() => {
    const offList = realtime.on(realtime.companyEvent('chat'), (m) => {
      const record = (m.record ?? m.chat) as Chat | undefined
      if (m.action === 'delete') {
        const id = Number(m.id)
        remove(id)
        if (openRef.current?.id === id) {
          // removed from the open chat, or it was deleted: nothing more to show
          toasts.info(t('chatsPage.removed'), { timeout: LONG_TOAST_MS })
          setOpen(null)
          navigate('/chats', { replace: true })
        }
        return
      }
      if (record) {
        upsert(record, m.action === 'create')
        setOpen((cur) => (cur?.id === record.id ? record : cur))
      }
    })
    return offList
  }, [upsert, remove, navigate, t])

  const onIncoming = useCallback(
    (chat: Chat) => {
      if (readTimer.current) clearTimeout(readTimer.current)
      readTimer.current = setTimeout(() => markRead(chat), READ_DEBOUNCE_MS)
    },
    [markRead]
  )
  useEffect(() => () => (readTimer.current ? clearTimeout(readTimer.current) : undefined), [])

  const openChat = (chat: Chat) => {
    setTab('messages')
    // the same chat again (phone tabs): what arrived meanwhile is read now
    if (chat.id === open?.id && unreadsOf(chat, meId) > 0) markRead(chat)
    navigate(`/chats/${chat.uuid}`)
  }

  const listPanel = (
    <ChatList
      chats={chats}
      meId={meId}
      selectedId={open?.id ?? null}
      search={list.search}
      onSearch={list.setSearch}
      loading={list.loading}
      hasMore={list.hasMore}
      onMore={list.loadMore}
      onOpen={openChat}
    />
  )
  const pane = (
    <MessagePane
      chat={open}
      meId={meId}
      onEdit={setEditing}
      onDelete={setDeleting}
      onMute={(chat, muted) => {
        api
          .post<Chat>(`/chats/${chat.id}/mute`, { muted })
          .then((c) => {
            upsert(c, false)
            setOpen((cur) => (cur?.id === c.id ? c : cur))
          })
          .catch(() => {})
      }}
      onIncoming={onIncoming}
      onBack={wide ? undefined : () => setTab('chats')}
    />
  )

  return (
    <Page
      title={t('chatsPage.title')}
      actions={
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="add-chat">
          {t('chatsPage.add')}
        </Button>
      }
    >
      {wide ? (
        <div className={styles.body}>
          <div className={styles.side}>{listPanel}</div>
          <div className={styles.pane}>{pane}</div>
        </div>
      ) : (
        <div className={styles.narrow}>
          <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'chats' | 'messages')}>
            <Tab value="chats" data-testid="tab-chats">
              {t('chatsPage.tabChats')}
            </Tab>
            <Tab value="messages" data-testid="tab-messages">
              {t('chatsPage.tabMessages')}
            </Tab>
          </TabList>
          {tab === 'chats' ? listPanel : <div className={styles.pane}>{pane}</div>}
        </div>
      )}
      <ChatDialog
        chat={editing}
        meId={meId}
        onClose={() => setEditing(null)}
        onSaved={(c) => {
          upsert(c, editing === 'new')
          setEditing(null)
          if (open?.id === c.id) setOpen(c)
          else openChat(c)
        }}
      />
      <DeleteDialog
        item={deleting}
        title={t('chatsPage.deleteTitle', { title: deleting?.title ?? '' })}
        path={(c) => `/chats/${c.id}`}
        successText={t('chatsPage.deleted')}
        toastMs={LONG_TOAST_MS}
        onClose={() => setDeleting(null)}
        onDeleted={(c) => {
          remove(c.id)
          setDeleting(null)
          setOpen(null)
          navigate('/chats', { replace: true })
        }}
      >
        {t('chatsPage.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
