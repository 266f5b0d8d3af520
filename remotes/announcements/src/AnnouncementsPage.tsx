/**
 * /announcements (super user only, spec 3 §2): search, add, table with title,
 * priority, attachment, status, edit and delete, infinite scroll. Toasts stay
 * 3000 ms on this screen (spec 3 §9). The title's count follows creates and deletes.
 */
import { useCallback, useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Badge, Button } from '@fluentui/react-components'
import { AddRegular, AttachRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  realtime,
  userAtom,
  usePagedList,
  usePermissionGate,
  LONG_TOAST_MS,
  DeleteDialog,
  DataTable,
  Page,
  type Column,
  RowActions,
} from '@balcao/ui'
import { AnnouncementDialog } from './AnnouncementDialog.js'
import { PRIORITY_BADGE, type Announcement } from './types.js'

export function AnnouncementsPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const allowed = usePermissionGate(me ? me.super : undefined)
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Announcement | null>(null)
  const list = usePagedList<Announcement>(
    useCallback(async ({ search, page, signal }) => {
      const r = await api.get<{ records: Announcement[]; hasMore: boolean; count: number }>(
        '/announcements',
        { searchParam: search, pageNumber: page },
        signal
      )
      return { items: r.records, hasMore: r.hasMore, count: r.count }
    }, [])
  )
  const { upsert, remove } = list

  useEffect(
    () =>
      realtime.on('company-announcement', (m) => {
        const record = m.record as Announcement | undefined
        if (record && (m.action === 'create' || m.action === 'update')) upsert(record, m.action === 'create')
        if (m.action === 'delete') remove(Number(m.id))
      }),
    [upsert, remove]
  )

  if (!allowed) return null

  const columns: Column<Announcement>[] = [
    { key: 'title', header: t('announcementsPage.titleField'), render: (a) => a.title },
    {
      key: 'priority',
      header: t('announcementsPage.priority'),
      render: (a) => (
        <Badge appearance="filled" color={PRIORITY_BADGE[a.priority] ?? 'subtle'} data-priority={a.priority}>
          {t(`priority.${a.priority}`)}
        </Badge>
      ),
    },
    {
      key: 'media',
      header: t('announcementsPage.attachment'),
      render: (a) =>
        a.mediaName ? (
          <span>
            <AttachRegular /> {a.mediaName}
          </span>
        ) : (
          t('announcementsPage.noAttachment')
        ),
    },
    {
      key: 'status',
      header: t('announcementsPage.status'),
      render: (a) => (a.status ? t('announcementsPage.active') : t('announcementsPage.inactive')),
    },
    {
      key: 'actions',
      header: t('kit.actions'),
      align: 'end',
      width: '100px',
      render: (a) => (
        <>
          <RowActions onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />
        </>
      ),
    },
  ]

  return (
    <Page title={t('announcementsPage.title')} count={list.count}>
      <DataTable
        ariaLabel={t('announcementsPage.title')}
        columns={columns}
        {...list.table}
        getRowId={(a) => a.id}
        searchPlaceholder={t('announcementsPage.search')}
        toolbar={
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => setEditing('new')}
            data-testid="add-announcement"
          >
            {t('announcementsPage.add')}
          </Button>
        }
      />
      {editing && (
        <AnnouncementDialog
          announcement={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(a) => {
            upsert(a)
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('announcementsPage.deleteTitle', { title: deleting?.title })}
        path={(d) => `/announcements/${d.id}`}
        onDeleted={(d) => remove(d.id)}
        successText={t('announcementsPage.deleted')}
        toastMs={LONG_TOAST_MS}
        onClose={() => setDeleting(null)}
      >
        {t('announcementsPage.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
