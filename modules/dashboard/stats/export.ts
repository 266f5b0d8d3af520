/**
 * The attendants table or a report as an xlsx or CSV file, with the screen's
 * filters, in the requester's language. A job (#core/file_exports) writes
 * it: a year of a busy company's tickets is not a request's work.
 */
import { defineFileExport } from '#core/file_exports'
import { dashboard } from './dashboard_stats.js'
import { dayRange } from './range.js'
import { eachReportPage, reportCount, type ReportKind } from './reports.js'
import { tableWriter, type Cell, type SheetFormat } from './sheet.js'
import { EXPORT_TEXTS, type Lang } from './export_texts.js'

/**
 * Rows per keyset page. The contact and connection names of a page are read by ticket id: past
 * about a thousand ids the planner scans every contact of the table instead (50–80 ms a page at
 * 200,000 contacts, against a few ms for 500 probes).
 */
const PAGE = 500

export interface TableExportParams {
  table: 'attendants' | ReportKind
  format: SheetFormat
  lang: Lang
  /** the range as days of the company's zone, read again by the job */
  fromDay: string
  toDay: string
  zone: string
  /** the zone the report's times are written in */
  timesZone: string
  queueId: number | null
  userId: number | null
  whatsappId: number | null
}

const ATTENDANT_WIDTHS = [28, 10, 10, 12, 18, 22, 10]
const REPORT_WIDTHS = [10, 28, 20, 24, 18, 17, 17, 17, 12, 16, 8]

const QUARTER_HOUR = 900_000
const pad = (n: number) => String(n).padStart(2, '0')

/**
 * "yyyy-MM-dd HH:mm" of an ISO instant in `zone`. The zone's offset is asked of Intl once per
 * quarter of an hour (zones change offset on a quarter hour) and the rest is arithmetic: luxon's
 * conversion per cell blocked the process a tenth of a second per page, Intl per cell 8 µs.
 * A zone the runtime does not know is UTC.
 */
export function minuteIn(zone: string) {
  const options = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' } as const
  let format: Intl.DateTimeFormat
  try {
    format = new Intl.DateTimeFormat('en-US', { ...options, hourCycle: 'h23', timeZone: zone })
  } catch {
    format = new Intl.DateTimeFormat('en-US', { ...options, hourCycle: 'h23', timeZone: 'UTC' })
  }
  const offsets = new Map<number, number>()
  const offsetAt = (quarter: number) => {
    let offset = offsets.get(quarter)
    if (offset === undefined) {
      const at = quarter * QUARTER_HOUR
      const p: Record<string, number> = {}
      for (const part of format.formatToParts(new Date(at))) p[part.type] = Number(part.value)
      offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - at
      if (offsets.size >= 10_000) offsets.clear()
      offsets.set(quarter, offset)
    }
    return offset
  }
  return (iso: string | null): Cell => {
    if (!iso) return null
    const at = Date.parse(iso)
    const local = new Date(at + offsetAt(Math.floor(at / QUARTER_HOUR)))
    return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`
  }
}

async function writeTable(p: TableExportParams, progress: (done: number, total: number) => void) {
  const texts = EXPORT_TEXTS[p.lang]
  const range = dayRange({ from: p.fromDay, to: p.toDay }, p.zone)
  const filter = { queueId: p.queueId, userId: p.userId }
  const title = texts.titles[p.table]
  if (p.table === 'attendants') {
    const { attendants } = await dashboard(range, filter)
    const out = tableWriter(
      p.format,
      title,
      texts.attendants.map((header, i) => ({ header, width: ATTENDANT_WIDTHS[i] }))
    )
    for (const a of attendants)
      out.add([
        a.name,
        a.rating,
        a.countRating,
        a.tickets,
        a.avgWaitTime,
        a.avgSupportTime,
        a.online ? texts.online : texts.offline,
      ])
    progress(attendants.length, attendants.length)
    return { bytes: await out.bytes(), rows: attendants.length }
  }
  const reportFilter = { kind: p.table, ...filter, whatsappId: p.whatsappId }
  const total = await reportCount(range, reportFilter)
  const out = tableWriter(
    p.format,
    title,
    texts.report.map((header, i) => ({ header, width: REPORT_WIDTHS[i] }))
  )
  const when = minuteIn(p.timesZone)
  let rows = 0
  await eachReportPage(range, reportFilter, PAGE, (page) => {
    for (const r of page)
      out.add([
        r.ticketId,
        r.contact,
        r.connection,
        r.user,
        r.queue,
        when(r.queuedAt),
        when(r.startedAt),
        when(r.closedAt),
        r.waitMinutes,
        r.serviceMinutes,
        r.rate,
      ])
    rows += page.length
    // rows tracked while the file is written count too
    progress(rows, Math.max(rows, total))
  })
  return { bytes: await out.bytes(), rows }
}

let tableExport: ReturnType<typeof define> | null = null
const define = () =>
  defineFileExport<TableExportParams>({
    name: 'dashboard-table',
    extension: (p) => p.format,
    write: (params, _requester, progress) => writeTable(params, progress),
  })

/** The dashboard's export kind; its job is declared by the provider's start. */
export function tableExports() {
  tableExport ??= define()
  return tableExport
}
