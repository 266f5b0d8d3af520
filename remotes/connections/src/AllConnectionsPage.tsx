/**
 * /allConnections (spec 3 §2, super user only; others go to /tickets): per
 * company the connected, disconnected and total counts with a grand total,
 * and an edit action opening that company's connections dialog.
 */
import { useCallback, useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { api, toastError, userAtom, usePermissionGate, DataTable, Page, RowActions, type Column } from '@balcao/ui'
import type { CompanyCount, Connection } from './types.js'
import { CompanyConnectionsDialog } from './CompanyConnectionsDialog.js'

type Row = CompanyCount & { grandTotal?: boolean }

export default function AllConnectionsPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const allowed = usePermissionGate(me ? me.super : undefined, '/tickets')
  const [rows, setRows] = useState<CompanyCount[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(null)
  const [open, setOpen] = useState<CompanyCount | null>(null)

  const load = useCallback(async () => {
    setLoading(true)
    setError(null)
    try {
      const r = await api.get<{ connections: Connection[]; companies: CompanyCount[] }>('/whatsapp/all', {
        session: 0,
      })
      setRows(r.companies)
    } catch (e) {
      setError(e)
      toastError(e)
    } finally {
      setLoading(false)
    }
  }, [])

  useEffect(() => {
    if (allowed) void load()
  }, [allowed, load])

  if (!allowed) return null

  const sum = (k: 'connected' | 'disconnected' | 'total') => rows.reduce((n, r) => n + r[k], 0)
  const items: Row[] = rows.length
    ? [
        ...rows,
        {
          companyId: 0,
          name: t('connections.all.grandTotal'),
          connected: sum('connected'),
          disconnected: sum('disconnected'),
          total: sum('total'),
          grandTotal: true,
        },
      ]
    : []
  const bold = (r: Row, v: string | number) => (r.grandTotal ? <strong>{v}</strong> : v)
  const columns: Column<Row>[] = [
    { key: 'name', header: t('connections.all.company'), render: (r) => bold(r, r.name) },
    { key: 'connected', header: t('connections.all.connected'), render: (r) => bold(r, r.connected), align: 'center' },
    {
      key: 'disconnected',
      header: t('connections.all.disconnected'),
      render: (r) => bold(r, r.disconnected),
      align: 'center',
    },
    { key: 'total', header: t('connections.all.total'), render: (r) => bold(r, r.total), align: 'center' },
    {
      key: 'actions',
      header: t('connections.columns.actions'),
      align: 'end',
      width: '90px',
      render: (r) =>
        r.grandTotal ? null : <RowActions onEdit={() => setOpen(r)} editId={`company-connections-${r.companyId}`} />,
    },
  ]

  return (
    <Page title={t('connections.all.title')}>
      <DataTable
        ariaLabel={t('connections.all.title')}
        columns={columns}
        items={items}
        getRowId={(r) => r.companyId}
        loading={loading}
        error={error}
        onRetry={load}
        rowStyle={(r) => (r.grandTotal ? { background: 'var(--colorNeutralBackground3)' } : undefined)}
      />
      {open && (
        <CompanyConnectionsDialog
          company={open}
          onClose={() => {
            setOpen(null)
            void load()
          }}
        />
      )}
    </Page>
  )
}
