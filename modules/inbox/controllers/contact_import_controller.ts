import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { requireAdmin } from '#core/http'
import { storage } from '#core/storage'
import { tenancy, tenantTable } from '#core/tenancy'
import { audit } from '#core/audit'
import { exportRequester } from '#core/file_exports'
import { channelRegistry } from '#core/channels'
import { connectionRef } from '#core/pipeline'
import { Whatsapp } from '#core/models'
import { upsertContact } from '../services/contact_upsert.js'
import { callerOf } from '../services/request_context.js'
import { contactExports } from '../services/contact_export.js'
import {
  dispatchImport,
  importContacts,
  importState,
  IMPORT_MAX_ROWS,
  waitForImport,
} from '../services/contact_import.js'
import { fileContentMatches, IMPORT_EXTENSIONS } from '../services/contact_sheet.js'

/** How long an upload waits for its import job before answering 202 (small sheets answer at once). */
const DEFAULT_WAIT_MS = 5000

const uploadQueryValidator = vine.create({
  wait: vine.number().withoutDecimals().min(0).max(10_000).optional(),
})

const importIdValidator = vine.create({
  id: vine.string().uuid(),
})

const rowsValidator = vine.create({
  contacts: vine
    .array(
      vine
        .object({
          name: vine.any().optional(),
          number: vine.any().optional(),
          email: vine.any().optional(),
        })
        .allowUnknownProperties()
    )
    .minLength(1)
    .maxLength(IMPORT_MAX_ROWS),
})

const chatsValidator = vine.create({
  whatsappId: vine.number().withoutDecimals().positive().max(2147483647).optional(),
})

export default class ContactImportController {
  /**
   * POST /contacts/import/chats: every conversation of a connection (the
   * default one unless whatsappId is given) becomes a contact; existing
   * contacts keep their data. Answers how many there were and how many are new.
   * Admins only, like every other import.
   */
  async chats(ctx: HttpContext) {
    requireAdmin(ctx)
    const { whatsappId } = await ctx.request.validateUsing(chatsValidator)
    const whatsapp = whatsappId
      ? await Whatsapp.find(whatsappId)
      : await Whatsapp.query().where('is_default', true).first()
    if (!whatsapp) throw new AppError(whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND', 404)
    const driver = channelRegistry.driver(whatsapp.channel)
    if (!driver?.listChats) throw new AppError('ERR_IMPORT_CHATS_UNSUPPORTED', 422)
    const chats = await driver.listChats(connectionRef(whatsapp))
    let created = 0
    await db.transaction(async (trx) => {
      for (const c of chats) {
        if (!c.number) continue
        const r = await upsertContact(trx, { ...c, channel: whatsapp.channel })
        if (r.created) created++
      }
    })
    return { total: chats.length, created }
  }

  /** POST /contactsImport: admins only; rows already read by the client ({ contacts: [...] } or a bare array). */
  async rows(ctx: HttpContext) {
    requireAdmin(ctx)
    const body = ctx.request.body()
    const data = await rowsValidator.validate(Array.isArray(body) ? { contacts: body } : body)
    const { results, created } = await importContacts(data.contacts, ctx.actor.user.id)
    return { total: results.length, created, results }
  }

  /**
   * POST /contacts/upload and /contacts/import: an xlsx or csv file ("file"),
   * admins only (spec 2 §6, contacts-page:deleteContact covers import and export).
   * The request only checks the file (size → 413, extension, content by magic
   * bytes), stores it privately and dispatches the import job; it then waits
   * up to `wait` ms (default 5 s, never blocking the event loop) for the job:
   * a finished import answers 200 with one result per row, a failed one 422
   * with its code, a longer one 202 { importId, status } — follow it through
   * the contactImport realtime events or GET /contacts/import/:id.
   */
  async upload(ctx: HttpContext) {
    requireAdmin(ctx)
    const { wait } = await uploadQueryValidator.validate(ctx.request.qs())
    const file = ctx.request.file('file', { size: '10mb' }) ?? ctx.request.file('medias', { size: '10mb' })
    if (!file)
      throw new AppError('ERR_VALIDATION', 422, { fields: [{ field: 'file', rule: 'required', message: 'required' }] })
    if (file.errors.some((e) => e.type === 'size')) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413)
    // the declared type is the file name's extension
    const ext = (file.clientName.split('.').pop() ?? '').toLowerCase()
    if (!IMPORT_EXTENSIONS.includes(ext) || !file.isValid || !file.tmpPath)
      throw new AppError('ERR_INVALID_FILE_TYPE', 422)
    // refused before anything is parsed or stored: the content must be the declared type
    // (magic bytes here; the body parser's own detection must agree)
    if (!(await fileContentMatches(file.tmpPath, ext)) || (file.extname ?? '').toLowerCase() !== ext)
      throw new AppError('ERR_IMPORT_FILE_CONTENT', 422)
    const companyId = tenancy.requireCompanyId()
    const { key } = await storage.save(file, companyId, 'contact-imports', IMPORT_EXTENSIONS)
    const importId = await dispatchImport({ companyId, userId: ctx.actor.user.id, key, ext })
    const state = await waitForImport(importId, wait ?? DEFAULT_WAIT_MS)
    if (state?.status === 'failed') throw new AppError(state.error, 422, { details: { importId, ...state.details } })
    if (state?.status === 'done') return { importId, ...state }
    ctx.response.status(202)
    return { importId, status: state?.status ?? 'queued', total: 0, created: 0, results: [] }
  }

  /** GET /contacts/import/:id: an upload's state; when done, one result per row. */
  async status(ctx: HttpContext) {
    requireAdmin(ctx)
    const { id } = await importIdValidator.validate(ctx.params).catch(() => {
      throw new AppError('ERR_IMPORT_NOT_FOUND', 404)
    })
    const state = await importState(id)
    if (!state) throw new AppError('ERR_IMPORT_NOT_FOUND', 404)
    return { importId: id, ...state }
  }

  /** POST /contacts/exports: admins only; queues the xlsx of the company's contacts (masked per lgpdHideNumber). */
  async startExport(ctx: HttpContext) {
    requireAdmin(ctx)
    const { mask } = await callerOf(ctx)
    const [{ total }] = await tenantTable('contacts').count('* as total')
    const exportId = await contactExports().start(exportRequester(ctx), { mask })
    await audit.record(null, {
      action: 'contact.export',
      entity: 'contact',
      companyId: tenancy.requireCompanyId(),
      details: { masked: mask, exportId },
    })
    return ctx.response.accepted({ exportId, total: Number(total), status: 'queued', done: 0 })
  }

  /** GET /contacts/exports/:id: the caller's export state { status, done, total }. */
  async exportProgress(ctx: HttpContext) {
    requireAdmin(ctx)
    return contactExports().state(ctx.params.id, exportRequester(ctx), 'ERR_CONTACT_EXPORT_NOT_FOUND')
  }

  /** GET /contacts/exports/:id/file: the finished xlsx. */
  async exportDownload(ctx: HttpContext) {
    requireAdmin(ctx)
    await contactExports().send(
      ctx.response,
      ctx.params.id,
      exportRequester(ctx),
      'ERR_CONTACT_EXPORT_NOT_FOUND',
      'contacts.xlsx'
    )
  }
}
