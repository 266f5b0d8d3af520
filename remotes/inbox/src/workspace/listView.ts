/**
 * Which list the workspace shows and what "close all" closes. Pure
 * (tests/unit/inbox_workspace_logic.spec.ts).
 */
import type { TicketListKind } from '../types.js'

/** the tabs of the inbox view */
export type Tabbed = 'open' | 'pending' | 'group'
/** the inbox (tabs) or the Closed view */
export type View = 'inbox' | 'closed'

/** A search shows the Search list whatever the view; otherwise the Closed view or the selected tab. */
export function activeKind(searching: boolean, view: View, tab: Tabbed): TicketListKind {
  return searching ? 'search' : view === 'closed' ? 'closed' : tab
}

/** "Close all" closes the pending tickets from the Pending tab, the open ones otherwise. */
export const closeAllStatus = (tab: Tabbed): 'open' | 'pending' => (tab === 'pending' ? 'pending' : 'open')

/** The body of POST /tickets/closeAll: no queue selected means every queue offered. */
export function closeAllBody(tab: Tabbed, queueIds: number[], offered: { id: number }[]) {
  return { status: closeAllStatus(tab), selectedQueueIds: queueIds.length ? queueIds : offered.map((q) => q.id) }
}

/**
 * The queue selector's text: null when no queue is selected (all queues), else
 * the names of the selected queues offered ('' when none of them is offered).
 */
export function selectedQueueNames(queueIds: number[], offered: { id: number; name: string }[]): string | null {
  if (queueIds.length === 0) return null
  return offered
    .filter((q) => queueIds.includes(q.id))
    .map((q) => q.name)
    .join(', ')
}
