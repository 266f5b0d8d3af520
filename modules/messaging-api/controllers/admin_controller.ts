/**
 * The /messages-api page's data (admins of a plan with useExternalApi):
 * the connections whose tokens the test forms use, the usage counters, the
 * limits and the OpenAPI document.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { requireAdmin } from '#core/http'
import { Whatsapp } from '#core/models'
import { usageQuery } from '../validators.js'
import { usageOf } from '../services/usage.js'
import { perMinute } from '../services/limits.js'
import { MAX_FILES, MAX_FILE_MB } from '../services/media.js'
import { IDEMPOTENCY_TTL_HOURS } from '../services/send.js'
import { openApiDocument } from '../services/openapi.js'

export default class AdminController {
  /** The company's connections with their tokens (secrets: admins only). */
  async connections(ctx: HttpContext) {
    requireAdmin(ctx)
    const rows = await Whatsapp.query().select('id', 'name', 'channel', 'status', 'token', 'is_default').orderBy('name')
    return rows.map((w) => ({
      id: w.id,
      name: w.name,
      channel: w.channel,
      status: w.status,
      isDefault: w.isDefault,
      token: w.token,
    }))
  }

  async usage(ctx: HttpContext) {
    requireAdmin(ctx)
    const { days } = await usageQuery.validate(ctx.request.qs())
    const usage = await usageOf(days ?? 30)
    return {
      ...usage,
      limits: {
        perMinute: perMinute(),
        maxFiles: MAX_FILES,
        maxFileMb: MAX_FILE_MB,
        idempotencyHours: IDEMPOTENCY_TTL_HOURS,
      },
    }
  }

  /** The public API described for tools (any user of the company may read it). */
  async openapi(ctx: HttpContext) {
    const host = `${ctx.request.protocol()}://${ctx.request.host()}`
    return openApiDocument(host)
  }
}
