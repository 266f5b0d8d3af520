/**
 * /reports (admins and showDashboard users): the four reports of spec 1 §2
 * (calls, surveys, ticket duration, group tickets), one row per ticket
 * session, filtered by dates, queue, agent and connection, exported as xlsx
 * and CSV (every row, written by a job on the server) and as PDF (made here
 * from the same report call, at most PDF_LIMIT rows). Group-report times
 * follow spec 1 §9: Brazil's time zone in Portuguese, Mexico's in Spanish.
 */
import { useCallback, useEffect, useState } from 'react'
import {
  Button,
  Dropdown,
  Field,
  Input,
  Option,
  Spinner,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components'
import { DocumentPdfRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api, downloadName, EmptyState, Page, toasts, type ExportProgress } from '@balcao/ui'
import { downloadExport } from './download.js'
import { ExportButtons, type SheetFormat } from './ExportButtons.js'
import { monthStart, today } from './dates.js'
import { formatNumber } from './numbers.js'
import { reportPdf } from './pdf.js'

type Kind = 'calls' | 'surveys' | 'duration' | 'groups'
interface Row {
  id: number
  ticketId: number
  contact: string | null
  connection: string | null
  user: string | null
  queue: string | null
  queuedAt: string | null
  startedAt: string | null
  closedAt: string | null
  finishedAt: string | null
  waitMinutes: number | null
  serviceMinutes: number | null
  rate: number | null
}
interface Named {
  id: number
  name: string
}

const PAGE = 50
/** the PDF's rows: the server's export cap (EXPORT_LIMIT), fetched in pages of the report call's largest size */
const PDF_LIMIT = 10_000
const PDF_PAGE = 5_000
const useStyles = makeStyles({
  filters: { display: 'flex', gap: '12px', alignItems: 'flex-end', flexWrap: 'wrap' },
  wrap: { overflowX: 'auto' },
  // four report names do not fit a phone's width: the tabs scroll sideways instead of widening the page
  tabs: { overflowX: 'auto', maxWidth: '100%', flexShrink: 0 },
  // eleven columns keep their width and scroll sideways on a phone instead of crushing the cells
  table: { minWidth: '1040px' },
  select: { minWidth: '160px' },
})

const listOf = (r: any): Named[] => (Array.isArray(r) ? r : (r?.users ?? r?.queues ?? r?.whatsapps ?? []))

/** the time zone a report's times are shown in (spec 1 §9 for groups); undefined = the browser's */
function zoneFor(kind: Kind, language: string) {
  if (kind !== 'groups') return undefined
  if (language.startsWith('pt')) return 'America/Sao_Paulo'
  if (language.startsWith('es')) return 'America/Mexico_City'
  return undefined
}

function Picker(props: { label: string; options: Named[]; value: string; onChange: (v: string) => void; all: string }) {
  const styles = useStyles()
  const selected = props.options.find((o) => String(o.id) === props.value)
  return (
    <Field label={props.label}>
      <Dropdown
        className={styles.select}
        value={selected?.name ?? props.all}
        selectedOptions={[props.value]}
        onOptionSelect={(_, d) => props.onChange(d.optionValue ?? '')}
      >
        <Option value="">{props.all}</Option>
        {props.options.map((o) => (
          <Option key={o.id} value={String(o.id)}>
            {o.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  )
}

export function ReportsPage() {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const [kind, setKind] = useState<Kind>('calls')
  const [from, setFrom] = useState(monthStart())
  const [to, setTo] = useState(today())
  const [queueId, setQueueId] = useState('')
  const [userId, setUserId] = useState('')
  const [whatsappId, setWhatsappId] = useState('')
  const [options, setOptions] = useState<{ queues: Named[]; users: Named[]; connections: Named[] }>({
    queues: [],
    users: [],
    connections: [],
  })
  const [data, setData] = useState<{ rows: Row[]; count: number; hasMore: boolean } | null>(null)
  const [page, setPage] = useState(1)
  const [printing, setPrinting] = useState(false)

  useEffect(() => {
    // the filters' choices; a list the caller may not read stays empty
    void Promise.allSettled([api.get('/queue'), api.get('/users/list'), api.get('/whatsapp')]).then(([q, u, w]) =>
      setOptions({
        queues: q.status === 'fulfilled' ? listOf(q.value) : [],
        users: u.status === 'fulfilled' ? listOf(u.value) : [],
        connections: w.status === 'fulfilled' ? listOf(w.value) : [],
      })
    )
  }, [])

  const query = useCallback(
    (extra: Record<string, string | number>) => ({
      kind,
      date_from: from,
      date_to: to,
      queueId: queueId || undefined,
      userId: userId || undefined,
      whatsappId: whatsappId || undefined,
      ...extra,
    }),
    [kind, from, to, queueId, userId, whatsappId]
  )

  const load = useCallback(
    async (n: number) => {
      if (!from || !to) return void toasts.warning(t('dashboardPage.needFilter'))
      try {
        setData(await api.get('/dashboard/reports', query({ pageNumber: n, pageSize: PAGE })))
        setPage(n)
      } catch {
        toasts.error(t('dashboardPage.fetchError'))
      }
    },
    [query, from, to, t]
  )

  useEffect(() => {
    void load(1)
    // a new report kind loads at once; date and list filters wait for the button
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind])

  const zone = zoneFor(kind, i18n.language)
  const when = (v: string | null) =>
    v
      ? new Date(v).toLocaleString(i18n.language === 'en' ? 'en-US' : i18n.language === 'es' ? 'es-MX' : 'pt-BR', {
          timeZone: zone,
          dateStyle: 'short',
          timeStyle: 'short',
        })
      : ''
  const num = (v: number | null) => (v === null ? '' : formatNumber(v, i18n.language))
  const columns = [
    'ticket',
    'contact',
    'connection',
    'user',
    'queue',
    'queuedAt',
    'startedAt',
    'closedAt',
    'wait',
    'service',
    'rate',
  ] as const
  const header = columns.map((c) => t(`reportsPage.columns.${c}`))
  const cells = (r: Row) => [
    r.ticketId,
    r.contact ?? '',
    r.connection ?? '',
    r.user ?? '',
    r.queue ?? '',
    when(r.queuedAt),
    when(r.startedAt),
    when(r.closedAt),
    num(r.waitMinutes),
    num(r.serviceMinutes),
    r.rate ?? '',
  ]

  const download = (format: SheetFormat, onProgress: (p: ExportProgress) => void) => {
    const { kind: table, ...filters } = query({})
    return downloadExport(
      { ...filters, table, format },
      downloadName(t(`reportsPage.kinds.${kind}`), format, from, to),
      i18n.language,
      onProgress
    )
  }

  /** The report with the filters on screen as a PDF: title, the filters used, every row (up to PDF_LIMIT). */
  const pdf = async () => {
    if (!from || !to) return void toasts.warning(t('dashboardPage.needFilter'))
    setPrinting(true)
    try {
      const rows: Row[] = []
      let count = 0
      for (let n = 1; rows.length < PDF_LIMIT; n++) {
        const got = await api.get<{ rows: Row[]; count: number; hasMore: boolean }>(
          '/dashboard/reports',
          query({ pageNumber: n, pageSize: PDF_PAGE })
        )
        rows.push(...got.rows)
        count = got.count
        if (!got.hasMore) break
      }
      const all = t('reportsPage.all')
      const nameOf = (list: Named[], id: string) => (id ? (list.find((o) => String(o.id) === id)?.name ?? id) : all)
      const title = `${t('reportsPage.title')}: ${t(`reportsPage.kinds.${kind}`)}`
      const filters: [string, string][] = [
        [t('dashboardPage.period'), `${from} - ${to}`],
        [t('reportsPage.queue'), nameOf(options.queues, queueId)],
        [t('reportsPage.user'), nameOf(options.users, userId)],
        [t('reportsPage.connection'), nameOf(options.connections, whatsappId)],
      ]
      if (zone) filters.push([t('dashboardPage.timezone'), zone])
      await reportPdf({
        title,
        filters,
        generatedAt: t('dashboardPage.generatedAt', { when: new Date().toLocaleString(i18n.language) }),
        header,
        rows: rows.map(cells),
        note: count > rows.length ? t('reportsPage.truncated', { shown: rows.length, count }) : undefined,
        fileName: downloadName(t(`reportsPage.kinds.${kind}`), 'pdf', from, to),
      })
    } catch {
      toasts.error(t('reportsPage.pdfError'))
    } finally {
      setPrinting(false)
    }
  }

  return (
    <Page
      title={t('reportsPage.title')}
      count={data?.count}
      actions={
        <>
          <ExportButtons testId="report" onExport={download} />
          <Button
            icon={printing ? <Spinner size="tiny" /> : <DocumentPdfRegular />}
            disabled={printing}
            onClick={() => void pdf()}
            data-testid="report-pdf"
          >
            PDF
          </Button>
        </>
      }
    >
      <TabList className={styles.tabs} selectedValue={kind} onTabSelect={(_, d) => setKind(d.value as Kind)}>
        {(['calls', 'surveys', 'duration', 'groups'] as const).map((k) => (
          <Tab key={k} value={k}>
            {t(`reportsPage.kinds.${k}`)}
          </Tab>
        ))}
      </TabList>
      <div className={styles.filters}>
        <Field label={t('dashboardPage.startDate')}>
          <Input type="date" value={from} onChange={(_, d) => setFrom(d.value)} />
        </Field>
        <Field label={t('dashboardPage.endDate')}>
          <Input type="date" value={to} onChange={(_, d) => setTo(d.value)} />
        </Field>
        <Picker
          label={t('reportsPage.queue')}
          options={options.queues}
          value={queueId}
          onChange={setQueueId}
          all={t('reportsPage.all')}
        />
        <Picker
          label={t('reportsPage.user')}
          options={options.users}
          value={userId}
          onChange={setUserId}
          all={t('reportsPage.all')}
        />
        <Picker
          label={t('reportsPage.connection')}
          options={options.connections}
          value={whatsappId}
          onChange={setWhatsappId}
          all={t('reportsPage.all')}
        />
        <Button appearance="primary" onClick={() => void load(1)} data-testid="report-apply">
          {t('dashboardPage.filter')}
        </Button>
      </div>
      {!data ? (
        <Spinner />
      ) : data.rows.length === 0 ? (
        <EmptyState title={t('dashboardPage.noData')} />
      ) : (
        <>
          <div className={styles.wrap}>
            <Table size="small" className={styles.table} data-testid="report-table">
              <TableHeader>
                <TableRow>
                  {header.map((h) => (
                    <TableHeaderCell key={h}>{h}</TableHeaderCell>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((r) => (
                  <TableRow key={r.id}>
                    {cells(r).map((c, i) => (
                      <TableCell key={i}>{c}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <div className={styles.filters}>
            <Button disabled={page <= 1} onClick={() => void load(page - 1)}>
              ‹
            </Button>
            <span>{page}</span>
            <Button disabled={!data.hasMore} onClick={() => void load(page + 1)}>
              ›
            </Button>
          </div>
        </>
      )}
    </Page>
  )
}
