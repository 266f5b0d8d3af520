import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { audit } from '#core/audit'
import { AppError } from '#core/errors'
import { idParam, requireSuper } from '#core/http'
import { realtime } from '#core/realtime'
import Help from './help.js'
import { createHelpValidator, updateHelpValidator } from './helps_validator.js'

async function findHelp(ctx: HttpContext) {
  const help = await Help.find(idParam(ctx, 'ERR_NO_HELP_FOUND'))
  if (!help) throw new AppError('ERR_NO_HELP_FOUND', 404)
  return help
}

export default class HelpsController {
  async index() {
    const helps = await Help.query().orderBy('id')
    return helps.map((h) => h.serialize())
  }

  async store(ctx: HttpContext) {
    requireSuper(ctx)
    const help = await Help.create(await ctx.request.validateUsing(createHelpValidator))
    realtime.toEveryone('help', { action: 'create', record: help.serialize() })
    return ctx.response.created(help.serialize())
  }

  async update(ctx: HttpContext) {
    requireSuper(ctx)
    const help = await findHelp(ctx)
    help.merge(await ctx.request.validateUsing(updateHelpValidator))
    await help.save()
    realtime.toEveryone('help', { action: 'update', record: help.serialize() })
    return help.serialize()
  }

  async destroy(ctx: HttpContext) {
    requireSuper(ctx)
    const help = await findHelp(ctx)
    await db.transaction(async (trx) => {
      await help.useTransaction(trx).delete()
      // platform-wide (no company): a platform row, like plans
      await audit.record(trx, {
        action: 'help.delete',
        entity: 'help',
        entityId: help.id,
        companyId: null,
        before: { title: help.title, video: help.video },
      })
    })
    realtime.toEveryone('help', { action: 'delete', id: help.id })
    return ctx.response.noContent()
  }
}
