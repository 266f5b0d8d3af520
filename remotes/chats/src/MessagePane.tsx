/**
 * The open chat (spec 3 §2): header with the title, members and the owner's
 * edit and delete; the messages (older pages load within 600 px of the top,
 * spec 3 §9); "typing"; the input where Enter sends and Shift+Enter breaks the
 * line, with @name suggestions of the chat's members.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Button, Caption1, Spinner, Textarea, Title3, Tooltip, makeStyles, tokens } from '@fluentui/react-components'
import {
  AlertOffRegular,
  AlertRegular,
  ArrowLeftRegular,
  ChatRegular,
  DeleteRegular,
  EditRegular,
  SendRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { api, EmptyState } from '@balcao/ui'
import { MessageBubble } from './MessageBubble.js'
import { useChatMessages } from './useChatMessages.js'
import { mentionQuery } from './mentions.js'
import { OLDER_PAGE_THRESHOLD_PX, type Chat, type ChatMessage } from './types.js'

/** at most one "typing" signal per this many ms */
const TYPING_EVERY_MS = 3000

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, minWidth: 0 },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '8px 12px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  headText: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  title: { margin: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  members: {
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  list: {
    flex: 1,
    minHeight: 0,
    overflowY: 'auto',
    padding: '12px',
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  typing: { padding: '0 12px', minHeight: '18px', color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  inputBar: { display: 'flex', gap: '8px', padding: '8px 12px', alignItems: 'flex-end', position: 'relative' },
  input: { flex: 1 },
  suggestions: {
    position: 'absolute',
    bottom: '100%',
    left: '12px',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
    borderRadius: tokens.borderRadiusMedium,
    padding: '4px',
    zIndex: 1,
  },
})

export function MessagePane(props: {
  chat: Chat | null
  meId: number
  onEdit: (chat: Chat) => void
  onDelete: (chat: Chat) => void
  onMute: (chat: Chat, muted: boolean) => void
  onIncoming: (chat: Chat, message: ChatMessage) => void
  onBack?: () => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const styles = useStyles()
  const { chat, meId } = props
  const { messages, hasMore, loading, loadOlder, send, edit, typing } = useChatMessages(chat?.id ?? null, meId, (m) =>
    chat ? props.onIncoming(chat, m) : undefined
  )
  const [text, setText] = useState('')
  // the own message being rewritten in the input bar
  const [editing, setEditing] = useState<ChatMessage | null>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const lastTyping = useRef(0)
  // where the list was before a render: keeps the view still when older messages are prepended
  const before = useRef<{ height: number; top: number; firstId: number | null; lastId: number | null }>({
    height: 0,
    top: 0,
    firstId: null,
    lastId: null,
  })

  useEffect(() => {
    setText('')
    setEditing(null)
  }, [chat?.id])

  useLayoutEffect(() => {
    const el = listRef.current
    if (!el) return
    const firstId = messages[0]?.id ?? null
    const lastId = messages.at(-1)?.id ?? null
    const prev = before.current
    if (prev.firstId !== null && firstId !== null && firstId < prev.firstId && lastId === prev.lastId) {
      // older page prepended: stay on the same message
      el.scrollTop = el.scrollHeight - prev.height + prev.top
    } else if (lastId !== prev.lastId) {
      const nearBottom = prev.height - prev.top - el.clientHeight < 200
      const mine = messages.at(-1)?.senderId === meId
      if (prev.lastId === null || nearBottom || mine) el.scrollTop = el.scrollHeight
    }
    before.current = { height: el.scrollHeight, top: el.scrollTop, firstId, lastId }
  }, [messages, meId])

  // a first page shorter than the pane has no scroll to trigger the next one
  useEffect(() => {
    const el = listRef.current
    if (el && hasMore && !loading && el.scrollHeight <= el.clientHeight + OLDER_PAGE_THRESHOLD_PX) loadOlder()
  }, [hasMore, loading, loadOlder, messages.length])

  if (!chat) {
    return (
      <div className={styles.root}>
        <EmptyState title={t('chatsPage.pick')} hint={t('chatsPage.pickHint')} icon={<ChatRegular />} />
      </div>
    )
  }

  const members = chat.users.map((u) => ({ id: u.userId, name: u.user.name }))
  const query = mentionQuery(text)
  const suggestions =
    query === null
      ? []
      : members
          .filter((m) => m.id !== meId && m.name.toLocaleLowerCase().startsWith(query.toLocaleLowerCase()))
          .slice(0, 6)
  const pickMention = (name: string) => {
    setText((v) => v.replace(/@([\p{L}\p{N}_ ]{0,30})$/u, `@${name} `))
  }

  const submit = async () => {
    const value = text.trim()
    if (!value) return
    const target = editing
    setText('')
    setEditing(null)
    try {
      if (target) await edit(target.id, value)
      else await send(value)
    } catch {
      // kept for another try; spec 3 §8: no error toast for chat calls
      setText(value)
      setEditing(target)
    }
  }

  const startEdit = (m: ChatMessage) => {
    setEditing(m)
    setText(m.message)
  }

  const onType = (value: string) => {
    setText(value)
    if (!editing && value.trim() && Date.now() - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = Date.now()
      api.post(`/chats/${chat.id}/typing`).catch(() => {})
    }
  }

  const isOwner = chat.ownerId === meId
  const muted = chat.users.find((u) => u.userId === meId)?.muted ?? false
  return (
    <div className={styles.root} data-testid="message-pane">
      <div className={styles.header}>
        {props.onBack && (
          <Tooltip content={t('chatsPage.back')} relationship="label">
            <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={props.onBack} />
          </Tooltip>
        )}
        <div className={styles.headText}>
          <Title3 as="h2" className={styles.title} data-testid="chat-title">
            {chat.title}
          </Title3>
          <Caption1 className={styles.members}>{members.map((m) => m.name).join(', ')}</Caption1>
        </div>
        <Tooltip content={muted ? t('chatsPage.unmute') : t('chatsPage.mute')} relationship="label">
          <Button
            appearance="subtle"
            icon={muted ? <AlertOffRegular /> : <AlertRegular />}
            aria-pressed={muted}
            onClick={() => props.onMute(chat, !muted)}
            data-testid="mute-chat"
          />
        </Tooltip>
        {isOwner && (
          <>
            <Tooltip content={t('chatsPage.edit')} relationship="label">
              <Button
                appearance="subtle"
                icon={<EditRegular />}
                onClick={() => props.onEdit(chat)}
                data-testid="edit-chat"
              />
            </Tooltip>
            <Tooltip content={t('chatsPage.delete')} relationship="label">
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                onClick={() => props.onDelete(chat)}
                data-testid="delete-chat"
              />
            </Tooltip>
          </>
        )}
      </div>
      <div
        ref={listRef}
        className={styles.list}
        data-testid="chat-messages"
        onScroll={(e) => {
          const el = e.currentTarget
          before.current = { ...before.current, height: el.scrollHeight, top: el.scrollTop }
          if (el.scrollTop < OLDER_PAGE_THRESHOLD_PX) loadOlder()
        }}
      >
        {loading && hasMore && <Spinner size="tiny" label={t('chatsPage.loadingOlder')} />}
        {messages.map((m) => (
          <MessageBubble
            key={m.id}
            message={m}
            mine={m.senderId === meId}
            meId={meId}
            members={members}
            youLabel={t('chatsPage.you')}
            onEdit={startEdit}
            editLabel={t('chatsPage.editMessage')}
            ticketLabel={(id) => t('chatsPage.ticket', { id })}
            onOpenTicket={(uuid) => navigate(`/tickets/${uuid}`)}
          />
        ))}
        {!loading && messages.length === 0 && (
          <EmptyState title={t('chatsPage.noMessages')} hint="" icon={<ChatRegular />} />
        )}
      </div>
      <Caption1 className={styles.typing} aria-live="polite" data-testid="chat-typing">
        {editing ? t('chatsPage.editing') : typing ? t('chatsPage.typing', { name: typing }) : ''}
      </Caption1>
      <div className={styles.inputBar}>
        {suggestions.length > 0 && (
          <div className={styles.suggestions} role="listbox" data-testid="mention-suggestions">
            {suggestions.map((s) => (
              <Button key={s.id} appearance="subtle" role="option" onClick={() => pickMention(s.name)}>
                @{s.name}
              </Button>
            ))}
          </div>
        )}
        <Textarea
          className={styles.input}
          resize="none"
          rows={1}
          value={text}
          placeholder={t('chatsPage.placeholder')}
          aria-label={t('chatsPage.placeholder')}
          data-testid="chat-input"
          onChange={(_, d) => onType(d.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && editing) {
              e.preventDefault()
              setEditing(null)
              setText('')
              return
            }
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault()
              void submit()
            }
          }}
        />
        <Tooltip content={t('chatsPage.send')} relationship="label">
          <Button
            appearance="primary"
            icon={<SendRegular />}
            disabled={!text.trim()}
            onClick={() => void submit()}
            data-testid="chat-send"
          />
        </Tooltip>
      </div>
    </div>
  )
}
