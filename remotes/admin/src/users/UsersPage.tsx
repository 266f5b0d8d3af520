/**
 * /users (admin section): search, infinite scroll, add/edit modal, delete. The
 * count in the title follows creates and deletes (here and by other admins).
 * A non-admin is told their profile may not open it (not the plan's toast).
 */
import { useCallback, useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Badge, Button } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  realtime,
  userAtom,
  isAdmin,
  usePagedList,
  AccessDenied,
  DeleteDialog,
  DataTable,
  EmailText,
  Page,
  type Column,
  type User,
  RowActions,
} from '@balcao/ui'
import { UserDialog } from './UserDialog.js'

export default function UsersPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const allowed = me ? isAdmin(me) : undefined
  const [editing, setEditing] = useState<User | 'new' | null>(null)
  const [deleting, setDeleting] = useState<User | null>(null)
  const list = usePagedList<User>(
    useCallback(async ({ search, page, signal }) => {
      const r = await api.get<{ users: User[]; hasMore: boolean; count: number }>(
        '/users',
        { searchParam: search, pageNumber: page },
        signal
      )
      return { items: r.users, hasMore: r.hasMore, count: r.count }
    }, []),
    { debounceMs: 0 }
  )
  const { upsert, remove } = list

  // other admins' changes arrive live
  useEffect(
    () =>
      realtime.on(realtime.companyEvent('user'), (m) => {
        const u = m.user as User | undefined
        if ((m.action === 'create' || m.action === 'update') && u) upsert(u, m.action === 'create')
        if (m.action === 'delete') remove(Number(m.userId ?? m.id))
      }),
    [upsert, remove]
  )

  if (allowed === false) return <AccessDenied />
  if (!allowed) return null

  const columns: Column<User>[] = [
    { key: 'id', header: t('admin.common.id'), render: (u) => u.id, width: '70px', hideInCards: true },
    { key: 'name', header: t('admin.users.name'), render: (u) => u.name },
    { key: 'email', header: t('admin.users.email'), render: (u) => <EmailText value={u.email} /> },
    {
      key: 'profile',
      header: t('admin.users.profile'),
      render: (u) => (
        <>
          {u.profile === 'admin' ? t('admin.users.profileAdmin') : t('admin.users.profileUser')}
          {u.super && (
            <Badge appearance="tint" color="brand" style={{ marginLeft: 6 }}>
              {t('admin.users.super')}
            </Badge>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: t('admin.common.actions'),
      align: 'end',
      width: '110px',
      render: (u) => (
        <>
          <RowActions
            onEdit={() => setEditing(u)}
            onDelete={() => setDeleting(u)}
            deleteDisabled={u.id === me?.id}
            editId={`edit-user-${u.id}`}
            deleteId={`delete-user-${u.id}`}
          />
        </>
      ),
    },
  ]

  return (
    <Page title={t('admin.users.title')} count={list.count}>
      <DataTable
        ariaLabel={t('admin.users.title')}
        columns={columns}
        {...list.table}
        getRowId={(u) => u.id}
        searchPlaceholder={t('admin.users.search')}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="add-user">
            {t('admin.users.add')}
          </Button>
        }
      />
      {editing && (
        <UserDialog
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(u) => {
            upsert(u)
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('admin.common.deleteTitle', { name: deleting?.name })}
        path={(d) => `/users/${d.id}`}
        onDeleted={(d) => remove(d.id)}
        successText={t('admin.users.deleted')}
        onClose={() => setDeleting(null)}
      >
        {t('admin.users.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
