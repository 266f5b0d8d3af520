/**
 * / (admins and showDashboard users): a collapsible date filter, then three
 * tabs: Indicators (counters, tickets per day and per attendant),
 * Assessments (NPS gauge and rating counters) and Attendants (the table,
 * exportable as CSV). A filter without both dates says 'Parametrize o filtro'.
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
import { FilterRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api, Page, realtime, toasts } from '@balcao/ui'
import { BarChart } from './charts/BarChart.js'
import { NpsGauge } from './charts/NpsGauge.js'
import { CounterCard } from './CounterCard.js'
import { AttendantsTable } from './AttendantsTable.js'
import { monthStart, today } from './dates.js'
import { formatNumber } from './numbers.js'
import type { Bar, DashboardData } from './types.js'

const useStyles = makeStyles({
  filters: { display: 'flex', gap: '12px', alignItems: 'flex-end', flexWrap: 'wrap' },
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: '12px' },
  charts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))', gap: '12px' },
  gauge: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))', gap: '12px' },
})

type TabName = 'indicators' | 'assessments' | 'attendants'

export const LIVE_REFRESH_MS = 3000

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

  return (
    <Page
      title={t('dashboardPage.title')}
      actions={
        <Button
          icon={<FilterRegular />}
          appearance={showFilters ? 'primary' : 'secondary'}
          aria-expanded={showFilters}
          onClick={() => setShowFilters((v) => !v)}
        >
          {t('dashboardPage.filters')}
        </Button>
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
              <CardHeader
                header={
                  <Text weight="semibold">
                    {t(data.perDay.period === 'hour' ? 'dashboardPage.ticketsPerHour' : 'dashboardPage.ticketsPerDay')}
                  </Text>
                }
              />
              <BarChart data={dayBars} title={t('dashboardPage.ticketsPerDay')} testId="chart-per-day" />
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
            <CardHeader header={<Text weight="semibold">{t('dashboardPage.serviceTimes')}</Text>} />
            <BarChart
              data={data.dashboard.attendants.map((a) => ({ label: a.name, value: a.avgSupportTime }))}
              title={t('dashboardPage.serviceTimes')}
              testId="chart-service-times"
            />
          </Card>
        </>
      )}
    </Page>
  )
}
