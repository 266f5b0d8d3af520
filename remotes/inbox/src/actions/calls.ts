/**
 * The ticket calls of spec 1 §7 and the rules around them (spec 1 §4): accept,
 * ignore, resolve, reopen, return to queue, transfer. One
 * place, so the card buttons and the chat header behave the same.
 */
import { api, isApiError, type SessionUser } from '@balcao/ui/core'
import type { ConflictTicket, Ticket } from '../types.js'

export interface TicketChange {
  status?: 'open' | 'pending' | 'closed' | 'group'
  userId?: number | null
  queueId?: number | null
  msgTransfer?: string | null
  isTransfered?: boolean
  sendFarewellMessage?: boolean
  amountUsedBotQueues?: number
  useIntegration?: boolean
}

export const updateTicket = (id: number, change: TicketChange) => api.put<Ticket>(`/tickets/${id}`, change)

/** Whether the user may ignore (close) a pending ticket (spec 1 §4, §6). */
export function mayIgnore(me: SessionUser) {
  return me.profile === 'admin' || me.super || me.userClosePendingTicket === 'enabled' || me.showDashboard === 'enabled'
}

/** Whether the user may delete tickets (ticket-options:deleteTicket: admins). */
export const mayDelete = (me: SessionUser) => me.profile === 'admin' || me.super

/** The queues a user may hand a ticket to: every company queue for admins, otherwise the user's own. */
export const ownQueueIds = (me: SessionUser) => me.queues.map((q) => q.id)

/** Reads a company setting fresh (the session copy may be older than an admin's change). */
export async function companySetting(key: string): Promise<string | undefined> {
  try {
    const r = await api.get<Record<string, string>>('/companySettingOne', { column: key })
    return r[key]
  } catch {
    return undefined
  }
}

/**
 * Accept: open (group for groups) with the current user; the queue is required
 * when the ticket has none. The accept greeting of spec 1 §4 (sendGreetingAccepted)
 * is sent by the server with the accept, so it is never sent twice.
 */
export const acceptTicket = (ticket: Ticket, me: SessionUser, queueId?: number | null) =>
  updateTicket(ticket.id, {
    status: ticket.isGroup ? 'group' : 'open',
    userId: me.id,
    queueId: queueId ?? ticket.queueId ?? undefined,
  })

/** Ignore a pending ticket: closed without a farewell. */
export const ignoreTicket = (ticket: Ticket) =>
  updateTicket(ticket.id, { status: 'closed', sendFarewellMessage: false, amountUsedBotQueues: 0 })

/** Resolve with or without the farewell (spec 1 §4). */
export const resolveTicket = (ticket: Ticket, me: SessionUser, farewell: boolean) =>
  updateTicket(
    ticket.id,
    farewell
      ? { status: 'closed', userId: me.id }
      : { status: 'closed', userId: me.id, sendFarewellMessage: false, amountUsedBotQueues: 0 }
  )

/** Reopen; the server answers another ticket when one is already live for the contact. */
export const reopenTicket = (ticket: Ticket, me: SessionUser, queueId?: number | null) =>
  updateTicket(ticket.id, {
    status: ticket.isGroup ? 'group' : 'open',
    userId: me.id,
    queueId: queueId ?? ticket.queueId ?? undefined,
  })

/** spec 1 §4's integration toggle: the ticket's integration (set by its queue or connection) answers it or not. */
export const setUseIntegration = (ticket: Ticket, on: boolean) => updateTicket(ticket.id, { useIntegration: on })

export const returnToQueue = (ticket: Ticket) => updateTicket(ticket.id, { status: 'pending', userId: null })

export const transferTicket = (ticket: Ticket, queueId: number, userId: number | null, message: string) =>
  updateTicket(ticket.id, {
    queueId,
    userId,
    status: userId ? (ticket.isGroup ? 'group' : 'open') : 'pending',
    msgTransfer: message.trim() || null,
    isTransfered: true,
  })

/**
 * The live ticket of a 409 answer. The server puts it in the body next to
 * `error`; the shared API client keeps only code, message and fields today, so
 * this reads every place a richer client may keep it.
 */
export function conflictTicket(error: unknown): ConflictTicket | null {
  if (!isApiError(error)) return null
  const e = error as unknown as Record<string, any>
  const t = e.ticket ?? e.details?.ticket ?? e.data?.ticket ?? e.body?.ticket
  return t && typeof t === 'object' ? (t as ConflictTicket) : null
}

/**
 * Tickets this tab is deleting: its own success toast says so, and the
 * realtime 'delete' that echoes the same deletion (it can come before the
 * answer) must not toast a second time.
 */
const deletingHere = new Set<number>()

export async function deleteTicket(id: number) {
  deletingHere.add(id)
  try {
    await api.delete(`/tickets/${id}`)
  } catch (e) {
    deletingHere.delete(id)
    throw e
  }
  // the echo is due within moments; forget the mark after it
  setTimeout(() => deletingHere.delete(id), 10_000)
}

/** Whether a ticket's realtime 'delete' is the echo of this tab's own deletion. */
export const deletedHere = (id: number) => deletingHere.has(id)
