import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { idParam, likeTerm, pageNumber, paginate } from '#core/http'
import { realtime } from '#core/realtime'
import { storage } from '#core/storage'
import { audit } from '#core/audit'
import FileList from '../models/file_list.js'
import { fileListValidator } from '../validators.js'
import {
  MAX_FILE_BYTES,
  attachFiles,
  checkFiles,
  findList,
  serializeList,
  syncOptions,
} from '../services/file_lists.js'

const PAGE_SIZE = 20
const SELECT_MAX = 500

/** company-{id}-file (spec 3 §7) */
const emit = (companyId: number, payload: Parameters<typeof realtime.toCompany>[2]) =>
  realtime.toCompany(companyId, 'file', payload)

/** A positive integer from a form field, or null. */
function formId(v: unknown): number | null {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null
}

/** File lists (spec 3 §7): any signed-in user of the company reads and writes them. */
export default class FileListsController {
  async index(ctx: HttpContext) {
    const query = FileList.query().orderBy('name').orderBy('id')
    const search = ctx.request.input('searchParam')
    if (search) query.whereRaw('lower(file_lists.name) like ?', [likeTerm(search)])
    // without pageNumber: the whole list for a select (connection and queue dialogs), capped
    const paged = ctx.request.input('pageNumber') !== undefined
    const { rows, count, hasMore } = await paginate(query, pageNumber(ctx), paged ? PAGE_SIZE : SELECT_MAX)
    for (const row of rows) await row.load('options')
    return { files: rows.map(serializeList), count, hasMore }
  }

  async show(ctx: HttpContext) {
    return serializeList(await findList(idParam(ctx, 'ERR_NO_FILE_LIST_FOUND')))
  }

  async store(ctx: HttpContext) {
    const data = await ctx.request.validateUsing(fileListValidator)
    const userId = ctx.actor.user.id
    const id = await db.transaction(async (trx) => {
      const list = await FileList.create({ name: data.name, message: data.message, userId }, { client: trx })
      await list.load('options')
      await syncOptions(trx, list, data.options ?? [])
      return list.id
    })
    const record = serializeList(await findList(id))
    emit(ctx.actor.company.id, { action: 'create', record })
    return ctx.response.created(record)
  }

  async update(ctx: HttpContext) {
    const id = idParam(ctx, 'ERR_NO_FILE_LIST_FOUND')
    await findList(id)
    const data = await ctx.request.validateUsing(fileListValidator)
    const removed = await db.transaction(async (trx) => {
      const list = await findList(id, trx)
      list.useTransaction(trx).merge({ name: data.name, message: data.message })
      await list.save()
      return data.options ? syncOptions(trx, list, data.options) : []
    })
    for (const key of removed) await storage.delete(key)
    const record = serializeList(await findList(id))
    emit(ctx.actor.company.id, { action: 'update', record })
    return record
  }

  /** its options and their stored files go with it */
  async destroy(ctx: HttpContext) {
    const id = idParam(ctx, 'ERR_NO_FILE_LIST_FOUND')
    const keys = await db.transaction(async (trx) => {
      const list = await findList(id, trx)
      const paths = list.options.map((o) => o.path).filter((p): p is string => Boolean(p))
      await list.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'file_list.delete',
        entity: 'file_list',
        entityId: list.id,
        companyId: list.companyId,
        before: { name: list.name, options: list.options.length },
      })
      return paths
    })
    for (const key of keys) await storage.delete(key)
    emit(ctx.actor.company.id, { action: 'delete', fileId: id, id })
    return { message: 'File list deleted' }
  }

  /**
   * POST /files/uploadList/{id} (multipart: files, and per file the option's
   * fileId; without one a new option named `name` or after the file). The
   * client's mediaType and typeArch are ignored: the content is sniffed.
   */
  async upload(ctx: HttpContext) {
    const id = idParam(ctx, 'ERR_NO_FILE_LIST_FOUND')
    await findList(id)
    const files = ctx.request.files('files', { size: MAX_FILE_BYTES })
    const single = ctx.request.file('file', { size: MAX_FILE_BYTES })
    const all = files.length ? files : single ? [single] : []
    const raw = ctx.request.input('fileId')
    const ids = (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw]).map(formId)
    if (ids.some((v) => v === null)) throw new AppError('ERR_NO_FILE_OPTION_FOUND', 404)
    const checked = await checkFiles(all)
    const name = typeof ctx.request.input('name') === 'string' ? (ctx.request.input('name') as string) : null
    const list = await attachFiles(id, checked, ids as number[], name)
    const record = serializeList(list)
    emit(list.companyId, { action: 'update', record })
    return record
  }
}
