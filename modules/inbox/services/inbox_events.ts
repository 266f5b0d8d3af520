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
import { emitTicketUpdates } from './ticket_events.js'
import { emitMessage } from './message_events.js'
import { ticketViews, type TicketView } from './ticket_views.js'

export type InboxEvent =
  | {
      /** the tickets one commit changed, each once */
      type: 'tickets.changed'
      tickets: {
        id: number
        before?: TicketLike
        /** the ticket as the client reads it, read after the commit (saves a re-read) */
        view?: TicketView
      }[]
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
  if (event.type === 'tickets.changed') return emitTicketUpdates(event.tickets)
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
  /**
   * A ticket changed in this unit; the unit's changed tickets are published
   * together after the commit (one event each, in one publication, where the
   * unit's first change was registered).
   */
  ticketChanged(uow: UnitOfWork, ticketId: number, before?: TicketLike) {
    const box = uow.state('inbox.ticketChanged', () => ({ batch: null as Map<number, { before?: TicketLike }> | null }))
    const seen = box.batch?.get(ticketId)
    if (seen) {
      // a ticket the unit created has no "before" of its own: the first known state stands in
      seen.before ??= before
      return
    }
    const first = !box.batch
    const batch = (box.batch ??= new Map())
    batch.set(ticketId, { before })
    // the tickets a drain batch changed are read in one statement after its commit
    const views = uow.collect(`inbox.ticketViews:${tenancy.requireCompanyId()}`, ticketId, async (ids) => {
      const list = await ticketViews([...new Set(ids)], false)
      return new Map(list.map((v) => [v.id, v]))
    })
    if (!first) return
    uow.afterCommit(async () => {
      // a change registered from here on (by an effect) starts a publication of its own
      box.batch = null
      const read = await views()
      await publish({
        type: 'tickets.changed',
        tickets: [...batch].map(([id, entry]) => ({ id, before: entry.before, view: read.get(id) })),
      })
    })
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
