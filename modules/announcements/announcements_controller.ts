import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { audit } from '#core/audit'
import { AppError } from '#core/errors'
import { idParam, likeTerm, pageNumber, paginate, requireSuper } from '#core/http'
import { realtime } from '#core/realtime'
import { IMAGE_EXTENSIONS, storage } from '#core/storage'
import Announcement from './announcement.js'
import { createAnnouncementValidator, updateAnnouncementValidator } from './announcements_validator.js'

const PAGE_SIZE = 20
const EVENT = 'company-announcement'

/** Everyone reads active announcements; the super user also sees inactive ones. */
async function findAnnouncement(ctx: HttpContext) {
  const query = Announcement.query().where('id', idParam(ctx, 'ERR_NO_ANNOUNCEMENT_FOUND'))
  if (!ctx.actor.user.super) query.where('status', true)
  const row = await query.first()
  if (!row) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND', 404)
  return row
}

/**
 * Every user hears about active announcements; an inactive one (a draft, or one
 * switched off) must not reach them, so it goes out as a removal.
 */
function broadcast(action: 'create' | 'update', row: Announcement) {
  if (row.status) realtime.toEveryone(EVENT, { action, record: row.serialize() })
  else realtime.toEveryone(EVENT, { action: 'delete', id: row.id })
}

export default class AnnouncementsController {
  async index(ctx: HttpContext) {
    const query = Announcement.query().orderBy('priority').orderBy('created_at', 'desc').orderBy('id', 'desc')
    if (!ctx.actor.user.super) query.where('status', true)
    const search = ctx.request.input('searchParam')
    if (search) {
      query.where((q) =>
        q.whereRaw('lower(title) like ?', [likeTerm(search)]).orWhereRaw('lower(text) like ?', [likeTerm(search)])
      )
    }
    const { rows, count, hasMore } = await paginate(query, pageNumber(ctx), PAGE_SIZE)
    return { records: rows.map((r) => r.serialize()), count, hasMore }
  }

  async show(ctx: HttpContext) {
    return (await findAnnouncement(ctx)).serialize()
  }

  async store(ctx: HttpContext) {
    requireSuper(ctx)
    const data = await ctx.request.validateUsing(createAnnouncementValidator)
    const row = await Announcement.create({
      ...data,
      priority: data.priority ?? 3,
      status: data.status ?? true,
      companyId: ctx.actor.user.companyId,
    })
    await row.refresh()
    broadcast('create', row)
    return ctx.response.created(row.serialize())
  }

  async update(ctx: HttpContext) {
    requireSuper(ctx)
    const row = await findAnnouncement(ctx)
    row.merge(await ctx.request.validateUsing(updateAnnouncementValidator))
    await row.save()
    broadcast('update', row)
    return row.serialize()
  }

  async destroy(ctx: HttpContext) {
    requireSuper(ctx)
    const row = await findAnnouncement(ctx)
    await db.transaction(async (trx) => {
      await row.useTransaction(trx).delete()
      // platform-wide, written by the super user: a platform row (companyId null), like plans
      await audit.record(trx, {
        action: 'announcement.delete',
        entity: 'announcement',
        entityId: row.id,
        companyId: null,
        before: { title: row.title, priority: row.priority, status: row.status },
      })
    })
    await storage.delete(row.mediaPath)
    realtime.toEveryone(EVENT, { action: 'delete', id: row.id })
    return ctx.response.noContent()
  }

  /** Image attachment: png, jpg or jpeg only. */
  async mediaUpload(ctx: HttpContext) {
    requireSuper(ctx)
    const row = await findAnnouncement(ctx)
    const saved = await storage.save(
      ctx.request.file('file', { size: '10mb' }),
      'global',
      'announcements',
      IMAGE_EXTENSIONS
    )
    const previous = row.mediaPath
    row.merge({ mediaPath: saved.key, mediaName: saved.name })
    await row.save()
    await storage.delete(previous)
    broadcast('update', row)
    return row.serialize()
  }

  async mediaDelete(ctx: HttpContext) {
    requireSuper(ctx)
    const row = await findAnnouncement(ctx)
    const previous = row.mediaPath
    row.merge({ mediaPath: null, mediaName: null })
    await row.save()
    await storage.delete(previous)
    broadcast('update', row)
    return row.serialize()
  }
}
