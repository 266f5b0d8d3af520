import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { idParam } from '#core/http'
import { Whatsapp } from '#core/models'

/** The caller's company's connection from the :id parameter (tenant-scoped, so others' ids are 404). */
export async function findConnection(ctx: HttpContext) {
  const row = await Whatsapp.query().where('id', idParam(ctx, 'ERR_NO_WAPP_FOUND')).preload('queues').first()
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404)
  return row
}
