/**
 * The contact side drawer opened from the chat header: details and extra info,
 * edit contact, block and bot toggles, contact tags (POST /tags/sync), the
 * ticket's tags, and the ticket notes (list, add, delete).
 */
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAtomValue } from 'jotai'
import {
  Avatar,
  Button,
  Caption1,
  Divider,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { DeleteRegular, DismissRegular, EditRegular } from '@fluentui/react-icons'
import {
  ConfirmDialog,
  MultiSelectField,
  RouteEmbed,
  routeEmbeds,
  SwitchField,
  TextField,
  api,
  formatShortDateTime,
  isAdmin,
  toastError,
  toasts,
  userAtom,
} from '@balcao/ui'
import { ContactEditDialog } from '../contacts/ContactEditDialog.js'
import type { Ticket } from '../types.js'
import type { ContactDetails, ContactTag, TicketNote } from './types.js'

/** spec 1 §5: a note needs at least 2 characters */
export const NOTE_MIN_CHARS = 2

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '12px', paddingBottom: '24px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px' },
  muted: { color: tokens.colorNeutralForeground3 },
  chips: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
  chip: { padding: '1px 8px', borderRadius: '10px', color: '#fff', fontSize: tokens.fontSizeBase200 },
  extra: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px', fontSize: tokens.fontSizeBase200 },
  note: {
    display: 'flex',
    gap: '8px',
    padding: '6px 8px',
    borderRadius: '6px',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  noteText: { flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
})

export function ContactDrawer(props: {
  open: boolean
  ticket: Ticket
  onClose: () => void
  onContactChanged: (patch: Partial<NonNullable<Ticket['contact']>>) => void
}) {
  const { ticket } = props
  const s = useStyles()
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const [contact, setContact] = useState<ContactDetails | null>(null)
  const [notes, setNotes] = useState<TicketNote[]>([])
  const [allTags, setAllTags] = useState<ContactTag[]>([])
  const [tagIds, setTagIds] = useState<string[]>([])
  const [note, setNote] = useState('')
  const [noteError, setNoteError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState<TicketNote | null>(null)
  const contactId = ticket.contactId
  // the contact's upcoming schedules, from the schedules module when the plan has it (never imported)
  const schedules = routeEmbeds.component('/schedules')

  const load = useCallback(async () => {
    try {
      const [c, list, tags, mine] = await Promise.all([
        api.get<ContactDetails>(`/contacts/${contactId}`),
        api.get<TicketNote[]>('/ticket-notes/list', { ticketId: ticket.id, contactId }),
        api.get<ContactTag[]>('/tags/list', { kanban: 0 }),
        api.get<ContactTag[]>(`/contactTags/${contactId}`),
      ])
      setContact(c)
      setNotes(list)
      setAllTags(tags)
      setTagIds(mine.map((x) => String(x.id)))
    } catch (error) {
      toastError(error)
    }
  }, [contactId, ticket.id])

  useEffect(() => {
    if (props.open) void load()
  }, [props.open, load])

  const toggleBlock = async (blocked: boolean) => {
    try {
      const c = await api.put<ContactDetails>(`/contacts/block/${contactId}`, { active: !blocked })
      setContact((old) => (old ? { ...old, active: c.active } : old))
      props.onContactChanged({ active: c.active })
      toasts.success(t(c.active ? 'inbox.chat.contactUnblocked' : 'inbox.chat.contactBlocked'))
    } catch (error) {
      toastError(error)
    }
  }

  const toggleBot = async () => {
    try {
      const { disableBot } = await api.put<{ disableBot: boolean }>(`/contacts/toggleDisableBot/${contactId}`)
      setContact((old) => (old ? { ...old, disableBot } : old))
      props.onContactChanged({ disableBot })
    } catch (error) {
      toastError(error)
    }
  }

  const toggleAudio = async () => {
    try {
      const { acceptAudioMessage } = await api.put<{ acceptAudioMessage: boolean }>(
        `/contacts/toggleAcceptAudio/${contactId}`
      )
      setContact((old) => (old ? { ...old, acceptAudioMessage } : old))
      props.onContactChanged({ acceptAudioMessage })
    } catch (error) {
      toastError(error)
    }
  }

  const syncTags = async (ids: string[]) => {
    const before = tagIds
    setTagIds(ids)
    try {
      await api.post('/tags/sync', { contactId, tags: ids.map((id) => ({ id: Number(id) })) })
    } catch (error) {
      setTagIds(before)
      toastError(error)
    }
  }

  const addNote = async () => {
    const text = note.trim()
    if (text.length < NOTE_MIN_CHARS) return setNoteError(text ? 'validation.tooShort' : 'validation.required')
    setSaving(true)
    try {
      const created = await api.post<TicketNote>('/ticket-notes', { note: text, ticketId: ticket.id, contactId })
      setNotes((list) => [created, ...list])
      setNote('')
      setNoteError(null)
      toasts.success(t('inbox.chat.noteAdded'))
    } catch (error) {
      toastError(error)
    } finally {
      setSaving(false)
    }
  }

  const deleteNote = async () => {
    if (!deleting) return
    try {
      await api.delete(`/ticket-notes/${deleting.id}`)
      setNotes((list) => list.filter((n) => n.id !== deleting.id))
      toasts.success(t('inbox.chat.noteDeleted'))
    } catch (error) {
      toastError(error)
    }
  }

  const c = contact
  return (
    <OverlayDrawer
      position="end"
      size="medium"
      open={props.open}
      onOpenChange={(_, d) => !d.open && props.onClose()}
      data-testid="contact-drawer"
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              icon={<DismissRegular />}
              aria-label={t('inbox.chat.close')}
              onClick={props.onClose}
              data-testid="close-drawer"
            />
          }
        >
          {t('inbox.chat.contactData')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={s.body}>
        {!c ? (
          <Spinner />
        ) : (
          <>
            <div className={s.head}>
              <Avatar name={c.name} image={c.urlPicture ? { src: c.urlPicture } : undefined} size={64} />
              <div style={{ flex: 1 }}>
                <Subtitle2 as="h2" block>
                  {c.name}
                </Subtitle2>
                <Caption1 block className={s.muted}>
                  {c.number}
                </Caption1>
                {c.email && (
                  <Caption1 block className={s.muted}>
                    {c.email}
                  </Caption1>
                )}
              </div>
              <Button icon={<EditRegular />} onClick={() => setEditing(true)} data-testid="edit-contact">
                {t('inbox.chat.editContact')}
              </Button>
            </div>
            <SwitchField label={t('inbox.chat.blocked')} checked={!c.active} onChange={toggleBlock} />
            <SwitchField label={t('inbox.chat.botDisabled')} checked={c.disableBot} onChange={() => void toggleBot()} />
            <SwitchField
              label={t('inbox.chat.acceptAudio')}
              checked={c.acceptAudioMessage}
              onChange={() => void toggleAudio()}
            />
            <MultiSelectField
              label={t('inbox.chat.contactTags')}
              values={tagIds}
              options={allTags.map((g) => ({ value: String(g.id), label: g.name }))}
              onChange={(ids) => void syncTags(ids)}
              placeholder={t('inbox.chat.noTags')}
            />
            {ticket.tags.length > 0 && (
              <div>
                <Caption1 block className={s.muted}>
                  {t('inbox.chat.ticketTags')}
                </Caption1>
                <div className={s.chips}>
                  {ticket.tags.map((g) => (
                    <span key={g.id} className={s.chip} style={{ backgroundColor: g.color }}>
                      {g.name}
                    </span>
                  ))}
                </div>
              </div>
            )}
            {!!c.extraInfo?.length && (
              <div>
                <Subtitle2 block>{t('inbox.chat.extraInfo')}</Subtitle2>
                <div className={s.extra}>
                  {c.extraInfo.map((x) => (
                    <div key={x.id} style={{ display: 'contents' }}>
                      <strong>{x.name}</strong>
                      <span>{x.value}</span>
                    </div>
                  ))}
                </div>
              </div>
            )}
            {schedules && (
              <>
                <Divider style={{ flexGrow: 0 }} />
                <RouteEmbed
                  component={schedules}
                  route="/schedules"
                  embed={{ mode: 'upcoming', contact: { id: c.id, name: c.name }, onClose: () => {} }}
                />
              </>
            )}
            <Divider style={{ flexGrow: 0 }} />
            <Subtitle2 block>{t('inbox.chat.notes')}</Subtitle2>
            <TextField
              label={t('inbox.chat.newNote')}
              value={note}
              onChange={(v) => {
                setNote(v)
                if (noteError) setNoteError(null)
              }}
              multiline
              rows={3}
              error={noteError}
              name="note"
            />
            <div>
              <Button appearance="primary" onClick={() => void addNote()} disabled={saving} data-testid="add-note">
                {t('inbox.chat.addNote')}
              </Button>
            </div>
            {notes.length === 0 && <Caption1 className={s.muted}>{t('inbox.chat.noNotes')}</Caption1>}
            {notes.map((n) => (
              <div key={n.id} className={s.note} data-testid="note">
                <div className={s.noteText}>
                  <div>{n.note}</div>
                  <Caption1 className={s.muted}>
                    {n.user?.name ?? '—'} · <span data-testid="note-date">{formatShortDateTime(n.createdAt)}</span>
                  </Caption1>
                </div>
                {(n.userId === me?.id || isAdmin(me)) && (
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={t('inbox.chat.deleteNote')}
                    onClick={() => setDeleting(n)}
                  />
                )}
              </div>
            ))}
          </>
        )}
      </DrawerBody>
      <ConfirmDialog
        open={!!deleting}
        title={t('inbox.chat.deleteNoteConfirm')}
        onConfirm={deleteNote}
        onClose={() => setDeleting(null)}
      />
      <ContactEditDialog
        contactId={contactId}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false)
          void load()
        }}
      />
    </OverlayDrawer>
  )
}
