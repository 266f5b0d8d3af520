/**
 * The report's rows as an xlsx, one row per recipient with its state and
 * times (in the company's time zone), in the requester's language. A job
 * (#core/file_exports) writes it: a campaign of 100,000 recipients is not
 * a request's work.
 */
import { DateTime } from 'luxon'
import { defineFileExport, xlsxSheet } from '#core/file_exports'
import { tenantTable } from '#core/tenancy'
import { REPORT_TEXTS, type Lang } from './report_texts.js'

const BATCH = 2000

export interface ReportExportParams {
  campaignId: number
  lang: Lang
  zone: string
}

async function reportWorkbook(p: ReportExportParams, progress: (done: number, total: number) => void) {
  const texts = REPORT_TEXTS[p.lang]
  const [{ total }] = await tenantTable('campaign_shippings').where('campaign_id', p.campaignId).count('* as total')
  const widths = {
    name: 28,
    number: 18,
    email: 28,
    status: 22,
    delivered: 18,
    read: 18,
    asked: 22,
    confirmed: 18,
    failed: 18,
    error: 28,
  }
  const ws = xlsxSheet(
    texts.sheet,
    Object.entries(widths).map(([key, width]) => ({ header: texts.columns[key as keyof typeof widths], key, width }))
  )
  const when = (v: Date | string | null) =>
    v ? DateTime.fromJSDate(new Date(v)).setZone(p.zone).toFormat(texts.dateFormat) : ''
  // in keyset pages, streamed into the file
  let after = 0
  let rows = 0
  for (;;) {
    const batch = await tenantTable('campaign_shippings')
      .where('campaign_id', p.campaignId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
    if (!batch.length) break
    for (const r of batch) {
      ws.add({
        name: r.name,
        number: r.number,
        email: r.email ?? '',
        status: texts.status[r.status as keyof typeof texts.status] ?? r.status,
        delivered: when(r.delivered_at),
        read: when(r.read_at),
        asked: when(r.confirmation_requested_at),
        confirmed: when(r.confirmed_at),
        failed: when(r.failed_at),
        error: r.error ?? '',
      })
    }
    rows += batch.length
    after = Number(batch[batch.length - 1].id)
    progress(rows, Math.max(rows, Number(total)))
  }
  return { bytes: await ws.bytes(), rows }
}

let reportExport: ReturnType<typeof define> | null = null
const define = () =>
  defineFileExport<ReportExportParams>({
    name: 'campaign-report',
    extension: 'xlsx',
    write: (params, _requester, progress) => reportWorkbook(params, progress),
  })

/** The report export kind; its job is declared by the provider's start. */
export function reportExports() {
  reportExport ??= define()
  return reportExport
}
