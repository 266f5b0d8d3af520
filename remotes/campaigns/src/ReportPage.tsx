/**
 * /campaign/{id}/report (spec 3 §2, §4): the campaign's name, "delivered of
 * valid", a progress bar (delivered / valid × 100) and the cards; live: an
 * update of this campaign replaces its data, and once FINALIZADA the page
 * reloads from the server after 5000 ms.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  Badge,
  Button,
  Card,
  Caption1,
  ProgressBar,
  Spinner,
  Subtitle2,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowLeftRegular } from '@fluentui/react-icons'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import {
  api,
  formatShortDateTime,
  isAdmin,
  realtime,
  toastError,
  userAtom,
  DataTable,
  ErrorState,
  Page,
  downloadName,
  exportFile,
  type ExportProgress,
  type Column,
} from '@balcao/ui'
import { STATUS_COLOR } from './CampaignsPage.js'
import type { Campaign, CampaignRecord, Shipping } from './types.js'

export const FINISHED_RELOAD_MS = 5000

const useStyles = makeStyles({
  head: { display: 'flex', flexDirection: 'column', gap: '8px' },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: '12px' },
  card: { padding: '12px 16px', gap: '4px' },
  value: {
    fontSize: tokens.fontSizeHero700,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightHero700,
  },
  text: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  exportBox: { display: 'flex', flexDirection: 'column', gap: '4px', alignItems: 'stretch' },
})

export default function ReportPage({ campaignId }: { campaignId: number }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const me = useAtomValue(userAtom)
  const [record, setRecord] = useState<CampaignRecord | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [exporting, setExporting] = useState<ExportProgress | null>(null)
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  /** The file is written by a job on the server, in the page's language: follow it, then download. */
  const exportXlsx = async () => {
    setExporting({ done: 0, total: 0 })
    try {
      const lang = ['pt', 'en', 'es'].find((l) => i18n.language?.startsWith(l)) ?? 'pt'
      await exportFile(
        `/campaigns/${campaignId}/exports`,
        { lang },
        downloadName(t('reportPage.fileName'), 'xlsx', campaignId),
        setExporting
      )
    } catch (e) {
      toastError(e)
    } finally {
      setExporting(null)
    }
  }

  const load = useCallback(() => {
    setError(null)
    api.get<CampaignRecord>(`/campaigns/${campaignId}`).then(setRecord).catch(setError)
  }, [campaignId])

  useEffect(() => {
    load()
    return () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current)
    }
  }, [load])

  useEffect(
    () =>
      realtime.on(realtime.companyEvent('campaign'), (m) => {
        const update = m.record as Campaign | undefined
        if (!update || update.id !== campaignId) return
        setRecord((prev) => (prev ? { ...prev, ...update } : prev))
        if (update.status === 'FINALIZADA' && !reloadTimer.current) {
          reloadTimer.current = setTimeout(() => {
            reloadTimer.current = null
            load()
          }, FINISHED_RELOAD_MS)
        }
      }),
    [campaignId, load]
  )

  if (error) return <ErrorState error={error} onRetry={load} />
  if (!record) return <Spinner style={{ marginTop: 48 }} />

  const { counters } = record
  const percent = counters.valid ? Math.min(100, (counters.delivered / counters.valid) * 100) : 0
  const card = (label: string, value: string | number, testId: string, big = true) => (
    <Card className={styles.card} data-testid={testId}>
      <Caption1 className={styles.muted}>{label}</Caption1>
      <span className={big ? styles.value : styles.text}>{value}</span>
    </Card>
  )
  const columns: Column<Shipping>[] = [
    { key: 'name', header: t('reportPage.name'), render: (s) => s.name },
    { key: 'number', header: t('reportPage.number'), render: (s) => s.number },
    { key: 'status', header: t('reportPage.shippingStatus'), render: (s) => t(`reportPage.shipping.${s.status}`) },
    {
      key: 'delivered',
      header: t('reportPage.delivered'),
      render: (s) => (s.deliveredAt ? formatShortDateTime(s.deliveredAt) : ''),
    },
  ]

  return (
    <Page
      title={t('reportPage.title', { name: record.name })}
      actions={
        <>
          {me && isAdmin(me) && (
            <div className={styles.exportBox}>
              <Button
                icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
                disabled={!!exporting}
                onClick={() => void exportXlsx()}
                data-testid="campaign-export"
              >
                {exporting
                  ? t('reportPage.exporting', {
                      percent: exporting.total ? Math.round((100 * exporting.done) / exporting.total) : 0,
                    })
                  : t('reportPage.export')}
              </Button>
              {exporting && (
                <ProgressBar
                  value={exporting.total ? exporting.done / exporting.total : undefined}
                  aria-label={t('reportPage.export')}
                />
              )}
            </div>
          )}
          <Button icon={<ArrowLeftRegular />} onClick={() => navigate('/campaigns')}>
            {t('reportPage.back')}
          </Button>
        </>
      }
    >
      <div className={styles.head}>
        <div>
          <Badge
            appearance="tint"
            color={STATUS_COLOR[record.status]}
            data-testid="report-status"
            data-status={record.status}
          >
            {t(`campaignsPage.statuses.${record.status}`)}
          </Badge>
        </div>
        <Subtitle2 data-testid="report-progress">
          {t('reportPage.progress', { delivered: counters.delivered, valid: counters.valid })}
        </Subtitle2>
        <ProgressBar
          value={percent / 100}
          thickness="large"
          aria-label={`${Math.round(percent)}%`}
          data-percent={Math.round(percent)}
        />
      </div>
      <div className={styles.cards}>
        {card(t('reportPage.valid'), counters.valid, 'card-valid')}
        {record.confirmation &&
          card(t('reportPage.confirmationRequested'), counters.confirmationRequested, 'card-confirmation-requested')}
        {record.confirmation &&
          card(t('reportPage.confirmationDelivered'), counters.confirmationDelivered ?? 0, 'card-confirmation-delivered')}
        {record.confirmation &&
          card(t('reportPage.confirmationRead'), counters.confirmationRead ?? 0, 'card-confirmation-read')}
        {record.confirmation && card(t('reportPage.confirmed'), counters.confirmed, 'card-confirmed')}
        {card(t('reportPage.delivered'), counters.delivered, 'card-delivered')}
        {card(t('reportPage.read'), counters.read, 'card-read')}
        {card(t('reportPage.failed'), counters.failed, 'card-failed')}
        {counters.optedOut > 0 && card(t('reportPage.optedOut'), counters.optedOut, 'card-opted-out')}
        {counters.skipped > 0 && card(t('reportPage.skipped'), counters.skipped, 'card-skipped')}
        {record.whatsapp && card(t('reportPage.connection'), record.whatsapp.name, 'card-connection', false)}
        {record.contactList && card(t('reportPage.contactList'), record.contactList.name, 'card-list', false)}
        {card(
          t('reportPage.scheduledAt'),
          record.scheduledAt ? formatShortDateTime(record.scheduledAt) : '–',
          'card-scheduled',
          false
        )}
        {card(
          t('reportPage.completedAt'),
          record.completedAt ? formatShortDateTime(record.completedAt) : '–',
          'card-completed',
          false
        )}
      </div>
      {record.shipping.length > 0 && (
        <>
          <Title3>{t('reportPage.recipients')}</Title3>
          <DataTable
            ariaLabel={t('reportPage.recipients')}
            columns={columns}
            items={record.shipping}
            getRowId={(s) => s.id}
            maxHeight="420px"
          />
        </>
      )}
    </Page>
  )
}
