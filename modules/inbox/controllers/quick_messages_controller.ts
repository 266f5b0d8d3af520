import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { AppError } from '#core/errors'
import { idParam, likeTerm, pageNumber, paginate } from '#core/http'
import { realtime } from '#core/realtime'
import { storage } from '#core/storage'
import { tenancy } from '#core/tenancy'
import { audit } from '#core/audit'
import QuickMessage from '../models/quick_message.js'
import { quickMessageValidator, updateQuickMessageValidator } from '../validators/quick_messages.js'

const PAGE_SIZE = 20
const MEDIA_EXT = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'mp4',
  'mp3',
  'ogg',
  'opus',
  'm4a',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'txt',
]

/**
 * Spec 3 §6: geral is the visible-to-all flag; otherwise a reply is its
 * author's alone. visao is kept equal to geral (older clients still send it).
 * Only the author or an admin changes a reply.
 */
function visible(query: ModelQueryBuilderContract<typeof QuickMessage, QuickMessage>, userId: number) {
  return query.where((q) => q.where('geral', true).orWhere('user_id', userId))
}

/** geral from a payload: geral wins; an older client's visao means the same */
function sharedFlag(data: { geral?: boolean; visao?: boolean }): boolean | undefined {
  return data.geral ?? data.visao
}

const present = (q: QuickMessage) => ({ ...q.serialize(), isMedia: q.isMedia })

/**
 * A reply only its owner sees (geral off) goes to the owner alone; everyone
 * else is told to drop it, so its text never reaches their browsers.
 */
function emit(action: string, payload: { record?: QuickMessage; id?: number }) {
  const companyId = tenancy.requireCompanyId()
  const row = payload.record
  if (row && !row.geral) {
    realtime.toCompany(companyId, 'quickmessage', { action: 'delete', id: row.id })
    if (row.userId) realtime.toUser(companyId, row.userId, 'quickmessage', { action, record: present(row) })
    return
  }
  realtime.toCompany(companyId, 'quickmessage', { action, ...(row ? { record: present(row) } : { id: payload.id }) })
}

async function findVisible(ctx: HttpContext) {
  const row = await visible(QuickMessage.query(), ctx.actor.user.id)
    .where('id', idParam(ctx, 'ERR_NO_QUICK_MESSAGE_FOUND'))
    .first()
  if (!row) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND', 404)
  return row
}

function assertMayEdit(ctx: HttpContext, row: QuickMessage) {
  if (row.userId !== ctx.actor.user.id && !ctx.actor.user.isAdmin) throw new AppError('ERR_NO_PERMISSION', 403)
}

export default class QuickMessagesController {
  async index(ctx: HttpContext) {
    const query = visible(QuickMessage.query(), ctx.actor.user.id).orderBy('shortcode').orderBy('id')
    const search = ctx.request.input('searchParam')
    if (search) query.whereRaw('lower(shortcode) LIKE ?', [likeTerm(search)])
    const { rows, count, hasMore } = await paginate(query, pageNumber(ctx), PAGE_SIZE)
    return { records: rows.map(present), count, hasMore }
  }

  /** Everything the "/" picker may offer the caller. */
  async list(ctx: HttpContext) {
    const rows = await visible(QuickMessage.query(), ctx.actor.user.id)
      .where('status', true)
      .orderBy('shortcode')
      .limit(2000)
    return rows.map(present)
  }

  async show(ctx: HttpContext) {
    return present(await findVisible(ctx))
  }

  async store(ctx: HttpContext) {
    const data = await ctx.request.validateUsing(quickMessageValidator)
    const row = await QuickMessage.create({
      shortcode: data.shortcode,
      message: data.message ?? '',
      geral: sharedFlag(data) ?? true,
      visao: sharedFlag(data) ?? true,
      status: data.status ?? true,
      userId: ctx.actor.user.id,
    })
    emit('create', { record: row })
    return ctx.response.created(present(row))
  }

  async update(ctx: HttpContext) {
    const row = await findVisible(ctx)
    assertMayEdit(ctx, row)
    const data = await ctx.request.validateUsing(updateQuickMessageValidator)
    const shared = sharedFlag(data)
    row.merge({ ...data, ...(shared === undefined ? {} : { geral: shared, visao: shared }) })
    await row.save()
    emit('update', { record: row })
    return present(row)
  }

  async destroy(ctx: HttpContext) {
    const row = await findVisible(ctx)
    assertMayEdit(ctx, row)
    await db.transaction(async (trx) => {
      await row.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'quick_message.delete',
        entity: 'quick_message',
        entityId: row.id,
        companyId: row.companyId,
        before: { shortcode: row.shortcode, geral: row.geral, userId: row.userId },
      })
    })
    // the stored file goes only once the row is gone for good
    await storage.delete(row.mediaPath)
    emit('delete', { id: row.id })
    return { message: 'quick message deleted' }
  }

  async mediaUpload(ctx: HttpContext) {
    const row = await findVisible(ctx)
    assertMayEdit(ctx, row)
    const file = ctx.request.file('file', { size: '20mb' }) ?? ctx.request.file('medias', { size: '20mb' })
    const saved = await storage.save(file, tenancy.requireCompanyId(), 'quick-messages', MEDIA_EXT)
    const previous = row.mediaPath
    row.merge({ mediaPath: saved.key, mediaName: saved.name })
    await row.save()
    await storage.delete(previous)
    emit('update', { record: row })
    return present(row)
  }

  async mediaDelete(ctx: HttpContext) {
    const row = await findVisible(ctx)
    assertMayEdit(ctx, row)
    const previous = row.mediaPath
    row.merge({ mediaPath: null, mediaName: null })
    await row.save()
    await storage.delete(previous)
    emit('update', { record: row })
    return present(row)
  }
}
