/**
 * The contact modal (spec 1 §2, fields of §3, rules of §5): add when contactId
 * is null, edit otherwise. Also opened from the chat's contact drawer.
 * A masked number (lgpdHideNumber) is shown as given and never sent back.
 */
import { useEffect, useState } from 'react'
import { Button, Caption1, Spinner, Subtitle2, Tooltip, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  email,
  formatDateTime,
  maxLength,
  required,
  rules,
  toastError,
  toasts,
  useForm,
  FormDialog,
  MultiSelectField,
  SelectField,
  SwitchField,
  TextField,
  type Rule,
} from '@balcao/ui'
import { type ChannelOption, type Contact, type ContactTag, type ExtraInfo } from './types.js'

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px', alignItems: 'start' },
  extraHeader: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginTop: '4px' },
  extraRow: { display: 'grid', gridTemplateColumns: '1fr 1.4fr auto', gap: '8px', alignItems: 'end' },
  removeCell: { paddingBottom: '2px' },
  muted: { color: tokens.colorNeutralForeground3 },
  loading: { display: 'flex', justifyContent: 'center', padding: '32px' },
})

const NUMBER_CHARS = /^\+?[\d\s().-]+$/

/** 8 to 50 characters of a phone number (spec 1 §5); the server keeps its digits only. */
export const contactNumberRule: Rule = (v) => {
  const s = v === null || v === undefined ? '' : String(v).trim()
  if (!s || s.includes('*')) return null
  if (!NUMBER_CHARS.test(s)) return 'validation.numeric'
  if (s.replace(/\D/g, '').length < 8) return 'validation.tooShort'
  if (s.length > 50) return 'validation.tooLong'
  return null
}

type Form = {
  name: string
  number: string
  email: string
  channel: string
  disableBot: boolean
  acceptAudioMessage: boolean
  tagIds: string[]
}

const empty: Form = {
  name: '',
  number: '',
  email: '',
  channel: 'whatsapp',
  disableBot: false,
  acceptAudioMessage: true,
  tagIds: [],
}

function fromContact(c: Contact): Form {
  return {
    name: c.name,
    number: c.number,
    email: c.email ?? '',
    channel: c.channel || 'whatsapp',
    disableBot: c.disableBot,
    acceptAudioMessage: c.acceptAudioMessage,
    tagIds: (c.tags ?? []).map((t) => String(t.id)),
  }
}

type ExtraRow = ExtraInfo & { key: number }
let extraSeq = 0
const toRows = (list: ExtraInfo[] = []): ExtraRow[] =>
  list.map((e) => ({ key: ++extraSeq, name: e.name, value: e.value ?? '' }))

/** i18n key of a row's name problem: a value needs a name; names are at most 100 long. */
function extraError(r: ExtraRow): string | null {
  if (!r.name.trim() && r.value.trim()) return 'validation.required'
  if (r.name.trim().length > 100) return 'validation.tooLong'
  return null
}

export interface ContactEditDialogProps {
  contactId: number | null
  open: boolean
  onClose: () => void
  onSaved?: (contact: Contact & Record<string, unknown>) => void
}

export function ContactEditDialog(props: ContactEditDialogProps) {
  if (!props.open) return null
  return <ContactForm key={props.contactId ?? 'new'} {...props} />
}

function ContactForm(props: ContactEditDialogProps) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const isNew = props.contactId === null
  const [contact, setContact] = useState<Contact | null>(null)
  const [loading, setLoading] = useState(!isNew)
  const [tags, setTags] = useState<ContactTag[]>([])
  const [extra, setExtra] = useState<ExtraRow[]>([])
  const [extraTried, setExtraTried] = useState(false)
  const form = useForm<Form>(empty, {
    name: rules.name,
    number: [required, contactNumberRule],
    email: [email, maxLength(255)],
  })
  const { reset } = form
  const v = form.values
  const masked = !isNew && v.number.includes('*')

  useEffect(() => {
    api
      .get<ContactTag[]>('/tags/list', { kanban: 0 })
      .then(setTags)
      .catch(() => setTags([]))
  }, [])

  // the channels the plan offers, from their manifests (GET /modules)
  const [channels, setChannels] = useState<ChannelOption[]>([])
  useEffect(() => {
    if (!isNew) return
    api
      .get<{ channels?: ChannelOption[] }>('/modules')
      .then((r) => setChannels(r.channels ?? []))
      .catch(() => setChannels([]))
  }, [isNew])

  useEffect(() => {
    if (props.contactId === null) return
    const controller = new AbortController()
    api
      .get<Contact>(`/contacts/${props.contactId}`, undefined, controller.signal)
      .then((c) => {
        setContact(c)
        reset(fromContact(c))
        setExtra(toRows(c.extraInfo))
        setLoading(false)
      })
      .catch((e) => {
        if (controller.signal.aborted) return
        toastError(e)
        props.onClose()
      })
    return () => controller.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.contactId, reset])

  const setRow = (key: number, field: 'name' | 'value', value: string) =>
    setExtra((rows) => rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)))

  const save = async () => {
    setExtraTried(true)
    const formOk = form.check()
    if (!formOk || extra.some((r) => extraError(r))) return
    const extraInfo = extra
      .filter((r) => r.name.trim())
      .map((r) => ({ name: r.name.trim(), value: r.value.trim() }))
    const common = {
      name: v.name.trim(),
      email: v.email.trim() || null,
      disableBot: v.disableBot,
      acceptAudioMessage: v.acceptAudioMessage,
      extraInfo,
    }
    try {
      let saved: Contact
      if (isNew) {
        saved = await api.post<Contact>('/contacts', { ...common, number: v.number.trim(), channel: v.channel })
      } else {
        const body = masked || v.number === contact?.number ? common : { ...common, number: v.number.trim() }
        saved = await api.put<Contact>(`/contacts/${props.contactId}`, body)
      }
      const before = (contact?.tags ?? []).map((x) => String(x.id)).sort()
      const after = [...v.tagIds].sort()
      if (before.join() !== after.join()) {
        const r = await api.post<{ tags: ContactTag[] }>('/tags/sync', {
          contactId: saved.id,
          tags: after.map((id) => ({ id: Number(id) })),
        })
        saved = { ...saved, tags: r.tags }
      }
      toasts.success(t('inbox.contacts.saved'))
      props.onSaved?.(saved as Contact & Record<string, unknown>)
      props.onClose()
    } catch (e) {
      toastError(e)
    }
  }

  return (
    <FormDialog
      open
      wide
      title={isNew ? t('inbox.contacts.add') : t('inbox.contacts.edit')}
      onSubmit={save}
      onClose={props.onClose}
    >
      {loading ? (
        <div className={styles.loading}>
          <Spinner />
        </div>
      ) : (
        <>
          <div className={styles.row}>
            <TextField
              label={t('inbox.contacts.name')}
              name="name"
              value={v.name}
              onChange={(x) => form.set('name', x)}
              error={form.errors.name}
              required
              autoFocus
            />
            <TextField
              label={t('inbox.contacts.number')}
              name="number"
              value={v.number}
              onChange={(x) => form.set('number', x)}
              error={form.errors.number}
              placeholder={t('inbox.contacts.numberPlaceholder')}
              hint={masked ? t('inbox.contacts.maskedNumber') : t('inbox.contacts.numberHint')}
              disabled={masked || contact?.isGroup}
              required
            />
          </div>
          <div className={styles.row}>
            <TextField
              label={t('inbox.contacts.email')}
              name="email"
              type="email"
              value={v.email}
              onChange={(x) => form.set('email', x)}
              error={form.errors.email}
            />
            {isNew ? (
              <SelectField
                label={t('inbox.contacts.channel')}
                name="channel"
                value={v.channel}
                options={channels.map((c) => ({
                  value: c.name,
                  label: c.label[i18n.language.slice(0, 2) as keyof ChannelOption['label']] ?? c.label.pt,
                }))}
                onChange={(x) => form.set('channel', x)}
              />
            ) : (
              <TextField
                label={t('inbox.contacts.channel')}
                value={t(`inbox.contacts.channels.${v.channel}`, { defaultValue: v.channel })}
                onChange={() => {}}
                disabled
              />
            )}
          </div>
          <MultiSelectField
            label={t('inbox.contacts.tags')}
            values={v.tagIds}
            options={tags.map((x) => ({ value: String(x.id), label: x.name }))}
            placeholder={tags.length ? undefined : t('inbox.contacts.noTags')}
            onChange={(x) => form.set('tagIds', x)}
          />
          <div className={styles.row}>
            <SwitchField
              name="disableBot"
              label={t('inbox.contacts.disableBot')}
              checked={v.disableBot}
              onChange={(c) => form.set('disableBot', c)}
            />
            <SwitchField
              name="acceptAudioMessage"
              label={t('inbox.contacts.acceptAudio')}
              checked={v.acceptAudioMessage}
              onChange={(c) => form.set('acceptAudioMessage', c)}
            />
          </div>
          {contact?.lgpdAcceptedAt && (
            <Caption1 className={styles.muted}>
              {t('inbox.contacts.lgpdAccepted', { date: formatDateTime(contact.lgpdAcceptedAt) })}
            </Caption1>
          )}
          <div className={styles.extraHeader}>
            <Subtitle2>{t('inbox.contacts.extraInfo')}</Subtitle2>
            <Button
              appearance="subtle"
              icon={<AddRegular />}
              disabled={extra.length >= 50}
              onClick={() => setExtra((rows) => [...rows, { key: ++extraSeq, name: '', value: '' }])}
              data-testid="add-extra-info"
            >
              {t('inbox.contacts.addExtra')}
            </Button>
          </div>
          {extra.map((r, i) => (
            <div key={r.key} className={styles.extraRow} data-testid={`extra-info-${i}`}>
              <TextField
                label={t('inbox.contacts.extraName')}
                name={`extraName${i}`}
                value={r.name}
                onChange={(x) => setRow(r.key, 'name', x)}
                error={extraTried ? extraError(r) : null}
              />
              <TextField
                label={t('inbox.contacts.extraValue')}
                name={`extraValue${i}`}
                value={r.value}
                onChange={(x) => setRow(r.key, 'value', x.slice(0, 2000))}
              />
              <div className={styles.removeCell}>
                <Tooltip content={t('inbox.contacts.removeExtra')} relationship="label">
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    onClick={() => setExtra((rows) => rows.filter((x) => x.key !== r.key))}
                    data-testid={`remove-extra-info-${i}`}
                  />
                </Tooltip>
              </div>
            </div>
          ))}
        </>
      )}
    </FormDialog>
  )
}
