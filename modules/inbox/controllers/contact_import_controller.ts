import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { channelRegistry } from '#core/channels'
import { connectionRef } from '#core/pipeline'
import { Whatsapp } from '#core/models'
import { upsertContact } from '../services/contact_upsert.js'
import { callerOf } from '../services/request_context.js'
import { exportContacts, importContacts, IMPORT_MAX_ROWS, readSheet } from '../services/contact_import.js'

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
   */
  async chats(ctx: HttpContext) {
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

  /** POST /contactsImport: rows already read by the client ({ contacts: [...] } or a bare array). */
  async rows(ctx: HttpContext) {
    const body = ctx.request.body()
    const data = await rowsValidator.validate(Array.isArray(body) ? { contacts: body } : body)
    const { results, created } = await importContacts(data.contacts, ctx.actor.user.id)
    return { total: results.length, created, results }
  }

  /** POST /contacts/upload and /contacts/import: an xlsx or csv file ("file"). */
  async upload(ctx: HttpContext) {
    const file =
      ctx.request.file('file', { size: '10mb', extnames: ['xlsx', 'csv'] }) ??
      ctx.request.file('medias', { size: '10mb', extnames: ['xlsx', 'csv'] })
    if (!file)
      throw new AppError('ERR_VALIDATION', 422, { fields: [{ field: 'file', rule: 'required', message: 'required' }] })
    if (!file.isValid || !file.tmpPath) throw new AppError('ERR_INVALID_FILE_TYPE', 422)
    const { rows, firstRow } = await readSheet(file.tmpPath, (file.extname ?? '').toLowerCase())
    if (!rows.length) throw new AppError('ERR_IMPORT_FILE', 422)
    const { results, created } = await importContacts(rows, ctx.actor.user.id, firstRow)
    return { total: results.length, created, results }
  }

  /** GET /contacts/export: xlsx of the company's contacts (masked per lgpdHideNumber). */
  async export(ctx: HttpContext) {
    const { mask } = await callerOf(ctx)
    const buffer = await exportContacts(mask)
    ctx.response.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    ctx.response.header('content-disposition', 'attachment; filename="contatos.xlsx"')
    return ctx.response.send(buffer)
  }
}
