/**
 * The board as data, and the pure steps that change it: a page loaded, a card
 * moved (by this user or by a live event), a card gone. Lanes keep their cards
 * in the server's order (updated_at, id, newest first); a card newer than a
 * lane's loaded range is shown, an older one waits for its page.
 */
import type { BoardResponse, Card } from './types.js'

export const DEFAULT_LANE = 0
/** statuses the board shows (the server's rule; a live update outside them leaves the board) */
export const BOARD_STATUSES = ['open', 'pending']

export interface LaneState {
  id: number
  name: string | null
  color: string | null
  count: number
  cards: Card[]
  nextCursor: string | null
}

export function fromResponse(r: BoardResponse): LaneState[] {
  const byId = new Map(r.tickets.map((t) => [t.id, t]))
  return r.lanes.map((l) => ({
    id: l.id,
    name: l.name,
    color: l.color,
    count: l.count,
    cards: l.ticketIds.map((id) => byId.get(id)).filter((c): c is Card => Boolean(c)),
    nextCursor: l.nextCursor,
  }))
}

/** The lane a card belongs in: its first kanban tag that is a lane of this board, else the default lane. */
export function laneOf(card: Pick<Card, 'tags'>, lanes: LaneState[]): number {
  const ids = new Set(lanes.map((l) => l.id).filter((id) => id !== DEFAULT_LANE))
  return card.tags.find((t) => ids.has(t.id))?.id ?? DEFAULT_LANE
}

/** newest first, ties by id (the server's keyset order) */
function before(a: Card, b: Card) {
  const ta = a.updatedAt ?? ''
  const tb = b.updatedAt ?? ''
  return ta === tb ? a.id > b.id : ta > tb
}

function insertSorted(cards: Card[], card: Card) {
  const i = cards.findIndex((c) => before(card, c))
  return i < 0 ? [...cards, card] : [...cards.slice(0, i), card, ...cards.slice(i)]
}

/** Where the card is now on this board, if loaded. */
export function findCard(lanes: LaneState[], id: number): { lane: number; card: Card } | null {
  for (const l of lanes) {
    const card = l.cards.find((c) => c.id === id)
    if (card) return { lane: l.id, card }
  }
  return null
}

/**
 * Puts a card where its tags say (a card from an event or from the server's
 * answer). `fromLane` is where the card was counted before, when known.
 */
export function placeCard(lanes: LaneState[], card: Card, fromLane?: number | null): LaneState[] {
  const known = findCard(lanes, card.id)
  const was = known?.lane ?? fromLane ?? null
  const to = BOARD_STATUSES.includes(card.status) ? laneOf(card, lanes) : null
  return lanes.map((l) => {
    let cards = l.cards.filter((c) => c.id !== card.id)
    let count = l.count
    if (l.id === was && was !== to) count = Math.max(0, count - 1)
    if (l.id === to) {
      if (was !== to) count += 1
      const last = cards[cards.length - 1]
      // older than what the lane has loaded: it will come with a later page
      if (!l.nextCursor || !last || before(card, last)) cards = insertSorted(cards, card)
    }
    return cards === l.cards && count === l.count ? l : { ...l, cards, count }
  })
}

/** A card left the board (closed, moved out of the user's sight). */
export function removeCard(lanes: LaneState[], id: number): LaneState[] {
  return lanes.map((l) =>
    l.cards.some((c) => c.id === id)
      ? { ...l, cards: l.cards.filter((c) => c.id !== id), count: Math.max(0, l.count - 1) }
      : l
  )
}

/** A lane's next page arrived. */
export function appendPage(lanes: LaneState[], laneId: number, cards: Card[], nextCursor: string | null) {
  return lanes.map((l) => {
    if (l.id !== laneId) return l
    const have = new Set(l.cards.map((c) => c.id))
    return { ...l, cards: [...l.cards, ...cards.filter((c) => !have.has(c.id))], nextCursor }
  })
}

/** The card as it is after a move to `to`, before the server answers (its other lanes' tags dropped). */
export function movedCard(card: Card, to: LaneState | undefined, lanes: LaneState[]): Card {
  const laneIds = new Set(lanes.map((l) => l.id))
  const tags = card.tags.filter((t) => !laneIds.has(t.id))
  if (to && to.id !== DEFAULT_LANE) tags.push({ id: to.id, name: to.name ?? '', color: to.color ?? '' })
  return { ...card, tags }
}

/** Changes a loaded card in place (e.g. its unread count). */
export function patchCard(lanes: LaneState[], id: number, patch: Partial<Card>): LaneState[] {
  return lanes.map((l) =>
    l.cards.some((c) => c.id === id) ? { ...l, cards: l.cards.map((c) => (c.id === id ? { ...c, ...patch } : c)) } : l
  )
}
