/**
 * The company's contacts as xlsx, written by a job (#core/file_exports): an
 * address book of a million contacts is not a request's work. Rows are
 * streamed into the file as they are read in keyset pages, so memory holds
 * the compressed file, never the whole sheet. The column titles are the
 * import's own, so an exported file imports back as it is.
 */
import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import { defineFileExport } from '#core/file_exports'
import { tenantTable } from '#core/tenancy'

const BATCH = 2000

export interface ContactExportParams {
  /** numbers masked but for the last two digits (lgpdHideNumber, for who may not see them) */
  mask: boolean
}

async function contactsSheet({ mask }: ContactExportParams, progress: (done: number, total: number) => void) {
  const [{ total }] = await tenantTable('contacts').count('* as total')
  const chunks: Buffer[] = []
  const out = new PassThrough()
  out.on('data', (c: Buffer) => chunks.push(c))
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
  const sheet = workbook.addWorksheet('Contatos')
  sheet.columns = [
    { header: 'id', key: 'id', width: 10 },
    { header: 'name', key: 'name', width: 32 },
    { header: 'number', key: 'number', width: 20 },
    { header: 'email', key: 'email', width: 32 },
    { header: 'tags', key: 'tags', width: 32 },
  ]
  let lastId = 0
  let rows = 0
  for (;;) {
    const batch = await tenantTable('contacts as c')
      .leftJoin('contact_tags as ct', 'ct.contact_id', 'c.id')
      .leftJoin('tags as t', 't.id', 'ct.tag_id')
      .where('c.id', '>', lastId)
      .groupBy('c.id')
      .orderBy('c.id')
      .limit(BATCH)
      .select(
        'c.id',
        'c.name',
        'c.number',
        'c.email',
        'c.is_group',
        db.raw(`coalesce(string_agg(t.name, ', ' ORDER BY t.name), '') AS tags`)
      )
    if (!batch.length) break
    for (const r of batch) {
      const number =
        mask && !r.is_group && r.number.length > 2 ? '*'.repeat(r.number.length - 2) + r.number.slice(-2) : r.number
      sheet.addRow({ id: r.id, name: r.name, number, email: r.email ?? '', tags: r.tags }).commit()
    }
    rows += batch.length
    lastId = batch[batch.length - 1].id
    progress(rows, Math.max(rows, Number(total)))
  }
  sheet.commit()
  await workbook.commit()
  return { bytes: Buffer.concat(chunks), rows }
}

let contactExport: ReturnType<typeof define> | null = null
const define = () =>
  defineFileExport<ContactExportParams>({
    name: 'contacts',
    extension: 'xlsx',
    write: (params, _requester, progress) => contactsSheet(params, progress),
  })

/** The contacts export kind; its job is declared by the provider's start. */
export function contactExports() {
  contactExport ??= define()
  return contactExport
}
