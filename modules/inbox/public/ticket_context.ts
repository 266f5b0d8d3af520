/**
 * A ticket's recent conversation for bots (AI prompts, integrations): the
 * LAST `limit` messages, oldest first, notes and deleted messages left out.
 * Runs in the caller's tenancy scope; reads only.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { AppError } from '#core/errors'
import { tenantTable } from '#core/tenancy'
import { callerOf } from '../services/request_context.js'
import { loadTicket } from '../services/ticket_loader.js'
import { canSee } from '../services/viewer.js'

export interface ContextMessage {
  id: number
  body: string
  fromMe: boolean
  mediaType: string | null
  /** storage key or outside address of the media, if any */
  mediaUrl: string | null
  createdAt: Date
}

/** The last `limit` messages of the ticket before `beforeId` (exclusive) when given. */
export async function recentMessages(
  ticketId: number,
  limit: number,
  options: { beforeId?: number } = {}
): Promise<ContextMessage[]> {
  const q = tenantTable('messages')
    .where({ ticket_id: ticketId, is_private: false })
    .where('is_deleted', false)
    .orderBy('id', 'desc')
    .limit(Math.max(0, Math.min(limit, 200)))
    .select('id', 'body', 'from_me', 'media_type', 'media_url', 'media_source_url', 'created_at')
  if (options.beforeId) q.where('id', '<', options.beforeId)
  const rows = await q
  return rows.reverse().map((r: any) => ({
    id: Number(r.id),
    body: String(r.body ?? '').replaceAll('\u200e', ''),
    fromMe: Boolean(r.from_me),
    mediaType: r.media_type ?? null,
    mediaUrl: r.media_url ?? r.media_source_url ?? null,
    createdAt: new Date(r.created_at),
  }))
}

/** One message of the scope's company (for a bot job that answers it), or null. */
export async function messageById(id: number): Promise<(ContextMessage & { ticketId: number }) | null> {
  const r = await tenantTable('messages')
    .where({ id })
    .select('id', 'ticket_id', 'body', 'from_me', 'media_type', 'media_url', 'media_source_url', 'created_at')
    .first()
  if (!r) return null
  return {
    id: Number(r.id),
    ticketId: Number(r.ticket_id),
    body: String(r.body ?? '').replaceAll('\u200e', ''),
    fromMe: Boolean(r.from_me),
    mediaType: r.media_type ?? null,
    mediaUrl: r.media_url ?? r.media_source_url ?? null,
    createdAt: new Date(r.created_at),
  }
}

/**
 * The ticket as the signed-in caller may see it (the inbox's one visibility
 * rule), or ERR_NO_TICKET_FOUND 404: another company's or a hidden ticket is
 * never told apart from a missing one. For modules that act for an agent on a
 * ticket (the AI help of modules/assist, a ticket shared in the internal chat).
 */
export async function visibleTicketFor(
  ctx: HttpContext,
  ticketId: number
): Promise<{ id: number; uuid: string; status: string; contactId: number; contactName: string }> {
  const ticket = await loadTicket(ticketId)
  const { viewer } = await callerOf(ctx)
  if (!canSee(viewer, ticket)) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    contactId: ticket.contactId,
    contactName: ticket.contact?.name ?? '',
  }
}
