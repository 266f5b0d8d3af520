/**
 * Closes the pending tickets an import opened on one connection (reference
 * §10 closedimported), without farewell or rating messages: nobody is being
 * served on an imported conversation. Only tickets created while that import
 * ran are touched.
 */
import db from '@adonisjs/lucid/services/db'
import { realtime } from '#core/realtime'
import type { Whatsapp } from '#core/models'
import { emitImport } from './connection_events.js'

export async function closeImportedTickets(w: Whatsapp) {
  const imp = await db.from('connection_imports').where('whatsapp_id', w.id).first()
  const since = imp?.started_at ?? null
  let closed: number[] = []
  if (since) {
    const rows = await db.rawQuery(
      `UPDATE tickets SET status = 'closed', unread_messages = 0, updated_at = now()
       WHERE company_id = ? AND whatsapp_id = ? AND status = 'pending' AND created_at >= ?
         AND created_at <= coalesce(?::timestamptz, now()) + interval '5 hours'
       RETURNING id`,
      [w.companyId, w.id, since, imp.finished_at]
    )
    closed = rows.rows.map((r: any) => Number(r.id))
  }
  w.statusImportMessages = null
  await w.save()
  for (const ticketId of closed) realtime.toCompany(w.companyId, 'ticket', { action: 'delete', ticketId })
  emitImport(w.companyId, { action: 'refresh' })
  return closed.length
}
