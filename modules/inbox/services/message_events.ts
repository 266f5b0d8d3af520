/** appMessage realtime events, sent only to the users who may see the ticket. */
import { realtime } from '#core/realtime'
import { tenancy } from '#core/tenancy'
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
