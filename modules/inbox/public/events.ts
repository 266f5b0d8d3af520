/**
 * Inbox events other modules may subscribe to. Listeners run after the
 * inbox's transaction committed, inside the company's tenancy scope, in the
 * order they subscribed; a listener that throws is logged and skipped, never
 * undoing the inbox's work or stopping the next listener.
 *
 *   // in another module: onMessageReceived from '#modules/inbox/public/events'
 *   onMessageReceived(async (e) => { ... })
 */
export interface MessageReceived {
  companyId: number
  messageId: number
  ticketId: number
  contactId: number
  whatsappId: number
  body: string
  mediaType: string | null
  /** the ticket was opened by this message */
  ticketCreated: boolean
  /** part of a history import (no bots, no notifications) */
  imported: boolean
}

export interface TicketChanged {
  companyId: number
  ticketId: number
  status: string
  userId: number | null
  queueId: number | null
  /** the ticket's status, user and queue before the change, when the inbox knew them */
  before?: { status: string; userId: number | null; queueId: number | null }
  /** the ticket's connection and kind, when the inbox had them at hand (listeners need not look them up) */
  whatsappId?: number | null
  isGroup?: boolean
}

type Listener<E> = (event: E) => unknown | Promise<unknown>

function listeners<E>(name: string) {
  const list: Listener<E>[] = []
  return {
    /** subscribes; returns a function that unsubscribes */
    on(fn: Listener<E>) {
      list.push(fn)
      return () => {
        const i = list.indexOf(fn)
        if (i >= 0) list.splice(i, 1)
      }
    },
    async fire(event: E) {
      for (const fn of [...list]) {
        try {
          await fn(event)
        } catch (e) {
          const { default: logger } = await import('@adonisjs/core/services/logger')
          logger.error({ err: e, event: name }, 'inbox event listener failed')
        }
      }
    },
  }
}

const messageReceived = listeners<MessageReceived>('messageReceived')
const ticketChanged = listeners<TicketChanged>('ticketChanged')
const ticketsChanged = listeners<TicketChanged[]>('ticketsChanged')

/** A contact's message was stored (not the channel's echo of our own messages). */
export const onMessageReceived = (fn: Listener<MessageReceived>) => messageReceived.on(fn)
/** A ticket's status, user, queue or content changed. */
export const onTicketChanged = (fn: Listener<TicketChanged>) => ticketChanged.on(fn)
/**
 * The same changes, one commit's worth at a time (each ticket once): for a
 * listener that writes a burst (a batch of new conversations) set-wise.
 */
export const onTicketsChanged = (fn: Listener<TicketChanged[]>) => ticketsChanged.on(fn)

/** For the inbox's own after-commit points only. */
export const fireMessageReceived = (e: MessageReceived) => messageReceived.fire(e)
/** For the inbox's own after-commit points only. */
export const fireTicketChanged = (e: TicketChanged) => fireTicketsChanged([e])
/** For the inbox's own after-commit points only: one commit's changes, each ticket once. */
export async function fireTicketsChanged(list: TicketChanged[]) {
  if (!list.length) return
  for (const e of list) await ticketChanged.fire(e)
  await ticketsChanged.fire(list)
}
