import type { HttpContext } from '@adonisjs/core/http'
import { requireAdmin } from '#core/http'
import { Whatsapp } from '#core/models'
import { MEDIA_EXTENSIONS, storage } from '#core/storage'
import { tenancy, tenantTable } from '#core/tenancy'
import db from '@adonisjs/lucid/services/db'
import { createConnectionValidator, updateConnectionValidator } from './validators.js'
import { createConnection, deleteConnection, updateConnection } from './services/connection_writer.js'
import { present } from './services/connection_presenter.js'
import { connectionEvents } from './services/connection_events.js'
import { findConnection } from './services/find_connection.js'
import { sessionControl } from './services/session_control.js'

/** the greeting media row of a connection of the company in scope */
const greetingMedia = (whatsappId: number) => tenantTable('connection_media').where('whatsapp_id', whatsappId)

async function publish(row: Whatsapp) {
  // database defaults (schedules, bot limits, ...) are only known after a reload
  await row.refresh()
  await row.load('queues')
  const [out] = await present([row], { admin: true })
  await connectionEvents.updated(row.companyId, out)
  return out
}

export default class ConnectionsController {
  /** GET /whatsapp (?session=0 leaves QR codes out) */
  async index(ctx: HttpContext) {
    const admin = ctx.actor.user.isAdmin
    const rows = await Whatsapp.query().preload('queues').orderBy('name').orderBy('id')
    const session = ctx.request.input('session') !== '0' && admin
    return present(rows, { admin, session })
  }

  async show(ctx: HttpContext) {
    const admin = ctx.actor.user.isAdmin
    const [out] = await present([await findConnection(ctx)], { admin, session: admin })
    return out
  }

  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const input = await ctx.request.validateUsing(createConnectionValidator)
    const row = await createConnection(input, ctx.actor.company.plan as any)
    const out = await publish(row)
    // a new WhatsApp connection starts at once so the QR shows (spec 2 §4)
    if (row.channel === 'whatsapp') await sessionControl.fresh(row, input.pairingPhone).catch(() => {})
    return ctx.response.created(out)
  }

  async update(ctx: HttpContext) {
    requireAdmin(ctx)
    const current = await findConnection(ctx)
    const input = await ctx.request.validateUsing(updateConnectionValidator)
    const { row, restart } = await updateConnection(current, input)
    // switching old-message import on restarts a connected session: history comes with a new login
    if (restart) await sessionControl.fresh(row).catch(() => {})
    return publish(row)
  }

  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const row = await findConnection(ctx)
    await sessionControl.remove(row)
    const media = await greetingMedia(row.id).first()
    await deleteConnection(row)
    if (media) await storage.delete(media.media_path)
    connectionEvents.deleted(row.companyId, row.id)
    return ctx.response.noContent()
  }

  /** POST /whatsapp/:id/media-upload: greeting media (images and video) */
  async mediaUpload(ctx: HttpContext) {
    requireAdmin(ctx)
    const row = await findConnection(ctx)
    const file = ctx.request.file('file', { size: '20mb' }) ?? ctx.request.file('media', { size: '20mb' })
    const saved = await storage.save(file, tenancy.requireCompanyId(), `connections/${row.id}`, MEDIA_EXTENSIONS)
    const previous = await greetingMedia(row.id).first()
    await db.rawQuery(
      `INSERT INTO connection_media (whatsapp_id, company_id, media_path, media_name, updated_at) VALUES (?, ?, ?, ?, now())
       ON CONFLICT (whatsapp_id) DO UPDATE SET media_path = excluded.media_path, media_name = excluded.media_name, updated_at = now()
         WHERE connection_media.company_id = excluded.company_id`,
      [row.id, tenancy.requireCompanyId(), saved.key, saved.name]
    )
    if (previous) await storage.delete(previous.media_path)
    return publish(row)
  }

  async mediaDelete(ctx: HttpContext) {
    requireAdmin(ctx)
    const row = await findConnection(ctx)
    const previous = await greetingMedia(row.id).first()
    if (previous) {
      await greetingMedia(row.id).delete()
      await storage.delete(previous.media_path)
    }
    return publish(row)
  }
}
