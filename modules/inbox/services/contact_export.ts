/**
 * The company's contacts as xlsx, written by a job (#core/file_exports): an
 * address book of a million contacts is not a request's work. Rows are
 * streamed into the file (xlsxSheet) as they are read in keyset pages. The column titles are the
 * import's own, so an exported file imports back as it is.
 */
import db from '@adonisjs/lucid/services/db'
import { defineFileExport, xlsxSheet } from '#core/file_exports'
import { tenantTable } from '#core/tenancy'

const BATCH = 2000

export interface ContactExportParams {
  /** numbers masked but for the last two digits (lgpdHideNumber, for who may not see them) */
  mask: boolean
}

async function contactsSheet({ mask }: ContactExportParams, progress: (done: number, total: number) => void) {
  const [{ total }] = await tenantTable('contacts').count('* as total')
  const sheet = xlsxSheet('Contatos', [
    { header: 'id', key: 'id', width: 10 },
    { header: 'name', key: 'name', width: 32 },
    { header: 'number', key: 'number', width: 20 },
    { header: 'email', key: 'email', width: 32 },
    { header: 'tags', key: 'tags', width: 32 },
  ])
  let lastId = 0
  let rows = 0
  for (;;) {
    // tags per contact by its index: a join and GROUP BY sorted every tag link at every page
    const batch = await tenantTable('contacts as c')
      .where('c.id', '>', lastId)
      .orderBy('c.id')
      .limit(BATCH)
      .select(
        'c.id',
        'c.name',
        'c.number',
        'c.email',
        'c.is_group',
        db.raw(`coalesce((SELECT string_agg(t.name, ', ' ORDER BY t.name) FROM contact_tags ct
                  JOIN tags t ON t.id = ct.tag_id WHERE ct.contact_id = c.id), '') AS tags`)
      )
    if (!batch.length) break
    for (const r of batch) {
      const number =
        mask && !r.is_group && r.number.length > 2 ? '*'.repeat(r.number.length - 2) + r.number.slice(-2) : r.number
      sheet.add({ id: r.id, name: r.name, number, email: r.email ?? '', tags: r.tags })
    }
    rows += batch.length
    lastId = batch[batch.length - 1].id
    progress(rows, Math.max(rows, Number(total)))
  }
  return { bytes: await sheet.bytes(), rows }
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
