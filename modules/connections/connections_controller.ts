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
import { inTargetCompany, withConnection } from './services/acting_company.js'
import { sessionControl } from './services/session_control.js'

/** the greeting media row of a connection of the company in scope */
const greetingMedia = (whatsappId: number) => tenantTable('connection_media').where('whatsapp_id', whatsappId)

/**
 * Tells the company's users and answers the caller: the company's admin gets
 * the whole record, the super user acting on another company the record
 * without its token (services/acting_company.ts).
 */
async function publish(row: Whatsapp, foreign = false) {
  // database defaults (schedules, bot limits, ...) are only known after a reload
  await row.refresh()
  await row.load('queues')
  const [out] = await present([row], { admin: true })
  await connectionEvents.updated(row.companyId, out)
  if (!foreign) return out
  return (await present([row], { admin: false, qr: true }))[0]
}

export default class ConnectionsController {
  /** GET /whatsapp (?session=0 leaves QR codes out) */
  async index(ctx: HttpContext) {
    const admin = ctx.actor.user.isAdmin
    const rows = await Whatsapp.query().preload('queues').orderBy('name').orderBy('id')
    const session = ctx.request.input('session') !== '0' && admin
    return present(rows, { admin, session })
  }

  /** GET /whatsapp/:id; the super user also reads another company's (its QR, never its token) */
  async show(ctx: HttpContext) {
    const admin = ctx.actor.user.isAdmin
    return withConnection(ctx, async (row, foreign) => {
      const [out] = await present([row], foreign ? { admin: false, qr: true } : { admin, session: admin })
      return out
    })
  }

  /** POST /whatsapp; the super user may name another company (`companyId`): its plan and limit apply */
  async store(ctx: HttpContext) {
    requireAdmin(ctx)
    const { companyId, ...input } = await ctx.request.validateUsing(createConnectionValidator)
    return inTargetCompany(ctx, companyId, async (company, foreign) => {
      const row = await createConnection(input, company.plan)
      const out = await publish(row, foreign)
      // a new connection starts at once: WhatsApp's QR shows (spec 2 §4), other channels connect (webhooks, polling)
      if (row.channel === 'whatsapp') await sessionControl.fresh(row, input.pairingPhone).catch(() => {})
      else await sessionControl.start(row).catch(() => {})
      return ctx.response.created(out)
    })
  }

  async update(ctx: HttpContext) {
    requireAdmin(ctx)
    const current = await findConnection(ctx)
    const input = await ctx.request.validateUsing(updateConnectionValidator)
    const { row, restart } = await updateConnection(current, input)
    // switching old-message import on restarts a connected session: history comes with a new login;
    // another channel's new settings (a token, a callback) take effect by restarting it
    const settingsChanged = row.channel !== 'whatsapp' && input.settings !== undefined
    if (restart || settingsChanged) await sessionControl.fresh(row).catch(() => {})
    return publish(row)
  }

  /** DELETE /whatsapp/:id; the super user also deletes another company's */
  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    return withConnection(ctx, async (row) => {
      await sessionControl.remove(row)
      const media = await greetingMedia(row.id).first()
      await deleteConnection(row)
      if (media) await storage.delete(media.media_path)
      connectionEvents.deleted(row.companyId, row.id)
      return ctx.response.noContent()
    })
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
