/** Help entries management (super user, settings tab "helps"): title, description, YouTube code, link. */
import { useCallback, useEffect, useState } from 'react'
import { Button, Link } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  orNull,
  toasts,
  toastError,
  isApiError,
  DeleteDialog,
  DataTable,
  FormDialog,
  TextField,
  required,
  minLength,
  maxLength,
  url,
  useForm,
  type Column,
  RowActions,
} from '@balcao/ui'

export interface Help {
  id: number
  title: string
  description: string | null
  video: string | null
  link: string | null
}

function HelpDialog(props: { help: Help | null; onClose: () => void; onSaved: (h: Help) => void }) {
  const { t } = useTranslation()
  const h = props.help
  const form = useForm(
    { title: h?.title ?? '', description: h?.description ?? '', video: h?.video ?? '', link: h?.link ?? '' },
    { title: [required, minLength(2), maxLength(100)], link: [url] }
  )
  const v = form.values
  const save = async () => {
    if (!form.check()) return
    // optional fields left blank are sent as null (no link, no video...), never as ''
    const body = {
      title: v.title.trim(),
      description: orNull(v.description),
      video: orNull(v.video),
      link: orNull(v.link),
    }
    try {
      const saved = h ? await api.put<Help>(`/helps/${h.id}`, body) : await api.post<Help>('/helps', body)
      toasts.success(t('admin.common.success'))
      props.onSaved(saved)
    } catch (e) {
      // a field the server refused is named; anything else gets the screen's message
      if (isApiError(e) && e.fields.length) toastError(e, 4000)
      else toasts.error(t('admin.common.saveFailed'), 4000)
    }
  }
  return (
    <FormDialog open title={h ? t('admin.helps.edit') : t('admin.helps.add')} onSubmit={save} onClose={props.onClose}>
      <TextField
        label={t('admin.helps.titleField')}
        name="helpTitle"
        value={v.title}
        onChange={(x) => form.set('title', x)}
        error={form.errors.title}
        required
      />
      <TextField
        label={t('admin.helps.description')}
        name="description"
        multiline
        value={v.description}
        onChange={(x) => form.set('description', x)}
      />
      <TextField
        label={t('admin.helps.video')}
        name="video"
        value={v.video}
        onChange={(x) => form.set('video', x)}
        placeholder="dQw4w9WgXcQ"
      />
      <TextField
        label={t('admin.helps.link')}
        name="link"
        type="url"
        value={v.link}
        onChange={(x) => form.set('link', x)}
        error={form.errors.link}
      />
    </FormDialog>
  )
}

export function HelpsManager() {
  const { t } = useTranslation()
  const [helps, setHelps] = useState<Help[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(null)
  const [editing, setEditing] = useState<Help | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Help | null>(null)

  const load = useCallback(() => {
    setLoading(true)
    api
      .get<Help[]>('/helps/list')
      .then((list) => {
        setHelps(Array.isArray(list) ? list : [])
        setError(null)
      })
      .catch(setError)
      .finally(() => setLoading(false))
  }, [])
  useEffect(load, [load])

  const columns: Column<Help>[] = [
    { key: 'title', header: t('admin.helps.titleField'), render: (h) => h.title },
    { key: 'description', header: t('admin.helps.description'), render: (h) => h.description },
    { key: 'video', header: t('admin.helps.video'), render: (h) => h.video },
    {
      key: 'link',
      header: t('admin.helps.link'),
      render: (h) =>
        h.link ? (
          <Link href={h.link} target="_blank" rel="noreferrer">
            {h.link}
          </Link>
        ) : null,
    },
    {
      key: 'actions',
      header: t('admin.common.actions'),
      align: 'end',
      width: '100px',
      render: (h) => (
        <>
          <RowActions onEdit={() => setEditing(h)} onDelete={() => setDeleting(h)} />
        </>
      ),
    },
  ]

  return (
    <>
      <DataTable
        ariaLabel={t('admin.helps.title')}
        columns={columns}
        items={helps}
        getRowId={(h) => h.id}
        loading={loading}
        error={error}
        onRetry={load}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="add-help">
            {t('admin.helps.add')}
          </Button>
        }
      />
      {editing && (
        <HelpDialog
          help={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setHelps((list) =>
              list.some((x) => x.id === saved.id) ? list.map((x) => (x.id === saved.id ? saved : x)) : [...list, saved]
            )
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('admin.common.deleteTitle', { name: deleting?.title })}
        path={(d) => `/helps/${d.id}`}
        onDeleted={(d) => setHelps((list) => list.filter((x) => x.id !== d.id))}
        successText={t('admin.common.success')}
        failureText={t('admin.common.deleteFailed')}
        onClose={() => setDeleting(null)}
      >
        {t('admin.common.deleteWarning')}
      </DeleteDialog>
    </>
  )
}
