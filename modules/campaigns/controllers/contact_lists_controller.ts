import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { AppError } from '#core/errors'
import { idParam, likeTerm, pageNumber, paginate, requireAdmin } from '#core/http'
import { realtime } from '#core/realtime'
import { audit } from '#core/audit'
import ContactList from '../models/contact_list.js'
import { contactListValidator } from '../validators.js'
import { storage } from '#core/storage'
import { fileContentMatches } from '#modules/inbox/public/contact_sheets'
import { dispatchListImport } from '../services/list_import.js'

/** xlsx and xls (the spec's formats) and csv */
const SHEET_EXTENSIONS = ['xlsx', 'xls', 'csv']

const PAGE_SIZE = 20

/** A list with its contactsCount, as the spec's screens read it. */
function withCount(query: ModelQueryBuilderContract<typeof ContactList>) {
  return query
    .select('contact_lists.*')
    .select(
      db.raw(
        '(SELECT count(*) FROM contact_list_items i WHERE i.contact_list_id = contact_lists.id AND i.company_id = contact_lists.company_id)::int AS contacts_count'
      )
    )
}

export const serializeList = (l: ContactList) => ({
  ...l.serialize(),
  contactsCount: Number(l.$extras.contacts_count ?? 0),
})

export async function findList(id: number) {
  const list = await withCount(ContactList.query().where('contact_lists.id', id)).first()
  if (!list) throw new AppError('ERR_NO_CONTACT_LIST_FOUND', 404)
  return list
}

export default class ContactListsController {
  async index(ctx: HttpContext) {
    const query = withCount(ContactList.query()).orderBy('contact_lists.name').orderBy('contact_lists.id')
    const search = ctx.request.input('searchParam')
    if (search) query.whereRaw('lower(contact_lists.name) like ?', [likeTerm(search)])
    const { rows, count, hasMore } = await paginate(query, pageNumber(ctx), PAGE_SIZE)
    return { records: rows.map(serializeList), count, hasMore }
  }

  /** every list of the company, for the campaign dialog's select */
  async list() {
    const rows = await withCount(ContactList.query()).orderBy('contact_lists.name').limit(1000)
    return rows.map(serializeList)
  }

  async show(ctx: HttpContext) {
    return serializeList(await findList(idParam(ctx, 'ERR_NO_CONTACT_LIST_FOUND')))
  }

  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const data = await ctx.request.validateUsing(contactListValidator)
    const created = await ContactList.create(data)
    const record = serializeList(await findList(created.id))
    realtime.toCompany(created.companyId, 'ContactList', { action: 'create', record })
    return ctx.response.created(record)
  }

  async update(ctx: HttpContext) {
    requireAdmin(ctx)
    const list = await findList(idParam(ctx, 'ERR_NO_CONTACT_LIST_FOUND'))
    const data = await ctx.request.validateUsing(contactListValidator)
    list.merge(data)
    await list.save()
    const record = serializeList(list)
    realtime.toCompany(list.companyId, 'ContactList', { action: 'update', record })
    return record
  }

  /**
   * POST /contact-lists/{id}/upload (multipart "file"): checks the file (size,
   * extension, content by magic bytes), stores it privately and queues the
   * import; 202. Progress and per-row results arrive on company-{id}-ContactListItem.
   */
  async upload(ctx: HttpContext) {
    requireAdmin(ctx)
    const list = await findList(idParam(ctx, 'ERR_NO_CONTACT_LIST_FOUND'))
    const file = ctx.request.file('file', { size: '10mb' })
    if (!file)
      throw new AppError('ERR_VALIDATION', 422, { fields: [{ field: 'file', rule: 'required', message: 'required' }] })
    if (file.errors.some((e) => e.type === 'size')) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413)
    const ext = (file.clientName.split('.').pop() ?? '').toLowerCase()
    if (!SHEET_EXTENSIONS.includes(ext) || !file.isValid || !file.tmpPath)
      throw new AppError('ERR_INVALID_FILE_TYPE', 422)
    if (!(await fileContentMatches(file.tmpPath, ext)) || (file.extname ?? '').toLowerCase() !== ext) {
      throw new AppError('ERR_IMPORT_FILE_CONTENT', 422)
    }
    const { key } = await storage.save(file, list.companyId, 'contact-list-imports', SHEET_EXTENSIONS)
    await dispatchListImport({ companyId: list.companyId, contactListId: list.id, key, ext })
    return ctx.response.accepted({ contactListId: list.id, status: 'queued' })
  }

  /** its items go with it (cascade); campaigns that used it keep their shipping rows */
  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const list = await findList(idParam(ctx, 'ERR_NO_CONTACT_LIST_FOUND'))
    await db.transaction(async (trx) => {
      await list.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'contact_list.delete',
        entity: 'contact_list',
        entityId: list.id,
        companyId: list.companyId,
        before: { name: list.name, contactsCount: Number(list.$extras.contacts_count ?? 0) },
      })
    })
    realtime.toCompany(list.companyId, 'ContactList', { action: 'delete', id: list.id })
    return ctx.response.noContent()
  }
}
