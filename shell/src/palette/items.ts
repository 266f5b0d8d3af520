/**
 * What the command palette lists, and how typed text picks from the pages and
 * actions it already knows (tickets and contacts come from the server).
 * Pure, so it is unit-tested in Node.
 */
export type PaletteGroup = 'pages' | 'actions' | 'tickets' | 'contacts'

export interface PaletteItem {
  /** unique across groups, e.g. 'page:/tickets', 'ticket:42' */
  id: string
  group: PaletteGroup
  label: string
  detail?: string
  /** the shortcut of an action, e.g. 'alt+e' */
  keys?: string
  /** the menu icon name of a page */
  icon?: string
  run: () => void
}

export const GROUP_ORDER: PaletteGroup[] = ['pages', 'actions', 'tickets', 'contacts']
/** rows per group from the server (tickets, contacts): the palette is for jumping, not browsing */
export const REMOTE_LIMIT = 5
/** the server is asked once the text has this many characters */
export const REMOTE_MIN_CHARS = 2
export const REMOTE_DEBOUNCE_MS = 250

/** lower case, no accents: 'Conexões' is found by 'conexoes' */
export function fold(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
}

/** Every word of the query appears in the label or the detail (any order). */
export function matches(query: string, item: Pick<PaletteItem, 'label' | 'detail'>) {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (!words.length) return true
  const hay = fold(`${item.label} ${item.detail ?? ''}`)
  return words.every((w) => hay.includes(w))
}

/** Pages and actions matching the query, those whose label starts with it first. */
export function filterLocal(query: string, items: PaletteItem[]) {
  const q = fold(query)
  const hits = items.filter((i) => matches(query, i))
  if (!q) return hits
  const starts = (i: PaletteItem) => (fold(i.label).startsWith(q) ? 0 : 1)
  return hits
    .map((item, n) => ({ item, n }))
    .sort((a, b) => starts(a.item) - starts(b.item) || a.n - b.n)
    .map((x) => x.item)
}

/** The list on screen: grouped in a fixed order (the arrows walk it top to bottom). */
export function arrange(items: PaletteItem[]) {
  return GROUP_ORDER.flatMap((g) => items.filter((i) => i.group === g))
}

/** The next active row for an arrow key, wrapping around. */
export function step(active: number, count: number, delta: 1 | -1) {
  if (count === 0) return -1
  if (active < 0) return delta === 1 ? 0 : count - 1
  return (active + delta + count) % count
}
