/**
 * / (admins and showDashboard users): a collapsible date filter, then three
 * tabs: Indicators (counters, tickets per day and per attendant),
 * Assessments (NPS gauge and rating counters) and Attendants (the table,
 * exportable as xlsx/CSV, and wait/service times per attendant). The page
 * exports to PDF: every counter and every chart (as images), whatever tab is
 * open. A filter without both dates says 'Parametrize o filtro'.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  Button,
  Card,
  CardHeader,
  Field,
  Input,
  Spinner,
  Tab,
  TabList,
  Text,
  makeStyles,
} from '@fluentui/react-components'
import type { Chart } from '@fluentui/react-charts'
import { ArrowSyncRegular, DocumentPdfRegular, FilterRegular } from '@fluentui/react-icons'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { api, downloadName, isAdmin, Page, realtime, toastError, toasts, userAtom } from '@balcao/ui'
import { BarChart, NpsGauge, TimesChart } from './charts/charts.js'
import { dashboardPdf, imageSize, type ChartImage } from './pdf.js'
import { CounterCard } from './CounterCard.js'
import { AttendantsTable } from './AttendantsTable.js'
import { monthStart, today } from './dates.js'
import { formatNumber } from './numbers.js'
import type { Bar, DashboardData } from './types.js'

/** the charts' width in the PDF (CSS px; A4 portrait fits 515 pt, the image is scaled to it) */
const PDF_CHART_WIDTH = 720
const PDF_CHARTS = ['perDay', 'perUser', 'nps', 'times'] as const
type PdfChart = (typeof PDF_CHARTS)[number]

/** Waits until every chart of the PDF copy has drawn its SVG (a few frames), at most 5 s. */
async function drawnCharts(refs: Record<string, Chart | null>) {
  for (let i = 0; i < 50; i++) {
    const ready = PDF_CHARTS.every((k) => refs[k]?.toImage && refs[k]?.chartContainer?.querySelector('svg'))
    if (ready) return PDF_CHARTS.map((k) => refs[k]!)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('charts not drawn')
}

const useStyles = makeStyles({
  filters: { display: 'flex', gap: '12px', alignItems: 'flex-end', flexWrap: 'wrap' },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: '12px' },
  charts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))', gap: '12px' },
  gauge: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))', gap: '12px' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  // the PDF's copies of the charts: laid out at a fixed width, out of sight
  offscreen: { position: 'fixed', left: '-10000px', top: 0, width: `${PDF_CHART_WIDTH}px`, pointerEvents: 'none' },
})

type TabName = 'indicators' | 'assessments' | 'attendants'

export const LIVE_REFRESH_MS = 3000
const BACKFILL_POLL_MS = 1000

interface Loaded {
  dashboard: DashboardData
  perDay: { period: 'day' | 'hour'; data: { label: string; quantity: number }[] }
  perUser: { data: { userId: number; name: string; quantity: number }[] }
}

export function DashboardPage() {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const [tab, setTab] = useState<TabName>('indicators')
  const [showFilters, setShowFilters] = useState(true)
  const [from, setFrom] = useState(monthStart())
  const [to, setTo] = useState(today())
  const [data, setData] = useState<Loaded | null>(null)
  const [loading, setLoading] = useState(false)
  const [printing, setPrinting] = useState(false)
  const admin = isAdmin(useAtomValue(userAtom))
  const [backfill, setBackfill] = useState<{ done: number; total: number } | null>(null)
  const alive = useRef(true)
  useEffect(
    () => () => {
      alive.current = false
    },
    []
  )
  const pdfCharts = useRef<Record<string, Chart | null>>({})
  const chartRef = (k: PdfChart) => (c: Chart | null) => {
    pdfCharts.current[k] = c
  }

  // the range on screen: live refreshes reload it
  const shown = useRef({ start: monthStart(), end: today() })

  const load = useCallback(
    async (start: string, end: string, quiet = false) => {
      shown.current = { start, end }
      if (!quiet) setLoading(true)
      try {
        const range = { initialDate: start, finalDate: end }
        const [dashboard, perDay, perUser] = await Promise.all([
          api.get<DashboardData>('/dashboard', { date_from: start, date_to: end }),
          api.get<Loaded['perDay']>('/dashboard/ticketsDay', range),
          api.get<Loaded['perUser']>('/dashboard/ticketsUsers', range),
        ])
        setData({ dashboard, perDay, perUser })
      } catch {
        // a live refresh that fails keeps the numbers on screen; the next event tries again
        if (!quiet) toasts.error(t('dashboardPage.fetchError'))
      } finally {
        if (!quiet) setLoading(false)
      }
    },
    [t]
  )

  useEffect(() => {
    void load(monthStart(), today())
  }, [load])

  // live: a ticket event reloads the counters, at most once per LIVE_REFRESH_MS however busy the company is
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const off = realtime.on(realtime.companyEvent('ticket'), () => {
      timer ??= setTimeout(() => {
        timer = null
        void load(shown.current.start, shown.current.end, true)
      }, LIVE_REFRESH_MS)
    })
    return () => {
      off()
      if (timer) clearTimeout(timer)
    }
  }, [load])

  const filter = () => {
    if (!from || !to) return void toasts.warning(t('dashboardPage.needFilter'))
    void load(from, to)
  }

  const c = data?.dashboard.counters
  const min = (v: number) => t('dashboardPage.minutes', { value: formatNumber(v, i18n.language) })
  const pct = (v: number) => t('dashboardPage.percent', { value: formatNumber(v, i18n.language) })
  const card = (name: keyof NonNullable<typeof c>, value: string | number) => (
    <CounterCard key={name} name={name} label={t(`dashboardPage.counters.${name}`)} value={value} />
  )
  const dayBars: Bar[] = (data?.perDay.data ?? []).map((d) => ({
    label: data?.perDay.period === 'hour' ? `${d.label}h` : d.label.slice(8, 10) + '/' + d.label.slice(5, 7),
    value: d.quantity,
  }))
  const userBars: Bar[] = (data?.perUser.data ?? []).map((d) => ({ label: d.name, value: d.quantity }))
  const times = (data?.dashboard.attendants ?? []).map((a) => ({
    label: a.name,
    wait: a.avgWaitTime,
    service: a.avgSupportTime,
  }))
  const timeLegends = { wait: t('dashboardPage.waitTime'), service: t('dashboardPage.serviceTime') }
  const npsLegends = {
    low: t('dashboardPage.counters.npsDetractorsPerc'),
    mid: t('dashboardPage.counters.npsPassivePerc'),
    high: t('dashboardPage.counters.npsPromotersPerc'),
  }
  const perDayTitle = t(data?.perDay.period === 'hour' ? 'dashboardPage.ticketsPerHour' : 'dashboardPage.ticketsPerDay')

  /**
   * Admins: track the tickets that predate the dashboard (or lost tracking) again. A job on the
   * server (idempotent); the button shows its progress and the numbers reload when it ends.
   */
  const runBackfill = async () => {
    setBackfill({ done: 0, total: 0 })
    try {
      await api.post('/dashboard/backfill')
      while (alive.current) {
        const p = await api.get<{ state: string; done: number; total: number }>('/dashboard/backfill')
        if (p.state === 'completed') {
          toasts.success(t('dashboardPage.backfillDone', { count: p.total }))
          void load(shown.current.start, shown.current.end, true)
          break
        }
        if (p.state === 'failed' || p.state === 'missing') {
          toasts.error(t('dashboardPage.backfillError'))
          break
        }
        if (alive.current) setBackfill({ done: p.done, total: p.total })
        await new Promise((r) => setTimeout(r, BACKFILL_POLL_MS))
      }
    } catch (e) {
      toastError(e)
    } finally {
      if (alive.current) setBackfill(null)
    }
  }

  /** The page as a PDF: the charts are drawn off screen at a fixed width, turned into PNGs, then laid out. */
  const exportPdf = async () => {
    if (!data || !c) return
    setPrinting(true)
    try {
      const drawn = await drawnCharts(pdfCharts.current)
      const titles = [perDayTitle, t('dashboardPage.ticketsPerUser'), t('dashboardPage.counters.npsScore'), t('dashboardPage.waitServiceTimes')]
      const charts: ChartImage[] = await Promise.all(
        drawn.map(async (chart, i) => {
          const png = await chart.toImage!({ scale: 2, background: '#ffffff' })
          const size = await imageSize(png)
          return { title: titles[i], png, width: size.width / 2, height: size.height / 2 }
        })
      )
      const { range } = data.dashboard
      // the screen's order: indicators, then assessments
      const names: (keyof typeof c)[] = [
        'supportHappening',
        'supportPending',
        'supportFinished',
        'tickets',
        'avgWaitTime',
        'avgSupportTime',
        'npsScore',
        'npsPromotersPerc',
        'npsPassivePerc',
        'npsDetractorsPerc',
        'waitRating',
        'withoutRating',
        'withRating',
        'percRating',
      ]
      const value = (k: keyof typeof c) =>
        k.startsWith('avg') ? min(c[k]) : k.endsWith('Perc') || k === 'percRating' ? pct(c[k]) : formatNumber(c[k], i18n.language)
      await dashboardPdf({
        title: t('dashboardPage.title'),
        filters: [
          [t('dashboardPage.period'), `${range.from} - ${range.to}`],
          [t('dashboardPage.timezone'), range.timezone],
        ],
        generatedAt: t('dashboardPage.generatedAt', { when: new Date().toLocaleString(i18n.language) }),
        counters: names.map((k) => [t(`dashboardPage.counters.${k}`), value(k)]),
        charts,
        fileName: downloadName(t('dashboardPage.title'), 'pdf', range.from, range.to),
      })
    } catch {
      toasts.error(t('dashboardPage.pdfError'))
    } finally {
      setPrinting(false)
    }
  }

  return (
    <Page
      title={t('dashboardPage.title')}
      actions={
        <div className={styles.actions}>
          {admin && (
            <Button
              appearance="subtle"
              icon={backfill ? <Spinner size="tiny" /> : <ArrowSyncRegular />}
              disabled={!!backfill}
              onClick={() => void runBackfill()}
              title={t('dashboardPage.backfillHint')}
              data-testid="dashboard-backfill"
            >
              {backfill
                ? t('dashboardPage.backfillRunning', { done: backfill.done, total: backfill.total })
                : t('dashboardPage.backfill')}
            </Button>
          )}
          <Button
            icon={printing ? <Spinner size="tiny" /> : <DocumentPdfRegular />}
            disabled={!data || printing}
            onClick={() => void exportPdf()}
            data-testid="dashboard-pdf"
          >
            PDF
          </Button>
          <Button
            icon={<FilterRegular />}
            appearance={showFilters ? 'primary' : 'secondary'}
            aria-expanded={showFilters}
            onClick={() => setShowFilters((v) => !v)}
          >
            {t('dashboardPage.filters')}
          </Button>
        </div>
      }
    >
      {showFilters && (
        <div className={styles.filters} data-testid="dashboard-filters">
          <Field label={t('dashboardPage.startDate')}>
            <Input type="date" value={from} onChange={(_, d) => setFrom(d.value)} data-testid="filter-from" />
          </Field>
          <Field label={t('dashboardPage.endDate')}>
            <Input type="date" value={to} onChange={(_, d) => setTo(d.value)} data-testid="filter-to" />
          </Field>
          <Button appearance="primary" onClick={filter} disabled={loading} data-testid="filter-apply">
            {t('dashboardPage.filter')}
          </Button>
        </div>
      )}
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabName)}>
        <Tab value="indicators">{t('dashboardPage.tabs.indicators')}</Tab>
        <Tab value="assessments">{t('dashboardPage.tabs.assessments')}</Tab>
        <Tab value="attendants">{t('dashboardPage.tabs.attendants')}</Tab>
      </TabList>
      {!data || !c ? (
        loading ? (
          <Spinner />
        ) : null
      ) : tab === 'indicators' ? (
        <>
          <div className={styles.cards}>
            {card('supportHappening', c.supportHappening)}
            {card('supportPending', c.supportPending)}
            {card('supportFinished', c.supportFinished)}
            {card('tickets', c.tickets)}
            {card('avgWaitTime', min(c.avgWaitTime))}
            {card('avgSupportTime', min(c.avgSupportTime))}
          </div>
          <div className={styles.charts}>
            <Card>
              <CardHeader header={<Text weight="semibold">{perDayTitle}</Text>} />
              <BarChart data={dayBars} title={perDayTitle} testId="chart-per-day" />
            </Card>
            <Card>
              <CardHeader header={<Text weight="semibold">{t('dashboardPage.ticketsPerUser')}</Text>} />
              {userBars.length ? (
                <BarChart data={userBars} title={t('dashboardPage.ticketsPerUser')} testId="chart-per-user" />
              ) : (
                <Text>{t('dashboardPage.noData')}</Text>
              )}
            </Card>
          </div>
        </>
      ) : tab === 'assessments' ? (
        <div className={styles.gauge}>
          <Card>
            <CardHeader header={<Text weight="semibold">{t('dashboardPage.counters.npsScore')}</Text>} />
            <NpsGauge
              score={c.npsScore}
              label={formatNumber(c.npsScore, i18n.language)}
              title={t('dashboardPage.counters.npsScore')}
              legends={npsLegends}
            />
          </Card>
          <div className={styles.cards}>
            {card('npsPromotersPerc', pct(c.npsPromotersPerc))}
            {card('npsPassivePerc', pct(c.npsPassivePerc))}
            {card('npsDetractorsPerc', pct(c.npsDetractorsPerc))}
            {card('waitRating', c.waitRating)}
            {card('withoutRating', c.withoutRating)}
            {card('withRating', c.withRating)}
            {card('percRating', pct(c.percRating))}
          </div>
        </div>
      ) : (
        <>
          <AttendantsTable rows={data.dashboard.attendants} range={data.dashboard.range} />
          <Card>
            <CardHeader header={<Text weight="semibold">{t('dashboardPage.waitServiceTimes')}</Text>} />
            <TimesChart
              rows={times}
              title={t('dashboardPage.waitServiceTimes')}
              legends={timeLegends}
              testId="chart-service-times"
            />
          </Card>
        </>
      )}
      {printing && data && c && (
        <div className={styles.offscreen} aria-hidden>
          <BarChart data={dayBars} title={perDayTitle} width={PDF_CHART_WIDTH} chartRef={chartRef('perDay')} print />
          <BarChart
            data={userBars}
            title={t('dashboardPage.ticketsPerUser')}
            width={PDF_CHART_WIDTH}
            chartRef={chartRef('perUser')}
            print
          />
          <NpsGauge
            score={c.npsScore}
            label={formatNumber(c.npsScore, i18n.language)}
            title={t('dashboardPage.counters.npsScore')}
            legends={npsLegends}
            chartRef={chartRef('nps')}
            print
          />
          <TimesChart
            rows={times}
            title={t('dashboardPage.waitServiceTimes')}
            legends={timeLegends}
            width={PDF_CHART_WIDTH}
            chartRef={chartRef('times')}
            print
          />
        </div>
      )}
    </Page>
  )
}
