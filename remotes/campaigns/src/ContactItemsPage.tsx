/**
 * /contact-lists/{id}/contacts (spec 3 §2): the list's contacts with the
 * WhatsApp-valid indicator; back, add, edit; delete only for profiles with
 * contacts-page:deleteContact (admins; the server enforces it).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import i18next from 'i18next'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router'
import {
  Button,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  AddRegular,
  ArrowDownloadRegular,
  ArrowLeftRegular,
  ArrowUploadRegular,
  CheckmarkCircleFilled,
  DismissCircleFilled,
  QuestionCircleRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  email,
  isAdmin,
  maxLength,
  minLength,
  orNull,
  realtime,
  required,
  toasts,
  toastError,
  LONG_TOAST_MS,
  useForm,
  usePagedList,
  userAtom,
  DataTable,
  DeleteDialog,
  FormDialog,
  Page,
  RowActions,
  TextField,
  downloadName,
  type Column,
  type Rule,
} from '@balcao/ui'
import type { ContactList, ContactListItem } from './types.js'
import { downloadSample } from './sample.js'

const useStyles = makeStyles({
  valid: { color: tokens.colorPaletteGreenForeground1 },
  invalid: { color: tokens.colorPaletteRedForeground1 },
  unknown: { color: tokens.colorNeutralForeground3 },
  hidden: { display: 'none' },
})

interface ImportResult {
  row: number
  number: string
  status: 'created' | 'duplicate' | 'invalid'
  reason?: string
}

/** 8 to 50 characters with at least 8 digits (the server keeps the digits) */
const phone: Rule = (v) => (String(v ?? '').replace(/\D/g, '').length < 8 ? 'validation.tooShort' : null)

function ItemDialog(props: {
  listId: number
  item: ContactListItem | null
  onClose: () => void
  onSaved: (i: ContactListItem) => void
}) {
  const { t } = useTranslation()
  const i = props.item
  const form = useForm(
    { name: i?.name ?? '', number: i?.number ?? '', email: i?.email ?? '' },
    { name: [required, minLength(2), maxLength(50)], number: [required, phone, maxLength(50)], email: [email] }
  )
  const v = form.values
  const save = async () => {
    if (!form.check()) return
    const body = { name: v.name.trim(), number: v.number.trim(), email: orNull(v.email) }
    try {
      const saved = i
        ? await api.put<ContactListItem>(`/contact-list-items/${i.id}`, body)
        : await api.post<ContactListItem>('/contact-list-items', { ...body, contactListId: props.listId })
      toasts.success(t('contactItemsPage.saved'), LONG_TOAST_MS)
      props.onSaved(saved)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }
  return (
    <FormDialog
      open
      title={i ? t('contactItemsPage.edit') : t('contactItemsPage.add')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <TextField
        label={t('contactItemsPage.name')}
        name="name"
        value={v.name}
        onChange={(x) => form.set('name', x)}
        error={form.errors.name}
        required
        autoFocus
      />
      <TextField
        label={t('contactItemsPage.number')}
        name="number"
        value={v.number}
        onChange={(x) => form.set('number', x)}
        error={form.errors.number}
        required
        placeholder="5511999999999"
      />
      <TextField
        label={t('contactItemsPage.email')}
        name="email"
        type="email"
        value={v.email}
        onChange={(x) => form.set('email', x)}
        error={form.errors.email}
      />
    </FormDialog>
  )
}

export default function ContactItemsPage({ contactListId }: { contactListId: number }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const me = useAtomValue(userAtom)
  const admin = me ? isAdmin(me) : false
  const [contactList, setContactList] = useState<ContactList | null>(null)
  const [editing, setEditing] = useState<ContactListItem | 'new' | null>(null)
  const [deleting, setDeleting] = useState<ContactListItem | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [outcome, setOutcome] = useState<ImportResult[] | null>(null)

  const upload = async (file: File) => {
    const data = new FormData()
    data.append('file', file)
    setOutcome(null)
    setProgress({ done: 0, total: 0 })
    try {
      await api.upload(`/contact-lists/${contactListId}/upload`, data)
    } catch (e) {
      setProgress(null)
      toastError(e, LONG_TOAST_MS)
    }
  }

  useEffect(() => {
    api.get<ContactList>(`/contact-lists/${contactListId}`).then(setContactList).catch(toastError)
  }, [contactListId])

  const list = usePagedList<ContactListItem>(
    useCallback(
      async ({ search, page, signal }) => {
        const r = await api.get<{ contacts: ContactListItem[]; hasMore: boolean; count: number }>(
          '/contact-list-items',
          { searchParam: search, pageNumber: page, contactListId },
          signal
        )
        return { items: r.contacts, hasMore: r.hasMore, count: r.count }
      },
      [contactListId]
    )
  )
  const { upsert, remove, reload } = list

  useEffect(
    () =>
      realtime.on(realtime.companyEvent('ContactListItem'), (m) => {
        if (Number(m.contactListId) !== contactListId) return
        const record = m.record as ContactListItem | undefined
        if (m.action === 'reload') reload()
        if (m.action === 'progress') setProgress({ done: Number(m.done), total: Number(m.total) })
        if (m.action === 'imported') {
          setProgress(null)
          const results = (m.results as ImportResult[]) ?? []
          setOutcome(results)
          toasts.success(
            t('contactItemsPage.imported', {
              created: results.filter((r) => r.status === 'created').length,
              duplicates: results.filter((r) => r.status === 'duplicate').length,
              invalid: results.filter((r) => r.status === 'invalid').length,
            }),
            LONG_TOAST_MS
          )
        }
        if (m.action === 'importFailed') {
          setProgress(null)
          const code = String(m.error)
          toasts.error(i18next.exists(`errors.${code}`) ? i18next.t(`errors.${code}`) : code, LONG_TOAST_MS)
        }
        if (record && (m.action === 'create' || m.action === 'update')) upsert(record, m.action === 'create')
        if (m.action === 'delete') remove(Number(m.id))
      }),
    [contactListId, upsert, remove, reload, t]
  )

  const validity = (c: ContactListItem) => {
    const [Icon, cls, label] =
      c.isWhatsappValid === true
        ? [CheckmarkCircleFilled, styles.valid, t('contactItemsPage.validYes')]
        : c.isWhatsappValid === false
          ? [DismissCircleFilled, styles.invalid, t('contactItemsPage.validNo')]
          : [QuestionCircleRegular, styles.unknown, t('contactItemsPage.validUnknown')]
    return (
      <Tooltip content={label} relationship="label">
        <Icon className={cls} fontSize={20} data-valid={String(c.isWhatsappValid)} />
      </Tooltip>
    )
  }

  const columns: Column<ContactListItem>[] = [
    { key: 'valid', header: t('contactItemsPage.valid'), width: '100px', align: 'center', render: validity },
    { key: 'name', header: t('contactItemsPage.name'), render: (c) => c.name },
    { key: 'number', header: t('contactItemsPage.number'), render: (c) => c.number },
    { key: 'email', header: t('contactItemsPage.email'), render: (c) => c.email ?? '' },
  ]
  if (admin)
    columns.push({
      key: 'actions',
      header: t('kit.actions'),
      align: 'end',
      width: '110px',
      render: (c) => (
        <RowActions
          onEdit={() => setEditing(c)}
          onDelete={() => setDeleting(c)}
          editId={`edit-item-${c.id}`}
          deleteId={`delete-item-${c.id}`}
        />
      ),
    })

  return (
    <Page title={t('contactItemsPage.title', { name: contactList?.name ?? '' })} count={list.count}>
      {progress && (
        <div data-testid="import-progress">
          {t('contactItemsPage.importing', progress)}
          <ProgressBar value={progress.total ? progress.done / progress.total : undefined} />
        </div>
      )}
      {outcome && outcome.some((r) => r.status === 'invalid') && (
        <MessageBar intent="warning" data-testid="import-invalid">
          <MessageBarBody>
            {t('contactItemsPage.invalidRows', {
              rows: outcome
                .filter((r) => r.status === 'invalid')
                .slice(0, 20)
                .map((r) => `${r.row} (${t(`contactItemsPage.reasons.${r.reason ?? 'number'}`)})`)
                .join(', '),
            })}
          </MessageBarBody>
        </MessageBar>
      )}
      <DataTable
        ariaLabel={t('contactItemsPage.title', { name: contactList?.name ?? '' })}
        columns={columns}
        {...list.table}
        getRowId={(c) => c.id}
        searchPlaceholder={t('contactItemsPage.search')}
        emptyTitle={t('contactItemsPage.empty')}
        toolbar={
          <>
            <Button icon={<ArrowLeftRegular />} onClick={() => navigate('/contact-lists')}>
              {t('contactItemsPage.back')}
            </Button>
            <Button icon={<ArrowDownloadRegular />} onClick={() => downloadSample(downloadName(t('contactItemsPage.sampleFileName'), 'csv'), i18n.language)}>
              {t('contactItemsPage.sample')}
            </Button>
            {admin && (
              <>
                <Button
                  icon={<ArrowUploadRegular />}
                  onClick={() => fileRef.current?.click()}
                  data-testid="import-items"
                  disabled={!!progress}
                >
                  {t('contactItemsPage.import')}
                </Button>
                <input
                  ref={fileRef}
                  className={styles.hidden}
                  type="file"
                  accept=".xlsx,.xls,.csv"
                  data-testid="import-file"
                  onChange={(e) => {
                    const file = e.target.files?.[0]
                    e.target.value = ''
                    if (file) void upload(file)
                  }}
                />
              </>
            )}
            {admin && (
              <Button
                appearance="primary"
                icon={<AddRegular />}
                onClick={() => setEditing('new')}
                data-testid="add-item"
              >
                {t('contactItemsPage.add')}
              </Button>
            )}
          </>
        }
      />
      {editing && (
        <ItemDialog
          listId={contactListId}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(i) => {
            upsert(i, editing === 'new')
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('contactItemsPage.deleteTitle', { name: deleting?.name })}
        path={(d) => `/contact-list-items/${d.id}`}
        onDeleted={(d) => remove(d.id)}
        toastMs={LONG_TOAST_MS}
        successText={t('contactItemsPage.deleted')}
        onClose={() => setDeleting(null)}
      >
        {t('contactItemsPage.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
