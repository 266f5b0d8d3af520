/**
 * The chat page of one ticket (spec 1 §2): header (avatar, name, #id, assigned
 * user, ticket actions) opening the contact drawer, the 24 h banner for
 * Facebook/Instagram, the message list and the input bar, plus the message
 * modals (forward, send contact, edit, delete, PDF export). Loads the ticket
 * itself (GET /tickets/u/{uuid}, which also marks it read) and follows
 * company-{id}-ticket events for it.
 */
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useAtomValue } from 'jotai'
import {
  Avatar,
  Button,
  Caption1,
  MenuItem,
  Spinner,
  Subtitle2,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import {
  ArrowForwardRegular,
  ContactCardRegular,
  DismissRegular,
  DocumentPdfRegular,
} from '@fluentui/react-icons'
import {
  ChannelIcon,
  ConfirmDialog,
  api,
  isAdmin,
  realtime,
  toastError,
  toasts,
  useShortcut,
  userAtom,
  type RealtimeMessage,
} from '@balcao/ui'
import { TicketActions } from '../actions/TicketActions.js'
import { deletedHere } from '../actions/calls.js'
import type { Ticket } from '../types.js'
import { ChannelWindow } from './ChannelWindow.js'
import { ContactDrawer } from './ContactDrawer.js'
import { EditMessageDialog, ForwardDialog, SendContactDialog } from './dialogs.js'
import { exportConversationPdf } from './exportPdf.js'
import { InputBar, SIGN_KEY } from './InputBar.js'
import { MessageList, useChatMessages } from './MessageList.js'
import type { ChatMessage } from './types.js'

/** Facebook and Instagram only allow replies within 24 h of the contact's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  channel: { display: 'inline-flex', verticalAlign: 'middle', marginRight: '4px' },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '6px 8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
  },
  who: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    flex: 1,
    minWidth: '180px',
    border: 'none',
    background: 'transparent',
    color: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    padding: '4px',
    borderRadius: '6px',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  selectBar: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '6px 12px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  center: { display: 'flex', justifyContent: 'center', padding: '48px' },
})

export function ChatPage({ uuid }: { uuid: string }) {
  const s = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const me = useAtomValue(userAtom)
  const [ticket, setTicket] = useState<Ticket | null>(null)
  const [drawer, setDrawer] = useState(false)
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null)
  const [editing, setEditing] = useState<ChatMessage | null>(null)
  const [deleting, setDeleting] = useState<ChatMessage | null>(null)
  const [selecting, setSelecting] = useState(false)
  const [selected, setSelected] = useState<Map<number, ChatMessage>>(new Map())
  const [forwarding, setForwarding] = useState<ChatMessage[] | null>(null)
  const [sendingContact, setSendingContact] = useState(false)
  const state = useChatMessages(ticket?.id ?? null)

  useEffect(() => {
    let stale = false
    setTicket(null)
    setReplyTo(null)
    setSelecting(false)
    setSelected(new Map())
    api
      .get<Ticket>(`/tickets/u/${uuid}`)
      .then((t) => !stale && setTicket(t))
      .catch((error) => {
        if (stale) return
        toastError(error)
        navigate('/tickets')
      })
    return () => {
      stale = true
    }
  }, [uuid, navigate])

  // the open ticket changes (accepted, transferred, closed elsewhere) or goes away
  const ticketId = ticket?.id
  useEffect(() => {
    if (!ticketId) return
    return realtime.on(realtime.companyEvent('ticket'), (e: RealtimeMessage) => {
      const data = e.ticket as Ticket | undefined
      if (e.action === 'update' && data?.id === ticketId) setTicket((old) => (old ? { ...old, ...data } : data))
      if (e.action === 'delete' && e.ticketId === ticketId) {
        // this tab's own deletion already said so (one toast, not two)
        if (!deletedHere(ticketId)) toasts.success(t('inbox.chat.ticketClosed'))
        navigate('/tickets')
      }
    })
  }, [ticketId, navigate, t])

  // Esc closes the chat (a dialog or drawer open on it takes Esc first)
  useShortcut({
    id: 'inbox.chat.close',
    keys: 'escape',
    group: 'ticket',
    label: t('shortcuts.closeChat'),
    palette: false,
    run: () => navigate('/tickets'),
  })

  const settings = me?.company?.companieSettings ?? {}
  const lgpdErase = settings.enableLGPD === 'enabled' && settings.lgpdDeleteMessage === 'enabled'

  // 24 h window of Facebook/Instagram, counted from the contact's last message
  const windowBanner = useMemo(() => {
    if (!ticket || !['facebook', 'instagram'].includes(ticket.channel)) return null
    const last = [...state.messages].reverse().find((m) => !m.fromMe)
    if (!last) return t('inbox.chat.replyWindow')
    const left = new Date(last.createdAt).getTime() + REPLY_WINDOW_MS - Date.now()
    if (left <= 0) return t('inbox.chat.replyWindowClosed')
    return t('inbox.chat.replyWindowLeft', { hours: Math.floor(left / 3600000), minutes: Math.floor(left / 60000) % 60 })
  }, [ticket, state.messages, t])

  if (!ticket)
    return (
      <div className={s.center}>
        <Spinner />
      </div>
    )

  const contact = ticket.contact
  const toggleSelect = (m: ChatMessage) =>
    setSelected((old) => {
      const next = new Map(old)
      if (next.has(m.id)) next.delete(m.id)
      else next.set(m.id, m)
      return next
    })
  const stopSelecting = () => {
    setSelecting(false)
    setSelected(new Map())
  }

  const deleteMessage = async () => {
    if (!deleting) return
    try {
      const res = await api.delete<ChatMessage | { message: string }>(`/messages/${deleting.id}`)
      if ('id' in res) state.upsert({ ...deleting, ...res })
      else state.remove(deleting.id)
    } catch (error) {
      toastError(error)
    }
  }

  const exportPdf = () => {
    const ok = exportConversationPdf(`${contact?.name ?? ''} · #${ticket.id}`, state.messages, {
      title: t('inbox.chat.pdfTitle', { name: contact?.name ?? '', id: ticket.id }),
      you: t('inbox.chat.you'),
      contact: contact?.name ?? t('inbox.chat.contact'),
      privateNote: t('inbox.chat.privateNote'),
      deleted: t('inbox.chat.deletedOwn'),
      media: t('inbox.chat.media'),
    })
    if (!ok) toasts.error(t('inbox.chat.nothingToExport'))
  }

  let signMessage = true
  try {
    signMessage = localStorage.getItem(SIGN_KEY) !== 'false'
  } catch {
    // storage unavailable: keep the default
  }

  return (
    <div className={s.root} data-testid="chat-page" data-ticket-id={ticket.id}>
      <div className={s.header}>
        <button type="button" className={s.who} onClick={() => setDrawer(true)} data-testid="chat-header">
          <Avatar
            name={contact?.name}
            image={contact?.urlPicture ? { src: contact.urlPicture } : undefined}
            size={40}
            badge={contact && !contact.active ? { status: 'blocked' } : undefined}
          />
          <div style={{ minWidth: 0 }}>
            <Subtitle2 block className={s.name}>
              {contact?.name ?? '—'} <span className={s.muted}>#{ticket.id}</span>
            </Subtitle2>
            <Caption1 block className={mergeClasses(s.muted, s.name)} data-testid="chat-header-caption">
              {ticket.channel && (
                <span className={s.channel}>
                  <ChannelIcon channel={ticket.channel} size={14} />
                </span>
              )}
              {ticket.user ? t('inbox.chat.assignedTo', { name: ticket.user.name }) : t('inbox.chat.unassigned')}
              {ticket.queue ? ` · ${ticket.queue.name}` : ''}
              {ticket.whatsapp ? ` · ${ticket.whatsapp.name}` : ''}
            </Caption1>
          </div>
        </button>
        <TicketActions
          ticket={ticket}
          onChanged={(next) => {
            if (!next) return navigate('/tickets')
            setTicket((old) => (old ? { ...old, ...next } : next))
          }}
          menuItems={
            <>
              <MenuItem icon={<ArrowForwardRegular />} onClick={() => setSelecting(true)} data-testid="chat-select">
                {t('inbox.chat.selectToForward')}
              </MenuItem>
              <MenuItem
                icon={<ContactCardRegular />}
                disabled={!['open', 'group'].includes(ticket.status)}
                onClick={() => setSendingContact(true)}
                data-testid="chat-send-contact"
              >
                {t('inbox.chat.sendContact')}
              </MenuItem>
              <MenuItem icon={<DocumentPdfRegular />} onClick={exportPdf} data-testid="chat-export-pdf">
                {t('inbox.chat.exportPdf')}
              </MenuItem>
            </>
          }
        />
      </div>
      {/* a channel that declares a reply window (and templates) in its manifest draws its own banner */}
      <ChannelWindow ticket={ticket} version={state.messages.length} fallback={windowBanner} />
      <MessageList
        state={state}
        meId={me?.id ?? null}
        isAdmin={isAdmin(me)}
        isGroup={ticket.isGroup}
        lgpdErase={lgpdErase}
        selecting={selecting}
        selectedIds={new Set(selected.keys())}
        onToggleSelect={toggleSelect}
        onReply={['open', 'group'].includes(ticket.status) ? setReplyTo : undefined}
        onEdit={setEditing}
        onDelete={setDeleting}
        onForward={(m) => {
          setSelecting(true)
          setSelected(new Map([[m.id, m]]))
        }}
      />
      {selecting && (
        <div className={s.selectBar} data-testid="select-bar">
          <span style={{ flex: 1 }}>{t('inbox.chat.selectedCount', { count: selected.size })}</span>
          <Button icon={<DismissRegular />} onClick={stopSelecting}>
            {t('inbox.chat.cancel')}
          </Button>
          <Button
            appearance="primary"
            icon={<ArrowForwardRegular />}
            onClick={() =>
              selected.size ? setForwarding([...selected.values()]) : toasts.warning(t('inbox.chat.noMessageSelected'))
            }
          >
            {t('inbox.chat.forward')}
          </Button>
        </div>
      )}
      <InputBar
        key={ticket.id}
        ticket={ticket}
        replyTo={replyTo}
        onClearReply={() => setReplyTo(null)}
        onSent={(list) => list.forEach(state.addOwn)}
      />
      <ContactDrawer
        open={drawer}
        ticket={ticket}
        onClose={() => setDrawer(false)}
        onContactChanged={(patch) =>
          setTicket((old) => (old && old.contact ? { ...old, contact: { ...old.contact, ...patch } } : old))
        }
      />
      {editing && <EditMessageDialog message={editing} onClose={() => setEditing(null)} onSaved={state.upsert} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('inbox.chat.deleteConfirm')}
        onConfirm={deleteMessage}
        onClose={() => setDeleting(null)}
      >
        {t('inbox.chat.deleteConfirmText')}
      </ConfirmDialog>
      {forwarding && (
        <ForwardDialog
          messages={forwarding}
          signMessage={signMessage}
          onClose={() => setForwarding(null)}
          onDone={() => {
            setForwarding(null)
            stopSelecting()
          }}
        />
      )}
      {sendingContact && (
        <SendContactDialog
          ticketId={ticket.id}
          onClose={() => setSendingContact(false)}
          onSent={(list) => list.forEach(state.addOwn)}
        />
      )}
    </div>
  )
}
