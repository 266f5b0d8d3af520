import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { idParam, likeTerm, pageNumber, paginate, requireAdmin } from '#core/http'
import { realtime } from '#core/realtime'
import { audit } from '#core/audit'
import ContactListItem from '../models/contact_list_item.js'
import { createItemValidator, itemListQuery, updateItemValidator } from '../validators.js'
import { findList } from './contact_lists_controller.js'
import { queueNumberCheck } from '../services/number_check.js'

const PAGE_SIZE = 40

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505'

async function findItem(ctx: HttpContext) {
  const item = await ContactListItem.find(idParam(ctx, 'ERR_NO_CONTACT_LIST_ITEM_FOUND'))
  if (!item) throw new AppError('ERR_NO_CONTACT_LIST_ITEM_FOUND', 404)
  return item
}

/** the list's screen listens to its own event name (reference §4) */
function emit(item: ContactListItem, payload: { action: string; record?: unknown; id?: number }) {
  realtime.toCompany(item.companyId, `ContactListItem`, { ...payload, contactListId: item.contactListId })
}

/** A number twice in one list is refused (the unique key decides, so concurrent adds cannot both win). */
async function saveUnique(item: ContactListItem) {
  try {
    await item.save()
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('ERR_CONTACT_LIST_ITEM_DUPLICATED', 409)
    throw e
  }
}

export default class ContactListItemsController {
  async index(ctx: HttpContext) {
    const { contactListId } = await itemListQuery.validate(ctx.request.qs())
    await findList(contactListId)
    const query = ContactListItem.query().where('contact_list_id', contactListId).orderBy('name').orderBy('id')
    const search = ctx.request.input('searchParam')
    if (search) {
      const term = likeTerm(search)
      query.where((q) =>
        q
          .whereRaw('lower(name) like ?', [term])
          .orWhere('number', 'like', term)
          .orWhereRaw('lower(email) like ?', [term])
      )
    }
    const { rows, count, hasMore } = await paginate(query, pageNumber(ctx), PAGE_SIZE)
    return { contacts: rows.map((r) => r.serialize()), count, hasMore }
  }

  async show(ctx: HttpContext) {
    return (await findItem(ctx)).serialize()
  }

  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const data = await ctx.request.validateUsing(createItemValidator)
    await findList(data.contactListId)
    const item = new ContactListItem()
    // unknown until a channel says (a job asks the company's connected WhatsApp); still a recipient meanwhile
    item.merge({ ...data, email: data.email ?? null, isWhatsappValid: null })
    await saveUnique(item)
    emit(item, { action: 'create', record: item.serialize() })
    await queueNumberCheck(item.companyId, item.contactListId)
    return ctx.response.created(item.serialize())
  }

  async update(ctx: HttpContext) {
    requireAdmin(ctx)
    const item = await findItem(ctx)
    const data = await ctx.request.validateUsing(updateItemValidator)
    const numberChanged = data.number !== undefined && data.number !== item.number
    item.merge(data)
    if (numberChanged) item.isWhatsappValid = null
    await saveUnique(item)
    emit(item, { action: 'update', record: item.serialize() })
    if (numberChanged) await queueNumberCheck(item.companyId, item.contactListId)
    return item.serialize()
  }

  /** contacts-page:deleteContact: admins only (spec 3 §6) */
  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const item = await findItem(ctx)
    await db.transaction(async (trx) => {
      await item.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'contact_list_item.delete',
        entity: 'contact_list_item',
        entityId: item.id,
        companyId: item.companyId,
        before: { contactListId: item.contactListId, name: item.name, number: item.number },
      })
    })
    emit(item, { action: 'delete', id: item.id })
    return ctx.response.noContent()
  }
}
