/** Add/edit an announcement: title, text, status, priority and an optional image (png, jpg, jpeg). */
import { useRef, useState } from 'react'
import { Button, Caption1, Field, makeStyles } from '@fluentui/react-components'
import { AttachRegular, DismissRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  required,
  useForm,
  toasts,
  toastError,
  LONG_TOAST_MS,
  FormDialog,
  SelectField,
  TextField,
} from '@balcao/ui'
import type { Announcement } from './types.js'

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px' },
  file: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
})

const ACCEPT = ['image/png', 'image/jpeg']

export function AnnouncementDialog(props: {
  announcement: Announcement | null
  onClose: () => void
  onSaved: (a: Announcement) => void
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const a = props.announcement
  const fileRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [removeMedia, setRemoveMedia] = useState(false)
  const form = useForm(
    {
      title: a?.title ?? '',
      text: a?.text ?? '',
      status: a ? String(a.status) : 'true',
      priority: String(a?.priority ?? 3),
    },
    { title: [required], text: [required] }
  )
  const v = form.values

  const save = async () => {
    if (!form.check()) return
    const body = { title: v.title.trim(), text: v.text, status: v.status === 'true', priority: Number(v.priority) }
    try {
      let saved = a
        ? await api.put<Announcement>(`/announcements/${a.id}`, body)
        : await api.post<Announcement>('/announcements', body)
      if (removeMedia && a?.mediaName && !file)
        saved = await api
          .delete<Announcement>(`/announcements/${saved.id}/media-upload`)
          .then(() => ({ ...saved, mediaName: null, mediaPath: null }))
      if (file) {
        const data = new FormData()
        data.append('file', file)
        saved = await api.upload<Announcement>(`/announcements/${saved.id}/media-upload`, data)
      }
      toasts.success(t('announcementsPage.saved'), LONG_TOAST_MS)
      props.onSaved(saved)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }

  const currentName = file?.name ?? (removeMedia ? null : a?.mediaName)
  return (
    <FormDialog
      open
      title={a ? t('announcementsPage.edit') : t('announcementsPage.add')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <TextField
        label={t('announcementsPage.titleField')}
        name="title"
        value={v.title}
        onChange={(x) => form.set('title', x)}
        error={form.errors.title}
        required
      />
      <TextField
        label={t('announcementsPage.text')}
        name="text"
        multiline
        rows={5}
        value={v.text}
        onChange={(x) => form.set('text', x)}
        error={form.errors.text}
        required
      />
      <div className={styles.row}>
        <SelectField
          label={t('announcementsPage.status')}
          name="status"
          value={v.status}
          options={[
            { value: 'true', label: t('announcementsPage.active') },
            { value: 'false', label: t('announcementsPage.inactive') },
          ]}
          onChange={(x) => form.set('status', x)}
        />
        <SelectField
          label={t('announcementsPage.priority')}
          name="priority"
          value={v.priority}
          options={[1, 2, 3].map((p) => ({ value: String(p), label: t(`priority.${p}`) }))}
          onChange={(x) => form.set('priority', x)}
        />
      </div>
      <Field label={t('announcementsPage.attachment')} hint={t('announcementsPage.fileTypes')}>
        <div className={styles.file}>
          <Button icon={<AttachRegular />} onClick={() => fileRef.current?.click()}>
            {t('announcementsPage.attach')}
          </Button>
          {currentName && (
            <>
              <Caption1>{currentName}</Caption1>
              <Button
                appearance="subtle"
                icon={<DismissRegular />}
                aria-label={t('announcementsPage.removeAttachment')}
                onClick={() => {
                  setFile(null)
                  setRemoveMedia(true)
                }}
              />
            </>
          )}
          <input
            ref={fileRef}
            type="file"
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            hidden
            onChange={(e) => {
              const f = e.target.files?.[0]
              if (!f) return
              if (!ACCEPT.includes(f.type)) {
                toasts.error(t('announcementsPage.invalidFile'), LONG_TOAST_MS)
                return
              }
              setFile(f)
              setRemoveMedia(false)
            }}
          />
        </div>
      </Field>
    </FormDialog>
  )
}
