/**
 * Agent messages are committed before they are queued; a crash between the
 * two would leave a row that is never sent. This sweep re-queues unsent rows
 * (ack 0, no error) after a grace period. The outbox job id is derived from
 * the message id, so a message whose job still exists is not queued twice,
 * and a replay of a sent message sends nothing (load() answers null).
 */
import { outbox } from '#core/pipeline'
import { tenancy, tenantTable } from '#core/tenancy'

export async function recoverOutgoing(olderThanMs = 30_000, maxAgeMs = 24 * 3600_000) {
  const now = Date.now()
  // every company's messages: a platform sweep (each row is queued for its own company)
  const rows = await tenancy.asSystem(() =>
    tenantTable('messages')
      .where('ack', 0)
      .where('from_me', true)
      .where('is_private', false)
      .where('is_deleted', false)
      .whereNull('send_error')
      .whereNotNull('whatsapp_id')
      .where('created_at', '<', new Date(now - olderThanMs))
      .where('created_at', '>', new Date(now - maxAgeMs))
      .orderBy('id')
      .limit(5000)
      .select('id', 'company_id', 'whatsapp_id')
  )
  for (const r of rows) await outbox.enqueue(r.company_id, Number(r.id), r.whatsapp_id)
  return rows.length
}
