/**
 * The inbox's domain events. Services record them on the unit of work while
 * they write; after the commit they are published to the inbox's listeners,
 * the first of which (realtimeListener) turns them into realtime events with
 * the one ticket serializer (ticket_views) and the one audience rule
 * (viewer.audienceOf). A ticket changed several times in one unit (the
 * message, then the bot's replies) is published once, with its state before
 * the first change: one `ticket` update event per commit.
 */
import { tenancy } from '#core/tenancy'
import type { UnitOfWork } from '#core/unit_of_work'
import type { TicketLike } from './viewer.js'
import { emitTicketUpdate } from './ticket_events.js'
import { emitMessage } from './message_events.js'
import { ticketViews, type TicketView } from './ticket_views.js'

export type InboxEvent =
  | {
      type: 'ticket.changed'
      ticketId: number
      before?: TicketLike
      /** the ticket as the client reads it, read after the commit (saves a re-read) */
      view?: TicketView
    }
  | {
      type: 'message.created'
      messageId: number
      ticket: TicketLike & { id: number }
      /** the messages row just written, when at hand (saves a re-read) */
      row?: Record<string, unknown>
    }

export type InboxListener = (event: InboxEvent) => unknown

/** The one realtime listener of the inbox. */
export async function realtimeListener(event: InboxEvent) {
  if (event.type === 'ticket.changed') return emitTicketUpdate({ id: event.ticketId }, event.before, event.view)
  if (event.type === 'message.created') return emitMessage('create', event.messageId, event.ticket, event.row)
}

const listeners: InboxListener[] = [realtimeListener]

/** Adds a listener of the inbox's domain events (run after the commit, in order). */
export function onInboxEvent(listener: InboxListener) {
  listeners.push(listener)
}

async function publish(event: InboxEvent) {
  for (const listener of listeners) {
    try {
      await listener(event)
    } catch {
      // one listener failing does not keep the others from their event
    }
  }
}

export const inboxEvents = {
  /** A ticket changed in this unit; published once per ticket after the commit. */
  ticketChanged(uow: UnitOfWork, ticketId: number, before?: TicketLike) {
    const pending = uow.state('inbox.ticketChanged', () => new Map<number, { before?: TicketLike }>())
    const seen = pending.get(ticketId)
    if (seen) {
      // a ticket the unit created has no "before" of its own: the first known state stands in
      seen.before ??= before
      return
    }
    const entry = { before }
    pending.set(ticketId, entry)
    // the tickets a drain batch changed are read in one statement after its commit
    const views = uow.collect(`inbox.ticketViews:${tenancy.requireCompanyId()}`, ticketId, async (ids) => {
      const list = await ticketViews([...new Set(ids)], false)
      return new Map(list.map((v) => [v.id, v]))
    })
    uow.afterCommit(async () =>
      publish({ type: 'ticket.changed', ticketId, before: entry.before, view: (await views()).get(ticketId) })
    )
  },
  /** A message was stored in this unit; published after the commit. */
  messageCreated(
    uow: UnitOfWork,
    messageId: number,
    ticket: TicketLike & { id: number },
    row?: Record<string, unknown>
  ) {
    uow.afterCommit(() => publish({ type: 'message.created', messageId, ticket, row }))
  },
}
