/**
 * /files (spec 3 §2): searchable table of file lists with edit/delete; the
 * dialog holds name, message and the list of files (caption + file). Files are
 * uploaded after the list is saved, one request per chosen file.
 */
import { useRef, useState } from 'react'
import { Button, Caption1, Link, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, AttachRegular, DeleteRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  minLength,
  maxLength,
  required,
  toasts,
  toastError,
  LONG_TOAST_MS,
  useForm,
  DataTable,
  DeleteDialog,
  FormDialog,
  Page,
  RowActions,
  TextField,
  type Column,
} from '@balcao/ui'
import type { FileList } from './types.js'
import { useLiveLists } from './useLiveLists.js'

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto auto',
    alignItems: 'end',
    gap: '8px',
    paddingBlock: '6px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  fileName: { gridColumn: '1 / -1', color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  hidden: { display: 'none' },
})

interface Draft {
  key: number
  id?: number
  name: string
  /** the stored file's name */
  path: string | null
  url: string | null
  file: File | null
}

let seq = 0
const drafts = (l: FileList | null): Draft[] =>
  (l?.options ?? []).map((o) => ({ key: ++seq, id: o.id, name: o.name, path: o.path, url: o.url, file: null }))

function OptionRow(props: { draft: Draft; onChange: (d: Draft) => void; onRemove: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const input = useRef<HTMLInputElement>(null)
  const d = props.draft
  const shown = d.file?.name ?? d.path
  return (
    <div className={styles.row} data-testid="file-option">
      <TextField
        label={t('filesPage.fileName')}
        name="optionName"
        value={d.name}
        onChange={(v) => props.onChange({ ...d, name: v })}
        required
      />
      <input
        ref={input}
        type="file"
        className={styles.hidden}
        data-testid="file-input"
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null
          if (file) props.onChange({ ...d, file, name: d.name || file.name.replace(/\.[^.]+$/, '') })
        }}
      />
      <Button icon={<AttachRegular />} onClick={() => input.current?.click()}>
        {t('filesPage.choose')}
      </Button>
      <Tooltip content={t('filesPage.removeFile')} relationship="label">
        <Button appearance="subtle" icon={<DeleteRegular />} onClick={props.onRemove} />
      </Tooltip>
      <Caption1 className={styles.fileName}>
        {shown ? (
          d.url && !d.file ? (
            <Link href={d.url} target="_blank" rel="noreferrer">
              {shown}
            </Link>
          ) : (
            shown
          )
        ) : (
          t('filesPage.noFile')
        )}
      </Caption1>
    </div>
  )
}

export function FileListDialog(props: { list: FileList | null; onClose: () => void; onSaved: (l: FileList) => void }) {
  const { t } = useTranslation()
  const form = useForm(
    { name: props.list?.name ?? '', message: props.list?.message ?? '' },
    { name: [required, minLength(3), maxLength(100)], message: [required] }
  )
  const [options, setOptions] = useState<Draft[]>(() => drafts(props.list))
  const save = async () => {
    if (!form.check()) return
    const kept = options.filter((o) => o.name.trim() || o.file)
    try {
      const body = {
        name: form.values.name.trim(),
        message: form.values.message.trim(),
        options: kept.map((o) => ({ ...(o.id ? { id: o.id } : {}), name: o.name.trim() || o.file!.name })),
      }
      let saved = props.list
        ? await api.put<FileList>(`/files/${props.list.id}`, body)
        : await api.post<FileList>('/files', body)
      // the server keeps the order: option i of the answer is draft i
      for (const [i, o] of kept.entries()) {
        if (!o.file) continue
        const form = new FormData()
        form.append('fileId', String(saved.options[i].id))
        form.append('typeArch', 'fileList')
        form.append('files', o.file)
        saved = await api.upload<FileList>(`/files/uploadList/${saved.id}`, form)
      }
      toasts.success(t('filesPage.saved'), LONG_TOAST_MS)
      props.onSaved(saved)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }
  const set = (key: number, d: Draft) => setOptions((all) => all.map((o) => (o.key === key ? d : o)))
  return (
    <FormDialog
      open
      wide
      title={props.list ? t('filesPage.edit') : t('filesPage.add')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <TextField
        label={t('filesPage.name')}
        name="name"
        value={form.values.name}
        onChange={(v) => form.set('name', v)}
        error={form.errors.name}
        required
        autoFocus
      />
      <TextField
        label={t('filesPage.message')}
        name="message"
        value={form.values.message}
        onChange={(v) => form.set('message', v)}
        error={form.errors.message}
        multiline
        rows={3}
        required
      />
      <Text weight="semibold">{t('filesPage.files')}</Text>
      <Caption1>{t('filesPage.hint')}</Caption1>
      {options.map((o) => (
        <OptionRow
          key={o.key}
          draft={o}
          onChange={(d) => set(o.key, d)}
          onRemove={() => setOptions((all) => all.filter((x) => x.key !== o.key))}
        />
      ))}
      <div>
        <Button
          icon={<AddRegular />}
          onClick={() => setOptions((all) => [...all, { key: ++seq, name: '', path: null, url: null, file: null }])}
          data-testid="add-file"
        >
          {t('filesPage.addFile')}
        </Button>
      </div>
    </FormDialog>
  )
}

export default function FileListsPage() {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<FileList | 'new' | null>(null)
  const [deleting, setDeleting] = useState<FileList | null>(null)
  const list = useLiveLists()
  const { upsert, remove } = list

  const columns: Column<FileList>[] = [
    { key: 'name', header: t('filesPage.name'), render: (l) => l.name },
    {
      key: 'files',
      header: t('filesPage.files'),
      width: '140px',
      render: (l) => t('filesPage.count', { count: l.options.length }),
    },
    {
      key: 'actions',
      header: t('kit.actions'),
      align: 'end',
      width: '110px',
      render: (l) => (
        <RowActions
          onEdit={() => setEditing(l)}
          onDelete={() => setDeleting(l)}
          editId={`edit-files-${l.id}`}
          deleteId={`delete-files-${l.id}`}
        />
      ),
    },
  ]

  return (
    <Page title={t('filesPage.title')} count={list.count}>
      <DataTable
        ariaLabel={t('filesPage.title')}
        columns={columns}
        {...list.table}
        getRowId={(l) => l.id}
        searchPlaceholder={t('filesPage.search')}
        emptyTitle={t('filesPage.empty')}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="add-files">
            {t('filesPage.add')}
          </Button>
        }
      />
      {editing && (
        <FileListDialog
          list={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(l) => {
            upsert(l, editing === 'new')
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('filesPage.deleteTitle', { name: deleting?.name })}
        path={(d) => `/files/${d.id}`}
        onDeleted={(d) => remove(d.id)}
        toastMs={LONG_TOAST_MS}
        successText={t('filesPage.deleted')}
        onClose={() => setDeleting(null)}
      >
        {t('filesPage.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
