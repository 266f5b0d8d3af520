import { randomInt } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { idParam, likeTerm, pageNumber, paginate } from '#core/http'
import { realtime } from '#core/realtime'
import { tenancy } from '#core/tenancy'
import { audit } from '#core/audit'
import Tag from '../models/tag.js'
import Contact from '../models/contact.js'
import { createTagValidator, syncTagsValidator, updateTagValidator } from '../validators/tags.js'

const TAGS_PAGE_SIZE = 40
const randomColor = () => '#' + randomInt(0, 0xffffff).toString(16).padStart(6, '0')
const isDuplicate = (e: any) => e?.code === '23505'

/** Kanban lanes (kanban ≠ 0) shape the board: only admins and dashboard users manage them. */
function assertMayManage(ctx: HttpContext, kanban: number) {
  const u = ctx.actor.user
  if (kanban !== 0 && !u.isAdmin && u.showDashboard !== 'enabled') throw new AppError('ERR_NO_PERMISSION', 403)
}

function emit(action: string, payload: Record<string, unknown>) {
  const companyId = tenancy.requireCompanyId()
  realtime.toCompany(companyId, 'tag', { action, ...payload })
  // spec 3 §7 names the event company{id}-tag (no dash): its clients listen to that spelling
  realtime.toCompanyNamed(companyId, `company${companyId}-tag`, { action, ...payload })
}

async function findTag(ctx: HttpContext) {
  const tag = await Tag.find(idParam(ctx, 'ERR_NO_TAG_FOUND'))
  if (!tag) throw new AppError('ERR_NO_TAG_FOUND', 404)
  return tag
}

export default class TagsController {
  async index(ctx: HttpContext) {
    const kanban = Number(ctx.request.input('kanban', 0)) === 1 ? 1 : 0
    const query = Tag.query()
      .where('kanban', kanban)
      .select('tags.*')
      .select(db.raw('(SELECT count(*) FROM contact_tags ct WHERE ct.tag_id = tags.id)::int AS contacts_count'))
      .orderBy('name')
      .orderBy('id')
    const search = ctx.request.input('searchParam')
    if (search) query.whereRaw('lower(name) LIKE ?', [likeTerm(search)])
    const { rows, count, hasMore } = await paginate(query, pageNumber(ctx), TAGS_PAGE_SIZE)
    return {
      tags: rows.map((t) => ({ ...t.serialize(), contactsCount: Number(t.$extras.contacts_count ?? 0) })),
      count,
      hasMore,
    }
  }

  async list(ctx: HttpContext) {
    const raw = ctx.request.input('kanban')
    const query = Tag.query().orderBy('name').limit(1000)
    if (raw !== undefined && raw !== '') query.where('kanban', Number(raw) === 1 ? 1 : 0)
    return (await query).map((t) => t.serialize())
  }

  async kanban() {
    const lista = await Tag.query().where('kanban', 1).orderBy('id')
    return { lista: lista.map((t) => t.serialize()) }
  }

  async show(ctx: HttpContext) {
    return (await findTag(ctx)).serialize()
  }

  async store(ctx: HttpContext) {
    const data = await ctx.request.validateUsing(createTagValidator)
    const kanban = data.kanban ?? 0
    assertMayManage(ctx, kanban)
    try {
      const tag = await Tag.create({
        name: data.name,
        color: data.color ?? randomColor(),
        kanban,
        userId: ctx.actor.user.id,
      })
      emit('create', { tag: tag.serialize() })
      return ctx.response.created(tag.serialize())
    } catch (error) {
      if (isDuplicate(error)) throw new AppError('ERR_TAG_ALREADY_EXISTS', 409)
      throw error
    }
  }

  async update(ctx: HttpContext) {
    const tag = await findTag(ctx)
    const data = await ctx.request.validateUsing(updateTagValidator)
    assertMayManage(ctx, tag.kanban)
    if (data.kanban !== undefined) assertMayManage(ctx, data.kanban)
    tag.merge(data)
    try {
      await tag.save()
    } catch (error) {
      if (isDuplicate(error)) throw new AppError('ERR_TAG_ALREADY_EXISTS', 409)
      throw error
    }
    emit('update', { tag: tag.serialize() })
    return tag.serialize()
  }

  async destroy(ctx: HttpContext) {
    const tag = await findTag(ctx)
    assertMayManage(ctx, tag.kanban)
    // removing a contact tag from everyone is an admin decision; plain users only delete their own
    if (!ctx.actor.user.isAdmin && tag.userId !== ctx.actor.user.id) throw new AppError('ERR_NO_PERMISSION', 403)
    await db.transaction(async (trx) => {
      await tag.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'tag.delete',
        entity: 'tag',
        entityId: tag.id,
        companyId: tag.companyId,
        before: { name: tag.name, color: tag.color, kanban: tag.kanban },
      })
    })
    emit('delete', { tagId: tag.id })
    return { message: 'tag deleted' }
  }

  /** Replaces a contact's (kanban 0) tags with the given list, in one transaction. */
  async sync(ctx: HttpContext) {
    const { contactId, tags } = await ctx.request.validateUsing(syncTagsValidator)
    const contact = await Contact.find(contactId)
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
    const ids = [...new Set(tags.map((t) => t.id))]
    const owned = ids.length ? await Tag.query().whereIn('id', ids).where('kanban', 0) : []
    if (owned.length !== ids.length) throw new AppError('ERR_NO_TAG_FOUND', 422)
    await db.transaction(async (trx) => {
      await trx.from('contact_tags').where('contact_id', contact.id).delete()
      if (ids.length)
        await trx.table('contact_tags').multiInsert(ids.map((id) => ({ contact_id: contact.id, tag_id: id })))
    })
    realtime.toCompany(tenancy.requireCompanyId(), 'contact', { action: 'update', contactId: contact.id })
    return { contactId: contact.id, tags: owned.map((t) => t.serialize()) }
  }
}
