import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { idParam, pageNumber, requireAdmin } from '#core/http'
import { realtime } from '#core/realtime'
import { tenancy } from '#core/tenancy'
import { audit } from '#core/audit'
import Contact from '../models/contact.js'
import { callerOf } from '../services/request_context.js'
import { presentContact } from '../services/ticket_presenter.js'
import { blockContactValidator, createContactValidator, updateContactValidator } from '../validators/contacts.js'
import { isoDate, jsonIdList, truthy } from './params.js'
import { mediaUrl } from '../services/media_url.js'
import { contactPage } from '../services/contact_list.js'
import { contactSearch, searchTerm, whereContactMatches } from '../services/ticket_list.js'

const CONTACTS_PAGE_SIZE = 100

const digits = (s: string) => s.replace(/\D/g, '')

async function findContact(ctx: HttpContext, param = 'id') {
  const contact = await Contact.query()
    .where('id', idParam(ctx, 'ERR_NO_CONTACT_FOUND', param))
    .preload('extraInfo')
    .preload('tags')
    .first()
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
  return contact
}

async function assertNumberFree(number: string, exceptId?: number) {
  const q = Contact.query().where('number', number)
  if (exceptId) q.whereNot('id', exceptId)
  if (await q.first()) throw new AppError('ERR_DUPLICATED_CONTACT', 409)
}

const isDuplicate = (e: any) => e?.code === '23505'

export default class ContactsController {
  async index(ctx: HttpContext) {
    const { mask } = await callerOf(ctx)
    const qs = ctx.request.qs()
    const search = typeof qs.searchParam === 'string' ? searchTerm(qs.searchParam) : ''
    const tags = jsonIdList(qs.contactTag)
    const isGroup = qs.isGroup !== undefined && qs.isGroup !== '' ? truthy(qs.isGroup) : undefined
    const channel = typeof qs.channel === 'string' && /^[a-z]{1,20}$/.test(qs.channel) ? qs.channel : undefined
    const date = isoDate(qs.date)
    const start = isoDate(qs.dateStart)
    const end = isoDate(qs.dateEnd)
    const { rows, count, countCapped, hasMore } = await contactPage(
      (query) => {
        // digits look inside numbers, anything else inside names (ticket_list.contactSearch)
        if (search) whereContactMatches(query, contactSearch(search, mask), 'c')
        if (tags?.length)
          query.whereExists((q) =>
            q.from('contact_tags').whereColumn('contact_tags.contact_id', 'c.id').whereIn('contact_tags.tag_id', tags)
          )
        if (isGroup !== undefined) query.where('c.is_group', isGroup)
        if (channel) query.where('c.channel', channel)
        if (date) query.whereRaw('c.created_at::date = ?::date', [date])
        if (start) query.whereRaw('c.created_at::date >= ?::date', [start])
        if (end) query.whereRaw('c.created_at::date <= ?::date', [end])
      },
      { page: pageNumber(ctx), pageSize: CONTACTS_PAGE_SIZE, searching: Boolean(search), mask }
    )
    // count: docs/performance.md (capped; a search counts up to the page's end)
    return { contacts: rows, count, hasMore, ...(countCapped ? { countCapped } : {}) }
  }

  /** id, name, number of every contact (pickers); capped. */
  async list(ctx: HttpContext) {
    const { mask } = await callerOf(ctx)
    const query = Contact.query().orderBy('name').limit(1000)
    const search = String(ctx.request.input('searchParam', '')).trim().toLowerCase().slice(0, 100)
    if (search)
      query.whereRaw('lower(inbox_unaccent(name)) LIKE inbox_unaccent(?)', [
        `%${search.replace(/[\\%_]/g, (c) => '\\' + c)}%`,
      ])
    const rows = await query
    return rows.map((c) => presentContact(c, { maskNumbers: mask }))
  }

  async show(ctx: HttpContext) {
    const { mask } = await callerOf(ctx)
    return presentContact(await findContact(ctx), { maskNumbers: mask })
  }

  async profile(ctx: HttpContext) {
    const number = digits(String(ctx.params.number ?? ''))
    if (number.length < 8 || number.length > 50) throw new AppError('ERR_WAPP_INVALID_CONTACT', 422)
    const contact = await Contact.query().where('number', number).first()
    return {
      contactId: contact?.id ?? 0,
      urlPicture: mediaUrl(contact?.urlPicture ?? null),
      profilePicUrl: mediaUrl(contact?.urlPicture ?? null),
    }
  }

  async store(ctx: HttpContext) {
    const data = await ctx.request.validateUsing(createContactValidator)
    const number = digits(data.number)
    if (number.length < 8)
      throw new AppError('ERR_VALIDATION', 422, {
        fields: [{ field: 'number', rule: 'minLength', message: 'minLength' }],
      })
    await assertNumberFree(number)
    try {
      const contact = await db.transaction(async (trx) => {
        const c = new Contact()
        c.useTransaction(trx)
        c.fill({
          name: data.name,
          number,
          email: data.email ?? null,
          disableBot: data.disableBot ?? false,
          acceptAudioMessage: data.acceptAudioMessage ?? true,
          channel: data.channel ?? 'whatsapp',
          active: true,
          isGroup: false,
        })
        await c.save()
        if (data.extraInfo?.length) {
          await trx
            .table('contact_custom_fields')
            .multiInsert(data.extraInfo.map((f) => ({ contact_id: c.id, name: f.name, value: f.value })))
        }
        return c
      })
      await contact.load('extraInfo')
      await contact.load('tags')
      realtime.toCompany(tenancy.requireCompanyId(), 'contact', {
        action: 'create',
        contact: presentContact(contact, { maskNumbers: true }),
      })
      const { mask } = await callerOf(ctx)
      return ctx.response.created(presentContact(contact, { maskNumbers: mask }))
    } catch (error) {
      if (isDuplicate(error)) throw new AppError('ERR_DUPLICATED_CONTACT', 409)
      throw error
    }
  }

  async update(ctx: HttpContext) {
    const contact = await findContact(ctx)
    const data = await ctx.request.validateUsing(updateContactValidator)
    const { mask } = await callerOf(ctx)
    const fields: Partial<Contact> = {}
    if (data.name !== undefined) fields.name = data.name
    if (data.email !== undefined) fields.email = data.email
    if (data.disableBot !== undefined) fields.disableBot = data.disableBot
    if (data.acceptAudioMessage !== undefined) fields.acceptAudioMessage = data.acceptAudioMessage
    if (data.active !== undefined) fields.active = data.active
    // a reader who sees masked numbers sends the masked value back: it never overwrites the real one
    if (data.number !== undefined && !mask && !data.number.includes('*')) {
      const number = digits(data.number)
      if (number.length < 8)
        throw new AppError('ERR_VALIDATION', 422, {
          fields: [{ field: 'number', rule: 'minLength', message: 'minLength' }],
        })
      if (number !== contact.number) {
        await assertNumberFree(number, contact.id)
        fields.number = number
      }
    }
    try {
      await db.transaction(async (trx) => {
        contact.useTransaction(trx)
        contact.merge(fields)
        await contact.save()
        if (data.extraInfo) {
          await trx.from('contact_custom_fields').where('contact_id', contact.id).delete()
          if (data.extraInfo.length) {
            await trx
              .table('contact_custom_fields')
              .multiInsert(data.extraInfo.map((f) => ({ contact_id: contact.id, name: f.name, value: f.value })))
          }
        }
      })
    } catch (error) {
      if (isDuplicate(error)) throw new AppError('ERR_DUPLICATED_CONTACT', 409)
      throw error
    }
    await contact.load('extraInfo')
    await contact.load('tags')
    realtime.toCompany(tenancy.requireCompanyId(), 'contact', {
      action: 'update',
      contact: presentContact(contact, { maskNumbers: true }),
    })
    return presentContact(contact, { maskNumbers: mask })
  }

  async toggleDisableBot(ctx: HttpContext) {
    const contact = await findContact(ctx)
    contact.disableBot = !contact.disableBot
    await contact.save()
    return { disableBot: contact.disableBot }
  }

  async toggleAcceptAudio(ctx: HttpContext) {
    const contact = await findContact(ctx)
    contact.acceptAudioMessage = !contact.acceptAudioMessage
    await contact.save()
    return { acceptAudioMessage: contact.acceptAudioMessage }
  }

  async block(ctx: HttpContext) {
    const contact = await findContact(ctx)
    const { active } = await ctx.request.validateUsing(blockContactValidator)
    contact.active = active
    await contact.save()
    const { mask } = await callerOf(ctx)
    realtime.toCompany(tenancy.requireCompanyId(), 'contact', {
      action: 'update',
      contact: presentContact(contact, { maskNumbers: true }),
    })
    return presentContact(contact, { maskNumbers: mask })
  }

  /** Admins only (spec 1 §6). Tickets and messages of the contact go with it. */
  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const contact = await findContact(ctx)
    await db.transaction(async (trx) => {
      await contact.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'contact.delete',
        entity: 'contact',
        entityId: contact.id,
        companyId: contact.companyId,
        before: { name: contact.name, number: contact.number, email: contact.email },
      })
    })
    realtime.toCompany(tenancy.requireCompanyId(), 'contact', { action: 'delete', contactId: contact.id })
    return { message: 'contact deleted' }
  }

  async tags(ctx: HttpContext) {
    const contact = await findContact(ctx, 'contactId')
    return contact.tags.map((t) => ({ id: t.id, name: t.name, color: t.color, kanban: t.kanban }))
  }
}
