/** appMessage realtime events, sent only to the users who may see the ticket. */
import { realtime } from '#core/realtime'
import { serializeRow } from '#core/serialize_row'
import { tenancy } from '#core/tenancy'
import Message from '../models/message.js'
import { audienceOf, type TicketLike } from './viewer.js'

/** `row` (a messages row just written, or the message with its quote loaded) saves the re-read on hot paths. */
export async function emitMessage(
  action: 'create' | 'update' | 'delete',
  messageId: number,
  ticket: TicketLike & { id: number },
  row?: Record<string, unknown> | Message
) {
  const companyId = tenancy.requireCompanyId()
  // a row just written is serialized as the model would be, without building one (an inbound burst
  // announces every message: the model's instance was a sixth of the worker's CPU)
  const message =
    row instanceof Message
      ? row.serialize()
      : row
        ? serializeRow(Message, row)
        : (await Message.query().where('id', messageId).preload('quotedMsg').first())?.serialize()
  if (!message) return
  realtime.toUsers(companyId, await audienceOf(ticket), 'appMessage', {
    action,
    message,
    ticketId: ticket.id,
  })
}

/**
 * The same event for several messages (the outbox settles a turn's sends
 * together), from the rows as written and their tickets: only quoted messages
 * are read, in one statement.
 */
export async function emitMessages(
  action: 'update',
  items: Array<{ row: Record<string, unknown>; ticket: TicketLike & { id: number } }>
) {
  const companyId = tenancy.requireCompanyId()
  const messages = items.map((i) => Message.$createFromAdapterResult(i.row)!)
  const quotedIds = [...new Set(messages.map((m) => m.quotedMsgId).filter((id): id is number => Boolean(id)))]
  const quoted = quotedIds.length ? await Message.query().whereIn('id', quotedIds) : []
  const quotedById = new Map(quoted.map((q) => [Number(q.id), q]))
  for (const [i, message] of messages.entries()) {
    message.$setRelated('quotedMsg', (message.quotedMsgId && quotedById.get(Number(message.quotedMsgId))) || null)
    const ticket = items[i].ticket
    realtime.toUsers(companyId, await audienceOf(ticket), 'appMessage', {
      action,
      message: message.serialize(),
      ticketId: ticket.id,
    })
  }
}
