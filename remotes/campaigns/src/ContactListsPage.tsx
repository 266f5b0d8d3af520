/**
 * /contact-lists (spec 3 §2): searchable paged table of lists with their
 * contacts count; open the items, edit and delete (admins; the server decides).
 */
import { useState } from 'react'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router'
import { Button, Tooltip } from '@fluentui/react-components'
import { AddRegular, ArrowDownloadRegular, PeopleListRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  isAdmin,
  minLength,
  maxLength,
  required,
  toasts,
  toastError,
  LONG_TOAST_MS,
  useForm,
  userAtom,
  DataTable,
  DeleteDialog,
  FormDialog,
  Page,
  RowActions,
  TextField,
  downloadName,
  type Column,
} from '@balcao/ui'
import type { ContactList } from './types.js'
import { downloadSample } from './sample.js'
import { useLiveRecords } from './useLiveRecords.js'

function ListDialog(props: { list: ContactList | null; onClose: () => void; onSaved: (l: ContactList) => void }) {
  const { t } = useTranslation()
  const form = useForm({ name: props.list?.name ?? '' }, { name: [required, minLength(2), maxLength(50)] })
  const save = async () => {
    if (!form.check()) return
    try {
      const body = { name: form.values.name.trim() }
      const saved = props.list
        ? await api.put<ContactList>(`/contact-lists/${props.list.id}`, body)
        : await api.post<ContactList>('/contact-lists', body)
      toasts.success(t('contactListsPage.saved'), LONG_TOAST_MS)
      props.onSaved(saved)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }
  return (
    <FormDialog
      open
      title={props.list ? t('contactListsPage.edit') : t('contactListsPage.add')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <TextField
        label={t('contactListsPage.name')}
        name="name"
        value={form.values.name}
        onChange={(v) => form.set('name', v)}
        error={form.errors.name}
        required
        autoFocus
      />
    </FormDialog>
  )
}

export default function ContactListsPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const me = useAtomValue(userAtom)
  const admin = me ? isAdmin(me) : false
  const [editing, setEditing] = useState<ContactList | 'new' | null>(null)
  const [deleting, setDeleting] = useState<ContactList | null>(null)
  const list = useLiveRecords<ContactList>('/contact-lists', 'ContactList')
  const { upsert, remove } = list

  const columns: Column<ContactList>[] = [
    { key: 'name', header: t('contactListsPage.name'), render: (l) => l.name },
    { key: 'contacts', header: t('contactListsPage.contacts'), width: '120px', render: (l) => l.contactsCount },
    {
      key: 'actions',
      header: t('kit.actions'),
      align: 'end',
      width: '190px',
      render: (l) => (
        <>
          <Tooltip content={t('contactItemsPage.sample')} relationship="label">
            <Button appearance="subtle" icon={<ArrowDownloadRegular />} onClick={() => downloadSample(downloadName(t('contactItemsPage.sampleFileName'), 'csv'), i18n.language)} />
          </Tooltip>
          <Tooltip content={t('contactListsPage.open')} relationship="label">
            <Button
              appearance="subtle"
              icon={<PeopleListRegular />}
              onClick={() => navigate(`/contact-lists/${l.id}/contacts`)}
              data-testid={`open-list-${l.id}`}
            />
          </Tooltip>
          {admin && (
            <RowActions
              onEdit={() => setEditing(l)}
              onDelete={() => setDeleting(l)}
              editId={`edit-list-${l.id}`}
              deleteId={`delete-list-${l.id}`}
            />
          )}
        </>
      ),
    },
  ]

  return (
    <Page title={t('contactListsPage.title')} count={list.count}>
      <DataTable
        ariaLabel={t('contactListsPage.title')}
        columns={columns}
        {...list.table}
        getRowId={(l) => l.id}
        searchPlaceholder={t('contactListsPage.search')}
        emptyTitle={t('contactListsPage.empty')}
        toolbar={
          admin && (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="add-list">
              {t('contactListsPage.add')}
            </Button>
          )
        }
      />
      {editing && (
        <ListDialog
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
        title={t('contactListsPage.deleteTitle', { name: deleting?.name })}
        path={(d) => `/contact-lists/${d.id}`}
        onDeleted={(d) => remove(d.id)}
        toastMs={LONG_TOAST_MS}
        successText={t('contactListsPage.deleted')}
        onClose={() => setDeleting(null)}
      >
        {t('contactListsPage.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
