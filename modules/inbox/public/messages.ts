/**
 * Sending through the inbox: the message is stored on the ticket (so it shows
 * in the chat at once) and handed to the outbox, which retries the channel.
 * Runs in the caller's tenancy scope.
 */
import { AppError } from '#core/errors'
import { assertCanSendThrough } from '#core/channels'
import { tenancy } from '#core/tenancy'
import Ticket from '../models/ticket.js'
import { sendOutgoing } from '../services/outgoing.js'

export interface SendMessage {
  body: string
  /** the agent who sends it; null for the system or a bot */
  userId?: number | null
  mediaType?: string | null
  /** a storage key or URL the channel can fetch */
  mediaUrl?: string | null
  mediaName?: string | null
  /** a note only agents see: stored, never sent */
  isPrivate?: boolean
}

/** Stores and queues one message on the ticket; returns the message id. */
export async function sendMessage(ticketId: number, message: SendMessage): Promise<{ messageId: number }> {
  const ticket = await Ticket.find(ticketId)
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  if (!message.isPrivate) await assertCanSendThrough(tenancy.requireCompanyId(), ticket.whatsappId)
  const [stored] = await sendOutgoing(ticket, [
    {
      body: message.body,
      userId: message.userId ?? null,
      mediaType: message.mediaType ?? null,
      mediaUrl: message.mediaUrl ?? null,
      mediaName: message.mediaName ?? null,
      isPrivate: Boolean(message.isPrivate),
    },
  ])
  return { messageId: Number(stored.id) }
}
