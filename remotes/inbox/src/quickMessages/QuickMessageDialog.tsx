/**
 * Add/edit a quick reply (spec 3): shortcode (required), message, the general
 * flag (geral: every user of the company sees it, spec 3 §6; off, only its
 * author does), active flag, and one
 * optional media file sent with POST /quick-messages/{id}/media-upload after the
 * record is saved (or removed with DELETE on the same path).
 */
import { useRef, useState } from 'react'
import { Button, Caption1, Field, Link, makeStyles, tokens } from '@fluentui/react-components'
import { AttachRegular, DeleteRegular, DocumentRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  LONG_TOAST_MS,
  maxLength,
  required,
  toastError,
  toasts,
  useForm,
  FormDialog,
  SwitchField,
  TextField,
} from '@balcao/ui'

export interface QuickMessage {
  id: number
  shortcode: string
  message: string
  geral: boolean
  visao: boolean
  status: boolean
  userId: number | null
  mediaPath: string | null
  mediaName: string | null
  isMedia: boolean
}

/** the server's list (controllers/quick_messages_controller.ts MEDIA_EXT) */
const MEDIA_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.mp4,.mp3,.ogg,.opus,.m4a,.pdf,.doc,.docx,.xls,.xlsx,.txt'
const MAX_MEDIA_BYTES = 20 * 1024 * 1024

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px' },
  media: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', minHeight: '32px' },
  muted: { color: tokens.colorNeutralForeground3 },
  name: { overflowWrap: 'anywhere' },
})

export function QuickMessageDialog(props: {
  record: QuickMessage | null
  onClose: () => void
  onSaved: (record: QuickMessage) => void
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const r = props.record
  const form = useForm(
    {
      shortcode: r?.shortcode ?? '',
      message: r?.message ?? '',
      geral: r?.geral ?? true,
      status: r?.status ?? true,
    },
    { shortcode: [required, maxLength(100)], message: [maxLength(10000)] }
  )
  const v = form.values
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [dropMedia, setDropMedia] = useState(false)

  const save = async () => {
    if (!form.check() || fileError) return
    const body = {
      // a leading "/" is how the chat triggers it, not part of the code
      shortcode: v.shortcode.trim().replace(/^\/+/, ''),
      message: v.message,
      geral: v.geral,
      // visao carries the same visibility: one flag on the screen, one meaning on the server
      visao: v.geral,
      status: v.status,
    }
    try {
      let saved = r
        ? await api.put<QuickMessage>(`/quick-messages/${r.id}`, body)
        : await api.post<QuickMessage>('/quick-messages', body)
      if (file) {
        const data = new FormData()
        data.append('typeArch', 'quickMessage')
        data.append('file', file)
        saved = await api.upload<QuickMessage>(`/quick-messages/${saved.id}/media-upload`, data)
      } else if (dropMedia && saved.mediaPath) {
        saved = await api.delete<QuickMessage>(`/quick-messages/${saved.id}/media-upload`)
      }
      toasts.success(t('inbox.quickMessages.saved'), LONG_TOAST_MS)
      props.onSaved(saved)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }

  const currentName = file?.name ?? (dropMedia ? null : r?.mediaName)
  return (
    <FormDialog
      open
      title={r ? t('inbox.quickMessages.edit') : t('inbox.quickMessages.add')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <TextField
        label={t('inbox.quickMessages.shortcode')}
        name="shortcode"
        value={v.shortcode}
        onChange={(x) => form.set('shortcode', x)}
        error={form.errors.shortcode}
        hint={t('inbox.quickMessages.shortcodeHint')}
        required
        autoFocus
      />
      <TextField
        label={t('inbox.quickMessages.message')}
        name="message"
        multiline
        rows={5}
        value={v.message}
        onChange={(x) => form.set('message', x)}
        error={form.errors.message}
      />
      <Field
        label={t('inbox.quickMessages.media')}
        validationState={fileError ? 'error' : 'none'}
        validationMessage={fileError ?? (dropMedia && !file ? t('inbox.quickMessages.mediaRemoved') : undefined)}
      >
        <div className={styles.media}>
          <input
            ref={input}
            type="file"
            hidden
            accept={MEDIA_ACCEPT}
            data-testid="quick-message-file"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null
              setFile(f)
              setFileError(f && f.size > MAX_MEDIA_BYTES ? t('inbox.quickMessages.fileTooLarge') : null)
              e.target.value = ''
            }}
          />
          {currentName ? (
            <>
              <DocumentRegular />
              {!file && r?.mediaPath ? (
                <Link href={r.mediaPath} target="_blank" rel="noreferrer" className={styles.name}>
                  {currentName}
                </Link>
              ) : (
                <span className={styles.name} data-testid="quick-message-file-name">
                  {currentName}
                </span>
              )}
            </>
          ) : (
            <Caption1 className={styles.muted}>{t('inbox.quickMessages.noMedia')}</Caption1>
          )}
          <Button icon={<AttachRegular />} onClick={() => input.current?.click()} data-testid="attach-media">
            {currentName ? t('inbox.quickMessages.replace') : t('inbox.quickMessages.attach')}
          </Button>
          {currentName && (
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              onClick={() => {
                setFile(null)
                setFileError(null)
                setDropMedia(Boolean(r?.mediaPath))
              }}
              data-testid="remove-media"
            >
              {t('inbox.quickMessages.removeMedia')}
            </Button>
          )}
        </div>
      </Field>
      <div className={styles.row}>
        <SwitchField
          name="geral"
          label={t('inbox.quickMessages.geral')}
          hint={v.geral ? t('inbox.quickMessages.geralOn') : t('inbox.quickMessages.geralOff')}
          checked={v.geral}
          onChange={(c) => form.set('geral', c)}
        />
        <SwitchField
          name="status"
          label={t('inbox.quickMessages.status')}
          hint={v.status ? undefined : t('inbox.quickMessages.statusHint')}
          checked={v.status}
          onChange={(c) => form.set('status', c)}
        />
      </div>
    </FormDialog>
  )
}
