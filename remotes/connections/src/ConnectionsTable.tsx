/**
 * The table of connections, the same on the connections page and in the super
 * user's company dialog: channel, name, number, status, session, last update
 * (dd/MM/yy HH:mm), default, actions. Session and actions are admin-only.
 */
import { Tooltip } from '@fluentui/react-components'
import { StarFilled } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { ChannelIcon, DataTable, RowActions, formatShortDateTime, type Column } from '@balcao/ui'
import type { Connection } from './types.js'
import { StatusCell } from './StatusCell.js'
import { SessionCell, type ImportProgress, type SessionActions } from './SessionCell.js'

export interface ConnectionsTableProps {
  items: Connection[]
  admin: boolean
  loading?: boolean
  error?: unknown
  onRetry?: () => void
  actions?: SessionActions
  onEdit?: (c: Connection) => void
  onDelete?: (c: Connection) => void
  /** whether a channel's session signs in by QR code (new QR offered); unknown channels: yes */
  qrLogin?: (channel: string) => boolean
  /** import progress (importMessages-{companyId}) by connection id */
  progress?: Record<number, ImportProgress>
  toolbar?: React.ReactNode
}

export function ConnectionsTable(props: ConnectionsTableProps) {
  const { t } = useTranslation()
  const columns: Column<Connection>[] = [
    {
      key: 'channel',
      header: t('connections.columns.channel'),
      render: (c) => <ChannelIcon channel={c.channel} />,
      width: '70px',
      align: 'center',
    },
    { key: 'name', header: t('connections.columns.name'), render: (c) => c.name },
    {
      key: 'number',
      header: t('connections.columns.number'),
      render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{c.number || '—'}</span>,
      // a full number with country code (13 digits) on one line, clear of the status column
      width: '120px',
    },
    {
      key: 'status',
      header: t('connections.columns.status'),
      render: (c) => (
        <StatusCell connection={c} onRetry={props.admin && props.actions ? props.actions.retry : undefined} />
      ),
      width: '180px',
    },
  ]
  if (props.admin && props.actions) {
    const actions = props.actions
    columns.push({
      key: 'session',
      header: t('connections.columns.session'),
      render: (c) => (
        <SessionCell
          connection={c}
          actions={actions}
          progress={props.progress?.[c.id]}
          qrLogin={props.qrLogin?.(c.channel) ?? true}
        />
      ),
      width: '190px',
    })
  }
  columns.push(
    {
      key: 'updatedAt',
      header: t('connections.columns.updatedAt'),
      render: (c) => formatShortDateTime(c.updatedAt),
      width: '130px',
    },
    {
      key: 'default',
      header: t('connections.columns.default'),
      align: 'center',
      width: '72px',
      render: (c) =>
        c.isDefault ? (
          <Tooltip content={t('connections.columns.default')} relationship="label">
            <StarFilled style={{ color: '#f5b400', fontSize: 20 }} data-testid={`default-${c.id}`} />
          </Tooltip>
        ) : null,
    }
  )
  if (props.admin && (props.onEdit || props.onDelete)) {
    columns.push({
      key: 'actions',
      header: t('connections.columns.actions'),
      align: 'end',
      width: '96px',
      render: (c) => (
        <RowActions
          onEdit={props.onEdit && (() => props.onEdit!(c))}
          onDelete={props.onDelete && (() => props.onDelete!(c))}
          editId={`edit-connection-${c.id}`}
          deleteId={`delete-connection-${c.id}`}
        />
      ),
    })
  }
  return (
    <DataTable
      ariaLabel={t('connections.title')}
      columns={columns}
      items={props.items}
      getRowId={(c) => c.id}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      toolbar={props.toolbar}
      emptyTitle={t('connections.empty')}
    />
  )
}
