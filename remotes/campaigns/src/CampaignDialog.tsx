/**
 * Add, edit or view a campaign (spec 3 §2): name, up to 5 messages, the
 * confirmation switch with up to 5 confirmation messages (shown only when it
 * is on), connections (one or more, sent comma-joined), contact list,
 * scheduled time, open-ticket option, ticket status, queue and user.
 * Read-only when the campaign is no longer editable (spec 3 §4); the server
 * refuses such edits anyway.
 */
import { useEffect, useRef, useState } from 'react'
import { Button, Field, MessageBar, MessageBarBody, makeStyles } from '@fluentui/react-components'
import { AttachRegular, DismissRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  formatShortDateTime,
  maxLength,
  minLength,
  required,
  toasts,
  toastError,
  useForm,
  LONG_TOAST_MS,
  FormDialog,
  MultiSelectField,
  SelectField,
  SwitchField,
  TextField,
  type SelectOption,
} from '@balcao/ui'
import { MESSAGE_SLOTS, type Campaign, type CampaignSettings, type ContactList } from './types.js'

const useStyles = makeStyles({
  file: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: '12px' },
})

const pad = (n: number) => String(n).padStart(2, '0')
/** an ISO time as the value of a datetime-local input (the browser's time zone) */
function toLocalInput(iso: string | null) {
  if (!iso) return ''
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

type Values = Record<string, string> & { confirmation: string }

export function CampaignDialog(props: {
  campaign: Campaign | null
  readOnly: boolean
  onClose: () => void
  onSaved: (c: Campaign) => void
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const c = props.campaign
  const ro = props.readOnly
  const [connections, setConnections] = useState<SelectOption[]>([])
  const [lists, setLists] = useState<SelectOption[]>([])
  const [queues, setQueues] = useState<SelectOption[]>([])
  const [users, setUsers] = useState<SelectOption[]>([])
  const [tags, setTags] = useState<SelectOption[]>([])
  const fileRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [removeMedia, setRemoveMedia] = useState(false)
  const [listSizes, setListSizes] = useState<Record<string, number>>({})
  const [dailyLimit, setDailyLimit] = useState(0)
  const [connectionIds, setConnectionIds] = useState<string[]>(c?.whatsappId ? c.whatsappId.split(',') : [])

  const initial: Values = {
    name: c?.name ?? '',
    contactListId: c?.contactListId ? String(c.contactListId) : '',
    tagListId: c?.tagListId ? String(c.tagListId) : '',
    scheduledAt: toLocalInput(c?.scheduledAt ?? null),
    openTicket: c?.openTicket ?? 'disabled',
    statusTicket: c?.statusTicket ?? 'closed',
    queueId: c?.queueId ? String(c.queueId) : '',
    userId: c?.userId ? String(c.userId) : '',
    confirmation: c?.confirmation ? 'true' : 'false',
    skipAgentTickets: c?.skipAgentTickets ? 'true' : 'false',
  }
  for (const n of MESSAGE_SLOTS) {
    initial[`message${n}`] = (c?.[`message${n}` as keyof Campaign] as string | null) ?? ''
    initial[`confirmationMessage${n}`] = (c?.[`confirmationMessage${n}` as keyof Campaign] as string | null) ?? ''
  }
  const form = useForm<Values>(initial, { name: [required, minLength(2), maxLength(50)] })
  const v = form.values

  useEffect(() => {
    const none = { value: '', label: t('campaignsPage.fields.none') }
    api
      .get<{ id: number; name: string }[]>('/whatsapp', { session: 0 })
      .then((r) => setConnections(r.map((w) => ({ value: String(w.id), label: w.name }))))
      .catch(() => {})
    api
      .get<ContactList[]>('/contact-lists/list')
      .then((r) => {
        setLists([none, ...r.map((l) => ({ value: String(l.id), label: `${l.name} (${l.contactsCount})` }))])
        setListSizes(Object.fromEntries(r.map((l) => [String(l.id), l.contactsCount])))
      })
      .catch(() => {})
    api
      .get<{ id: number; name: string }[]>('/tags/list', { kanban: 0 })
      .then((r) => setTags([none, ...r.map((tag) => ({ value: String(tag.id), label: tag.name }))]))
      .catch(() => {})
    api
      .get<CampaignSettings>('/campaign-settings')
      .then((r) => setDailyLimit(r.dailyLimit ?? 0))
      .catch(() => {})
    api
      .get<{ id: number; name: string }[]>('/queue')
      .then((r) => setQueues([none, ...r.map((q) => ({ value: String(q.id), label: q.name }))]))
      .catch(() => {})
    api
      .get<{ id: number; name: string }[]>('/users/list')
      .then((r) => setUsers([none, ...r.map((u) => ({ value: String(u.id), label: u.name }))]))
      .catch(() => {})
  }, [t])

  const save = async () => {
    if (ro) return props.onClose()
    if (!form.check()) return
    const body: Record<string, unknown> = {
      name: v.name.trim(),
      confirmation: v.confirmation === 'true',
      skipAgentTickets: v.skipAgentTickets === 'true',
      contactListId: v.contactListId ? Number(v.contactListId) : null,
      // one source of recipients: a list, or else a tag
      tagListId: !v.contactListId && v.tagListId ? Number(v.tagListId) : null,
      whatsappId: connectionIds.length ? connectionIds.join(',') : null,
      scheduledAt: v.scheduledAt ? new Date(v.scheduledAt).toISOString() : null,
      openTicket: v.openTicket,
      statusTicket: v.statusTicket,
      queueId: v.queueId ? Number(v.queueId) : null,
      userId: v.userId ? Number(v.userId) : null,
    }
    for (const n of MESSAGE_SLOTS) {
      body[`message${n}`] = v[`message${n}`]
      body[`confirmationMessage${n}`] = v[`confirmationMessage${n}`]
    }
    try {
      const mediaChange = Boolean(file) || (removeMedia && !!c?.mediaName)
      // the attachment changes while the campaign is still editable, then the time is set
      // (a time within the hour makes it read-only, spec 3 §4)
      const { scheduledAt, ...rest } = body
      const first = mediaChange ? (c ? rest : { ...rest, scheduledAt: null }) : body
      let saved = c
        ? await api.put<Campaign>(`/campaigns/${c.id}`, first)
        : await api.post<Campaign>('/campaigns', first)
      if (mediaChange) {
        if (file) {
          const data = new FormData()
          data.append('file', file)
          saved = await api.upload<Campaign>(`/campaigns/${saved.id}/media-upload`, data)
        } else {
          saved = await api.delete<Campaign>(`/campaigns/${saved.id}/media-upload`)
        }
        if (scheduledAt !== (c?.scheduledAt ?? null)) {
          saved = await api.put<Campaign>(`/campaigns/${saved.id}`, { scheduledAt })
        }
      }
      toasts.success(t('campaignsPage.saved'), LONG_TOAST_MS)
      props.onSaved(saved)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }

  // more recipients per number than the daily cap: the campaign goes on over several days
  const perNumber = (listSizes[v.contactListId] ?? 0) / Math.max(1, connectionIds.length)
  const overCap = dailyLimit > 0 && perNumber > dailyLimit
  const title = !c ? t('campaignsPage.add') : ro ? t('campaignsPage.view') : t('campaignsPage.edit')
  return (
    <FormDialog open wide title={title} onSubmit={save} onClose={props.onClose}>
      {ro && c && (
        <MessageBar intent="info">
          <MessageBarBody>{t('campaignsPage.readOnly')}</MessageBarBody>
        </MessageBar>
      )}
      <TextField
        label={t('campaignsPage.fields.name')}
        name="name"
        value={v.name}
        onChange={(x) => form.set('name', x)}
        error={form.errors.name}
        required
        readOnly={ro}
        autoFocus
      />
      <div className={styles.row}>
        <MultiSelectField
          label={t('campaignsPage.fields.connections')}
          values={connectionIds}
          options={connections}
          onChange={setConnectionIds}
          readOnly={ro}
        />
        <SelectField
          label={t('campaignsPage.fields.contactList')}
          name="contactListId"
          value={v.contactListId}
          options={lists}
          onChange={(x) => form.set('contactListId', x)}
          readOnly={ro}
        />
      </div>
      {!v.contactListId && (
        <SelectField
          label={t('campaignsPage.fields.tag')}
          name="tagListId"
          value={v.tagListId}
          options={tags}
          onChange={(x) => form.set('tagListId', x)}
          hint={t('campaignsPage.fields.tagHint')}
          readOnly={ro}
        />
      )}
      <div className={styles.row}>
        <TextField
          label={t('campaignsPage.fields.scheduledAt')}
          name="scheduledAt"
          type="datetime-local"
          value={ro ? (c?.scheduledAt ? formatShortDateTime(c.scheduledAt) : '') : v.scheduledAt}
          onChange={(x) => form.set('scheduledAt', x)}
          hint={t('campaignsPage.fields.scheduledHint')}
          readOnly={ro}
        />
        <SwitchField
          label={t('campaignsPage.fields.confirmation')}
          name="confirmation"
          checked={v.confirmation === 'true'}
          onChange={(x) => form.set('confirmation', x ? 'true' : 'false')}
          readOnly={ro}
        />
      </div>
      <div className={styles.row}>
        <SelectField
          label={t('campaignsPage.fields.openTicket')}
          name="openTicket"
          value={v.openTicket}
          options={[
            { value: 'enabled', label: t('campaignsPage.fields.enabled') },
            { value: 'disabled', label: t('campaignsPage.fields.disabled') },
          ]}
          onChange={(x) => form.set('openTicket', x)}
          readOnly={ro}
        />
        <SelectField
          label={t('campaignsPage.fields.statusTicket')}
          name="statusTicket"
          value={v.statusTicket}
          options={[
            { value: 'closed', label: t('campaignsPage.fields.closed') },
            { value: 'open', label: t('campaignsPage.fields.open') },
          ]}
          onChange={(x) => form.set('statusTicket', x)}
          readOnly={ro}
        />
      </div>
      <SwitchField
        label={t('campaignsPage.fields.skipAgentTickets')}
        name="skipAgentTickets"
        checked={v.skipAgentTickets === 'true'}
        onChange={(x) => form.set('skipAgentTickets', x ? 'true' : 'false')}
        readOnly={ro}
      />
      {!ro && overCap && (
        <MessageBar intent="warning" data-testid="daily-cap-warning">
          <MessageBarBody>{t('campaignsPage.dailyCapWarning', { limit: dailyLimit })}</MessageBarBody>
        </MessageBar>
      )}
      {v.openTicket === 'enabled' && (
        <div className={styles.row}>
          <SelectField
            label={t('campaignsPage.fields.queue')}
            name="queueId"
            value={v.queueId}
            options={queues}
            onChange={(x) => form.set('queueId', x)}
            readOnly={ro}
          />
          <SelectField
            label={t('campaignsPage.fields.user')}
            name="userId"
            value={v.userId}
            options={users}
            onChange={(x) => form.set('userId', x)}
            readOnly={ro}
          />
        </div>
      )}
      <Field label={t('campaignsPage.fields.media')} hint={t('campaignsPage.fields.mediaHint')}>
        <div className={styles.file}>
          {!ro && (
            <Button icon={<AttachRegular />} onClick={() => fileRef.current?.click()}>
              {t('campaignsPage.fields.attach')}
            </Button>
          )}
          <span data-testid="campaign-media">{file?.name ?? (removeMedia ? '' : (c?.mediaName ?? ''))}</span>
          {!ro && (file || (c?.mediaName && !removeMedia)) && (
            <Button
              appearance="subtle"
              icon={<DismissRegular />}
              aria-label={t('campaignsPage.fields.removeMedia')}
              onClick={() => {
                setFile(null)
                setRemoveMedia(true)
              }}
            />
          )}
          <input
            ref={fileRef}
            type="file"
            hidden
            accept=".png,.jpg,.jpeg,.gif,.webp,.mp4,.webm,.mov,.pdf,.mp3,.ogg"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null)
              e.target.value = ''
            }}
          />
        </div>
      </Field>
      {/* read-only: only the messages the campaign has */}
      {MESSAGE_SLOTS.filter((n) => !ro || n === 1 || v[`message${n}`].trim() !== '').map((n) => (
        <TextField
          key={`m${n}`}
          label={t('campaignsPage.fields.message', { n })}
          name={`message${n}`}
          multiline
          rows={2}
          value={v[`message${n}`]}
          onChange={(x) => form.set(`message${n}`, x)}
          hint={n === 1 ? t('campaignsPage.fields.messagesHint') : undefined}
          readOnly={ro}
        />
      ))}
      {v.confirmation === 'true' &&
        MESSAGE_SLOTS.filter((n) => !ro || n === 1 || v[`confirmationMessage${n}`].trim() !== '').map((n) => (
          <TextField
            key={`c${n}`}
            label={t('campaignsPage.fields.confirmationMessage', { n })}
            name={`confirmationMessage${n}`}
            multiline
            rows={2}
            value={v[`confirmationMessage${n}`]}
            onChange={(x) => form.set(`confirmationMessage${n}`, x)}
            readOnly={ro}
          />
        ))}
    </FormDialog>
  )
}
