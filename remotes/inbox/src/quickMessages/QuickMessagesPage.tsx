/**
 * /quick-messages (spec 3): searchable paged table of shortcode, message,
 * media name and general flag (geral: seen by every user, or by its author
 * alone, as the dialog sets it), with add/edit (media upload) and delete.
 * Others' changes arrive live (company-{id}-quickmessage).
 */
import { useCallback, useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Badge, Button, Link, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, AttachRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  isAdmin,
  LONG_TOAST_MS,
  realtime,
  userAtom,
  usePagedList,
  DeleteDialog,
  DataTable,
  Page,
  RowActions,
  type Column,
} from '@balcao/ui'
import { shownCount } from '../contacts/shownCount.js'
import { QuickMessageDialog, type QuickMessage } from './QuickMessageDialog.js'

const useStyles = makeStyles({
  shortcode: { fontFamily: tokens.fontFamilyMonospace, fontWeight: tokens.fontWeightSemibold },
  message: {
    display: '-webkit-box',
    WebkitLineClamp: '2',
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    color: tokens.colorNeutralForeground2,
  },
  media: { display: 'inline-flex', alignItems: 'center', gap: '4px' },
})

export default function QuickMessagesPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const me = useAtomValue(userAtom)
  const admin = isAdmin(me)
  const [editing, setEditing] = useState<QuickMessage | 'new' | null>(null)
  const [deleting, setDeleting] = useState<QuickMessage | null>(null)
  const list = usePagedList<QuickMessage>(
    useCallback(async ({ search, page, signal }) => {
      const r = await api.get<{ records: QuickMessage[]; hasMore: boolean; count: number }>(
        '/quick-messages',
        { searchParam: search, pageNumber: page },
        signal
      )
      return { items: r.records, hasMore: r.hasMore, count: r.count }
    }, []),
    { debounceMs: 0 }
  )
  const { upsert, remove } = list
  const myId = me?.id

  useEffect(
    () =>
      realtime.on(realtime.companyEvent('quickmessage'), (m) => {
        const record = m.record as QuickMessage | undefined
        if ((m.action === 'create' || m.action === 'update') && record) {
          // someone else's private reply is not for this list
          if (record.geral || record.visao || record.userId === myId) upsert(record)
          else remove(record.id)
        }
        if (m.action === 'delete') remove(Number(m.id))
      }),
    [upsert, remove, myId]
  )

  // the author and admins edit a reply; the general flag is about who sees it (spec 3 §6)
  const mayEdit = (q: QuickMessage) => admin || q.userId === myId
  const columns: Column<QuickMessage>[] = [
    {
      key: 'shortcode',
      header: t('inbox.quickMessages.shortcode'),
      width: '200px',
      render: (q) => (
        <span>
          <span className={styles.shortcode}>/{q.shortcode}</span>
          {!q.status && (
            <Badge appearance="outline" size="small" style={{ marginLeft: 6 }}>
              {t('inbox.quickMessages.inactive')}
            </Badge>
          )}
        </span>
      ),
    },
    {
      key: 'message',
      header: t('inbox.quickMessages.message'),
      render: (q) => <span className={styles.message}>{q.message}</span>,
    },
    {
      key: 'media',
      header: t('inbox.quickMessages.media'),
      width: '200px',
      render: (q) =>
        q.mediaPath ? (
          <span className={styles.media}>
            <AttachRegular />
            <Link href={q.mediaPath} target="_blank" rel="noreferrer">
              {q.mediaName}
            </Link>
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'geral',
      header: t('inbox.quickMessages.general'),
      width: '110px',
      align: 'center',
      render: (q) => (
        <Badge
          appearance="tint"
          color={q.geral ? 'brand' : 'subtle'}
          title={q.geral ? t('inbox.quickMessages.geralOn') : t('inbox.quickMessages.geralOff')}
          data-testid={`quick-message-geral-${q.id}`}
          data-geral={q.geral ? 'true' : 'false'}
        >
          {q.geral ? t('inbox.quickMessages.everyone') : t('inbox.quickMessages.onlyAuthor')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('inbox.quickMessages.actions'),
      align: 'end',
      width: '110px',
      render: (q) =>
        mayEdit(q) ? (
          <RowActions
            onEdit={() => setEditing(q)}
            onDelete={() => setDeleting(q)}
            editId={`edit-quick-message-${q.id}`}
            deleteId={`delete-quick-message-${q.id}`}
          />
        ) : null,
    },
  ]

  return (
    <Page title={t('inbox.quickMessages.title')} count={shownCount(list)}>
      <DataTable
        ariaLabel={t('inbox.quickMessages.title')}
        columns={columns}
        {...list.table}
        getRowId={(q) => q.id}
        searchPlaceholder={t('inbox.quickMessages.search')}
        toolbar={
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => setEditing('new')}
            data-testid="add-quick-message"
          >
            {t('inbox.quickMessages.add')}
          </Button>
        }
      />
      {editing && (
        <QuickMessageDialog
          record={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(q) => {
            upsert(q)
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('inbox.quickMessages.deleteTitle', { name: deleting?.shortcode })}
        path={(d) => `/quick-messages/${d.id}`}
        onDeleted={(d) => remove(d.id)}
        successText={t('inbox.quickMessages.deleted')}
        toastMs={LONG_TOAST_MS}
        onClose={() => setDeleting(null)}
      >
        {t('inbox.quickMessages.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
