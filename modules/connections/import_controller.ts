import type { HttpContext } from '@adonisjs/core/http'
import { requireAdmin } from '#core/http'
import { findConnection } from './services/find_connection.js'
import { closeImportedTickets } from './services/close_imported.js'

export default class ImportController {
  /** POST /closedimported/:id */
  async closeImported(ctx: HttpContext) {
    requireAdmin(ctx)
    const row = await findConnection(ctx)
    const closed = await closeImportedTickets(row)
    return { closed }
  }
}
