/**
 * POST /closedimported/:id: closes the pending tickets the connection's last
 * history import opened (through the inbox's public API, the one path that
 * closes imported tickets, with ticket logs) and clears the "close tickets"
 * button.
 */
import type { Whatsapp } from '#core/models'
import { tenantTable } from '#core/tenancy'
import { closeImportedTickets as closeInInbox } from '#modules/inbox/public/tickets'
import { emitImport } from './connection_events.js'

export async function closeImportedTickets(w: Whatsapp) {
  const imp = await tenantTable('connection_imports').where('whatsapp_id', w.id).first()
  const closed = imp?.started_at
    ? await closeInInbox(w.id, {
        since: new Date(imp.started_at),
        until: imp.finished_at ? new Date(imp.finished_at) : null,
      })
    : []
  w.statusImportMessages = null
  await w.save()
  emitImport(w.companyId, { action: 'refresh' })
  return closed.length
}
