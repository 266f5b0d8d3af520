/**
 * /campaigns (spec 3 §2): searchable paged table with the row actions (report,
 * edit or view, cancel, restart, delete) and the add button; live updates from
 * company-{id}-campaign.
 */
import { useState } from 'react'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router'
import { Badge, Button, Tooltip } from '@fluentui/react-components'
import {
  AddRegular,
  ArrowClockwiseRegular,
  DataBarVerticalRegular,
  EyeRegular,
  StopRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  formatShortDateTime,
  isAdmin,
  toasts,
  toastError,
  LONG_TOAST_MS,
  userAtom,
  DataTable,
  DeleteDialog,
  Page,
  RowActions,
  type Column,
} from '@balcao/ui'
import { CampaignDialog } from './CampaignDialog.js'
import { isEditable, type Campaign, type CampaignStatus } from './types.js'
import { useLiveRecords } from './useLiveRecords.js'

export const STATUS_COLOR: Record<CampaignStatus, 'informative' | 'brand' | 'success' | 'danger' | 'warning'> = {
  INATIVA: 'informative',
  PROGRAMADA: 'warning',
  EM_ANDAMENTO: 'brand',
  CANCELADA: 'danger',
  FINALIZADA: 'success',
}

export default function CampaignsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const me = useAtomValue(userAtom)
  const admin = me ? isAdmin(me) : false
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Campaign | null>(null)
  const list = useLiveRecords<Campaign>('/campaigns', 'campaign')
  const { upsert, remove } = list

  const act = async (c: Campaign, action: 'cancel' | 'restart') => {
    try {
      await api.post(`/campaigns/${c.id}/${action}`)
      toasts.success(t(action === 'cancel' ? 'campaignsPage.cancelled' : 'campaignsPage.restarted'), LONG_TOAST_MS)
      upsert({ ...c, status: action === 'cancel' ? 'CANCELADA' : 'EM_ANDAMENTO' }, false)
    } catch (e) {
      toastError(e, LONG_TOAST_MS) // the server's message, as the spec asks
    }
  }

  const columns: Column<Campaign>[] = [
    { key: 'name', header: t('campaignsPage.name'), render: (c) => c.name },
    {
      key: 'status',
      header: t('campaignsPage.status'),
      width: '140px',
      render: (c) => (
        <Badge appearance="tint" color={STATUS_COLOR[c.status]} data-status={c.status}>
          {t(`campaignsPage.statuses.${c.status}`)}
        </Badge>
      ),
    },
    {
      key: 'list',
      header: t('campaignsPage.contactList'),
      render: (c) => c.contactList?.name ?? t('campaignsPage.fields.none'),
    },
    {
      key: 'connection',
      header: t('campaignsPage.connection'),
      render: (c) => c.whatsapp?.name ?? t('campaignsPage.fields.none'),
    },
    {
      key: 'scheduled',
      header: t('campaignsPage.scheduledAt'),
      render: (c) => (c.scheduledAt ? formatShortDateTime(c.scheduledAt) : t('campaignsPage.notScheduled')),
    },
    {
      key: 'completed',
      header: t('campaignsPage.completedAt'),
      render: (c) => (c.completedAt ? formatShortDateTime(c.completedAt) : t('campaignsPage.notCompleted')),
    },
    {
      key: 'actions',
      header: t('kit.actions'),
      align: 'end',
      width: '210px',
      render: (c) => (
        <>
          <Tooltip content={t('campaignsPage.report')} relationship="label">
            <Button
              appearance="subtle"
              icon={<DataBarVerticalRegular />}
              onClick={() => navigate(`/campaign/${c.id}/report`)}
              data-testid={`report-${c.id}`}
            />
          </Tooltip>
          {admin && c.status === 'EM_ANDAMENTO' && (
            <Tooltip content={t('campaignsPage.cancel')} relationship="label">
              <Button
                appearance="subtle"
                icon={<StopRegular />}
                onClick={() => act(c, 'cancel')}
                data-testid={`cancel-${c.id}`}
              />
            </Tooltip>
          )}
          {admin && c.status === 'CANCELADA' && (
            <Tooltip content={t('campaignsPage.restart')} relationship="label">
              <Button
                appearance="subtle"
                icon={<ArrowClockwiseRegular />}
                onClick={() => act(c, 'restart')}
                data-testid={`restart-${c.id}`}
              />
            </Tooltip>
          )}
          {admin && isEditable(c) ? (
            <RowActions
              onEdit={() => setEditing(c)}
              onDelete={() => setDeleting(c)}
              editId={`edit-campaign-${c.id}`}
              deleteId={`delete-campaign-${c.id}`}
            />
          ) : (
            <>
              <Tooltip content={t('campaignsPage.view')} relationship="label">
                <Button
                  appearance="subtle"
                  icon={<EyeRegular />}
                  onClick={() => setEditing(c)}
                  data-testid={`view-campaign-${c.id}`}
                />
              </Tooltip>
              {admin && c.status !== 'EM_ANDAMENTO' && (
                <RowActions onDelete={() => setDeleting(c)} deleteId={`delete-campaign-${c.id}`} />
              )}
            </>
          )}
        </>
      ),
    },
  ]

  return (
    <Page title={t('campaignsPage.title')} count={list.count}>
      <DataTable
        ariaLabel={t('campaignsPage.title')}
        columns={columns}
        {...list.table}
        getRowId={(c) => c.id}
        searchPlaceholder={t('campaignsPage.search')}
        emptyTitle={t('campaignsPage.empty')}
        toolbar={
          admin && (
            <Button
              appearance="primary"
              icon={<AddRegular />}
              onClick={() => setEditing('new')}
              data-testid="add-campaign"
            >
              {t('campaignsPage.add')}
            </Button>
          )
        }
      />
      {editing && (
        <CampaignDialog
          campaign={editing === 'new' ? null : editing}
          readOnly={!admin || (editing !== 'new' && !isEditable(editing))}
          onClose={() => setEditing(null)}
          onSaved={(c) => {
            upsert(c, editing === 'new')
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('campaignsPage.deleteTitle', { name: deleting?.name })}
        path={(d) => `/campaigns/${d.id}`}
        onDeleted={(d) => remove(d.id)}
        toastMs={LONG_TOAST_MS}
        successText={t('campaignsPage.deleted')}
        onClose={() => setDeleting(null)}
      >
        {t('campaignsPage.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
