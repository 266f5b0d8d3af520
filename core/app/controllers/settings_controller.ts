import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import { AppError } from '#core/errors'
import { realtime } from '#core/realtime'
import { companySettings, globalSettings, settingsRegistry } from '#core/settings'
import { tenancy } from '#core/tenancy'
import { requireAdmin } from '#core/http'
import { audit } from '#core/audit'
import db from '@adonisjs/lucid/services/db'

const valueValidator = vine.create({ value: vine.any() })
const columnValidator = vine.create({ column: vine.string().maxLength(100), data: vine.any() })

/** Sets a company setting and logs the change in the same transaction. */
async function setAudited(key: string, value: unknown) {
  const previous = await companySettings.get(key)
  return db.transaction(async (trx) => {
    const saved = await companySettings.set(key, value, trx)
    const companyId = tenancy.requireCompanyId()
    await audit.record(trx, {
      action: 'settings.update',
      entity: 'setting',
      entityId: key,
      companyId,
      before: { [key]: previous },
      after: { [key]: saved },
    })
    return saved
  })
}

export default class SettingsController {
  /** Company settings as a list of { key, value }, plus the global ones. */
  async index() {
    const company = await companySettings.all()
    const global = await globalSettings.all()
    return [...Object.entries(global), ...Object.entries(company)].map(([key, value]) => ({ key, value }))
  }

  /** Global setting by key (userCreation). */
  async showGlobal(ctx: HttpContext) {
    const key = String(ctx.params.key)
    return { key, value: await globalSettings.get(key) }
  }

  async update(ctx: HttpContext) {
    const key = String(ctx.params.key)
    const { value } = await ctx.request.validateUsing(valueValidator)
    const def = settingsRegistry.definition(key)
    if (!def) throw new AppError('ERR_NO_SETTING_FOUND', 404)
    if (def.scope === 'global') {
      if (!ctx.actor.user.super) throw new AppError('ERR_NO_PERMISSION', 403)
      const previous = await globalSettings.get(key)
      const saved = await globalSettings.set(key, value)
      await audit.record(null, {
        action: 'settings.update',
        entity: 'setting',
        entityId: key,
        companyId: null,
        before: { [key]: previous },
        after: { [key]: saved },
      })
      return { key, value: saved }
    }
    requireAdmin(ctx)
    const saved = await setAudited(key, value)
    realtime.toCompany(ctx.actor.user.companyId, 'settings', { action: 'update', setting: { key, value: saved } })
    return { key, value: saved }
  }

  /** The whole settings object of the caller's company (the path id must be it). */
  async companySettings(ctx: HttpContext) {
    const id = Number(ctx.params.id)
    if (id !== ctx.actor.user.companyId) throw new AppError('ERR_NO_PERMISSION', 403)
    return { companyId: id, ...(await companySettings.all()) }
  }

  async companySettingOne(ctx: HttpContext) {
    const column = String(ctx.request.input('column', ''))
    return { [column]: await companySettings.get(column) }
  }

  async updateCompanySettings(ctx: HttpContext) {
    requireAdmin(ctx)
    const { column, data } = await ctx.request.validateUsing(columnValidator)
    const saved = await setAudited(column, data)
    realtime.toCompany(ctx.actor.user.companyId, 'settings', {
      action: 'update',
      setting: { key: column, value: saved },
    })
    return { [column]: saved }
  }
}
