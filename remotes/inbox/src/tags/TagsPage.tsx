/**
 * /tags (spec 3): contact tags (kanban 0) with search, infinite scroll, a chip
 * in the tag's colour, the contacts count, add/edit and delete. Other users'
 * changes arrive live (company-{id}-tag).
 */
import { useCallback, useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Button } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
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
import { TagChip } from '@balcao/ui'
import { TagDialog, type Tag } from './TagDialog.js'

export default function TagsPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const admin = isAdmin(me)
  const mayManageKanban = admin || me?.showDashboard === 'enabled'
  const [editing, setEditing] = useState<Tag | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Tag | null>(null)
  const list = usePagedList<Tag>(
    useCallback(async ({ search, page, signal }) => {
      const r = await api.get<{ tags: Tag[]; hasMore: boolean; count: number }>(
        '/tags',
        { searchParam: search, pageNumber: page, kanban: 0 },
        signal
      )
      return { items: r.tags, hasMore: r.hasMore, count: r.count }
    }, []),
    { debounceMs: 0 }
  )
  const { items, upsert, remove } = list

  /** Keeps the count the list already knows (events and saves do not carry it); kanban tags leave this list. */
  const merge = useCallback(
    (tag: Tag, known: Tag[]) => {
      if (tag.kanban) return remove(tag.id)
      const before = known.find((x) => x.id === tag.id)
      upsert({ ...tag, contactsCount: tag.contactsCount ?? before?.contactsCount ?? 0 })
    },
    [upsert, remove]
  )

  useEffect(
    () =>
      realtime.on(realtime.companyEvent('tag'), (m) => {
        const tag = m.tag as Tag | undefined
        if ((m.action === 'create' || m.action === 'update') && tag) merge(tag, items)
        if (m.action === 'delete') remove(Number(m.tagId ?? m.id))
      }),
    [merge, remove, items]
  )

  const mayDelete = (x: Tag) => admin || x.userId === me?.id
  const columns: Column<Tag>[] = [
    { key: 'name', header: t('inbox.tags.name'), render: (x) => <TagChip name={x.name} color={x.color} /> },
    {
      key: 'contacts',
      header: t('inbox.tags.contacts'),
      width: '120px',
      align: 'center',
      render: (x) => x.contactsCount ?? 0,
    },
    {
      key: 'actions',
      header: t('inbox.tags.actions'),
      align: 'end',
      width: '110px',
      render: (x) => (
        <RowActions
          onEdit={() => setEditing(x)}
          onDelete={() => setDeleting(x)}
          deleteDisabled={!mayDelete(x)}
          editId={`edit-tag-${x.id}`}
          deleteId={`delete-tag-${x.id}`}
        />
      ),
    },
  ]

  return (
    <Page title={t('inbox.tags.title')} count={shownCount(list)}>
      <DataTable
        ariaLabel={t('inbox.tags.title')}
        columns={columns}
        {...list.table}
        getRowId={(x) => x.id}
        searchPlaceholder={t('inbox.tags.search')}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="add-tag">
            {t('inbox.tags.add')}
          </Button>
        }
      />
      {editing && (
        <TagDialog
          tag={editing === 'new' ? null : editing}
          mayManageKanban={mayManageKanban}
          onClose={() => setEditing(null)}
          onSaved={(tag) => {
            merge(tag, items)
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('inbox.tags.deleteTitle', { name: deleting?.name })}
        path={(d) => `/tags/${d.id}`}
        onDeleted={(d) => remove(d.id)}
        successText={t('inbox.tags.deleted')}
        toastMs={LONG_TOAST_MS}
        onClose={() => setDeleting(null)}
      >
        {t('inbox.tags.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
