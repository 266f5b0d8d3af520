/**
 * The attendance panel's state: tickets grouped by agent plus the pending
 * card, and the delta one realtime ticket event makes (no refetch).
 */
import type { PanelTicket } from './types.js'

/** Statuses the panel shows. */
export const PANEL_STATUSES = new Set(['open', 'pending'])

/** Spec 2 §2: names past 30 characters show 25, messages past 30 show 27. */
export const cutName = (s: string | null | undefined) => {
  const v = s ?? ''
  return v.length > 30 ? `${v.slice(0, 25)}...` : v
}
export const cutMessage = (s: string | null | undefined) => {
  const v = s ?? ''
  return v.length > 30 ? `${v.slice(0, 27)}...` : v
}

/** Applies one `company-{id}-ticket` event to the panel's tickets. */
export function applyTicketEvent(list: PanelTicket[], event: { action: string; [k: string]: unknown }): PanelTicket[] {
  if (event.action === 'delete') {
    const id = Number(event.ticketId ?? event.id)
    return list.some((t) => t.id === id) ? list.filter((t) => t.id !== id) : list
  }
  if (event.action === 'update' && event.ticket && typeof event.ticket === 'object') {
    const ticket = event.ticket as PanelTicket
    const rest = list.filter((t) => t.id !== ticket.id)
    return PANEL_STATUSES.has(ticket.status) ? [ticket, ...rest] : rest
  }
  if (event.action === 'updateUnread') {
    const id = Number(event.ticketId)
    if (typeof event.unreadMessages !== 'number') return list
    return list.map((t) => (t.id === id ? { ...t, unreadMessages: event.unreadMessages as number } : t))
  }
  return list
}

export interface PanelCard {
  key: string
  userName: string | null
  tickets: PanelTicket[]
}

/** One card per agent (by name), then the pending card (tickets with no agent). */
export function panelCards(list: PanelTicket[]): { agents: PanelCard[]; pending: PanelCard } {
  const agents = new Map<number, PanelCard>()
  const pending: PanelCard = { key: 'pending', userName: null, tickets: [] }
  const sorted = [...list].sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''))
  for (const t of sorted) {
    if (!t.user || t.status === 'pending') {
      pending.tickets.push(t)
      continue
    }
    const card = agents.get(t.user.id) ?? { key: `user-${t.user.id}`, userName: t.user.name, tickets: [] }
    card.tickets.push(t)
    agents.set(t.user.id, card)
  }
  return {
    agents: [...agents.values()].sort((a, b) => (a.userName ?? '').localeCompare(b.userName ?? '')),
    pending,
  }
}
