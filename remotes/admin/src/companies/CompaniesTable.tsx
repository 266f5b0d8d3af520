/**
 * The companies table of spec 2 §2 (super user): rows coloured by due date,
 * add/edit with limits and the due-date step, delete. Used by /companies and
 * by the settings tab "companies".
 */
import { useCallback, useEffect, useState } from 'react'
import { Button, tokens } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  formatDate,
  formatDateTime,
  usePagedList,
  DeleteDialog,
  DataTable,
  EmailText,
  type Column,
  RowActions,
} from '@balcao/ui'
import { CompanyDialog } from './CompanyDialog.js'
import { DEFAULT_RECURRENCE, dueState } from './dueDate.js'
import type { Company } from './types.js'

const ROW_COLOURS = {
  warning: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  overdue: { backgroundColor: tokens.colorPaletteRedBackground2 },
}

export function CompaniesTable(props: { onCount?: (n: number | undefined) => void }) {
  const { t, i18n } = useTranslation()
  const [editing, setEditing] = useState<Company | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Company | null>(null)
  const list = usePagedList<Company>(
    useCallback(async ({ search, page, signal }) => {
      const r = await api.get<{ companies: Company[]; hasMore: boolean; count: number }>(
        '/companiesPlan',
        { searchParam: search, pageNumber: page },
        signal
      )
      return { items: r.companies, hasMore: r.hasMore, count: r.count }
    }, [])
  )
  const onCount = props.onCount
  useEffect(() => onCount?.(list.count), [onCount, list.count])
  const money = (n?: number) =>
    n === undefined
      ? ''
      : new Intl.NumberFormat(i18n.language === 'pt' ? 'pt-BR' : i18n.language, {
          style: 'currency',
          currency: 'BRL',
        }).format(Number(n))

  const columns: Column<Company>[] = [
    { key: 'id', header: t('admin.common.id'), render: (c) => c.id, width: '60px', hideInCards: true },
    {
      key: 'status',
      header: t('admin.companies.status'),
      render: (c) => (c.status ? t('admin.common.yes') : t('admin.common.no')),
    },
    { key: 'name', header: t('admin.companies.name'), render: (c) => c.name },
    { key: 'email', header: t('admin.companies.email'), render: (c) => <EmailText value={c.email} />, width: '220px' },
    { key: 'plan', header: t('admin.companies.plan'), render: (c) => c.plan?.name },
    { key: 'value', header: t('admin.companies.value'), render: (c) => money(c.plan?.amount) },
    {
      key: 'createdAt',
      header: t('admin.companies.createdAt'),
      render: (c) => formatDate(c.createdAt),
      hideInCards: true,
    },
    {
      key: 'dueDate',
      header: t('admin.companies.dueDate'),
      render: (c) => (
        <span data-testid={`due-${c.id}`} data-due-state={dueState(c.dueDate) ?? 'ok'}>
          {formatDate(c.dueDate)}
          {/* the same recurrence the dialog shows (a company without one has the default) */}
          <span data-testid={`recurrence-${c.id}`}>
            {' · '}
            {t(`admin.companies.recurrences.${c.recurrence ?? DEFAULT_RECURRENCE}`)}
          </span>
        </span>
      ),
    },
    {
      key: 'lastLogin',
      header: t('admin.companies.lastLogin'),
      render: (c) => formatDateTime(c.lastLogin),
      hideInCards: true,
    },
    {
      key: 'actions',
      header: t('admin.common.actions'),
      align: 'end',
      width: '100px',
      render: (c) => (
        <>
          <RowActions
            onEdit={() => setEditing(c)}
            onDelete={() => setDeleting(c)}
            deleteDisabled={c.id === 1}
            editId={`edit-company-${c.id}`}
          />
        </>
      ),
    },
  ]

  return (
    <>
      <DataTable
        ariaLabel={t('admin.companies.title')}
        columns={columns}
        {...list.table}
        getRowId={(c) => c.id}
        searchPlaceholder={t('admin.companies.search')}
        rowStyle={(c) => {
          const state = dueState(c.dueDate)
          return state ? ROW_COLOURS[state] : undefined
        }}
        toolbar={
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => setEditing('new')}
            data-testid="add-company"
          >
            {t('admin.companies.add')}
          </Button>
        }
      />
      {editing && (
        <CompanyDialog
          company={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(c) => {
            list.upsert(c)
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('admin.common.deleteTitle', { name: deleting?.name })}
        path={(d) => `/companies/${d.id}`}
        onDeleted={(d) => list.remove(d.id)}
        successText={t('admin.common.success')}
        failureText={t('admin.common.deleteFailed')}
        onClose={() => setDeleting(null)}
      >
        {t('admin.common.deleteWarning')}
      </DeleteDialog>
    </>
  )
}
