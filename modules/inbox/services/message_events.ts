/** appMessage realtime events, sent only to the users who may see the ticket. */
import { realtime } from '#core/realtime'
import { tenancy, tenantTable } from '#core/tenancy'
import Message from '../models/message.js'
import { audienceOf, type TicketLike } from './viewer.js'

/** `row` (a messages row just written) saves the re-read on hot paths. */
export async function emitMessage(
  action: 'create' | 'update' | 'delete',
  messageId: number,
  ticket: TicketLike & { id: number },
  row?: Record<string, unknown>
) {
  const companyId = tenancy.requireCompanyId()
  const message = row
    ? Message.$createFromAdapterResult(row)
    : await Message.query().where('id', messageId).preload('quotedMsg').first()
  if (!message) return
  realtime.toUsers(companyId, await audienceOf(ticket), 'appMessage', {
    action,
    message: message.serialize(),
    ticketId: ticket.id,
  })
}

/** The same event for several messages (the outbox settles a turn's sends together): rows and tickets read once. */
export async function emitMessages(action: 'update', messageIds: number[], ticketIds: number[]) {
  const companyId = tenancy.requireCompanyId()
  const [rows, tickets] = await Promise.all([
    Message.query().whereIn('id', messageIds).preload('quotedMsg'),
    tenantTable('tickets')
      .whereIn('id', [...new Set(ticketIds)])
      .select('id', 'status', 'user_id', 'queue_id'),
  ])
  const ticketOf = new Map<number, TicketLike & { id: number }>(
    tickets.map((t: any) => [
      Number(t.id),
      { id: Number(t.id), status: t.status, userId: t.user_id, queueId: t.queue_id },
    ])
  )
  const byId = new Map(rows.map((m) => [m.id, m]))
  for (const [i, messageId] of messageIds.entries()) {
    const message = byId.get(messageId)
    const ticket = ticketOf.get(ticketIds[i])
    if (!message || !ticket) continue
    realtime.toUsers(companyId, await audienceOf(ticket), 'appMessage', {
      action,
      message: message.serialize(),
      ticketId: ticket.id,
    })
  }
}
