/**
 * A windowed list with a fixed row height: only the rows in view (plus a few
 * either side) are in the DOM, so ten thousand tickets scroll like forty.
 * - Infinite scroll: `onEndReached` within 100 px of the end (spec 1 §9).
 * - Live inserts above the rows in view do not move what the user is reading:
 *   the rows in view are remembered and the scroll offset follows them.
 * - The offset survives the list being hidden (tabs keep their lists mounted).
 */
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react'

export const END_THRESHOLD_PX = 100
const OVERSCAN = 6
/** rows in view remembered to keep the reader's place */
const ANCHORS = 5

export interface VirtualListProps<T> {
  items: T[]
  rowHeight: number
  itemKey: (item: T) => string | number
  renderRow: (item: T, index: number) => ReactNode
  onEndReached?: () => void
  /** false while the list is hidden: the scroll offset is kept and restored */
  active?: boolean
  footer?: ReactNode
  testId?: string
}

export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, rowHeight, itemKey, onEndReached, active = true } = props
  const ref = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [height, setHeight] = useState(600)
  const saved = useRef(0)
  const anchors = useRef<{ key: string | number; index: number }[]>([])
  const itemsRef = useRef(items)
  const frame = useRef(0)

  /** Remembers the rows in view (by key) so a later change of the rows can keep them in place. */
  const remember = useCallback(
    (top: number, list: T[]) => {
      saved.current = top
      const first = Math.floor(top / rowHeight)
      // at the very top new rows should appear; further down, keep the reader's place
      anchors.current =
        top > 0
          ? list.slice(first, first + ANCHORS).map((item, i) => ({ key: itemKey(item), index: first + i }))
          : []
    },
    [rowHeight, itemKey]
  )

  // rows added or removed above the view shift it by the same count: follow them. The shift is the one
  // most rows in view agree on, so a row that itself jumped to the top does not drag the view along.
  useLayoutEffect(() => {
    const el = ref.current
    const previous = itemsRef.current
    itemsRef.current = items
    if (!el || previous === items || !anchors.current.length) return
    const where = new Map<string | number, number>()
    items.forEach((item, i) => where.set(itemKey(item), i))
    const votes = new Map<number, number>()
    for (const a of anchors.current) {
      const now = where.get(a.key)
      if (now !== undefined) votes.set(now - a.index, (votes.get(now - a.index) ?? 0) + 1)
    }
    let shift = 0
    let best = 0
    for (const [d, n] of votes) if (n > best || (n === best && Math.abs(d) < Math.abs(shift))) [shift, best] = [d, n]
    const top = Math.max(0, saved.current + shift * rowHeight)
    if (shift !== 0 && Math.abs(el.scrollTop - top) >= 1) {
      el.scrollTop = top
      setScrollTop(top)
    }
    remember(top, items)
  }, [items, itemKey, rowHeight, remember])

  // restore the offset when a hidden list is shown again
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || !active) return
    if (el.scrollTop !== saved.current) el.scrollTop = saved.current
    setScrollTop(el.scrollTop)
    setHeight(el.clientHeight || 600)
  }, [active])

  useLayoutEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => el.clientHeight && setHeight(el.clientHeight))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  // a short first page that does not fill the view still asks for the next one
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || !active || !onEndReached) return
    if (items.length > 0 && el.scrollHeight - el.clientHeight - el.scrollTop < END_THRESHOLD_PX) onEndReached()
  }, [items.length, active, onEndReached, height])

  const onScroll = () => {
    const el = ref.current
    if (!el) return
    remember(el.scrollTop, itemsRef.current)
    cancelAnimationFrame(frame.current)
    frame.current = requestAnimationFrame(() => setScrollTop(el.scrollTop))
    if (onEndReached && el.scrollHeight - el.clientHeight - el.scrollTop < END_THRESHOLD_PX) onEndReached()
  }

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN)
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN)
  const rows: ReactNode[] = []
  for (let i = first; i < last; i++) {
    const item = items[i]
    rows.push(
      <div
        key={itemKey(item)}
        role="listitem"
        style={{ position: 'absolute', top: 0, left: 0, right: 0, height: rowHeight, transform: `translateY(${i * rowHeight}px)` }}
      >
        {props.renderRow(item, i)}
      </div>
    )
  }

  return (
    <div
      ref={ref}
      onScroll={onScroll}
      data-testid={props.testId}
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}
    >
      <div role="list" style={{ position: 'relative', height: items.length * rowHeight }}>
        {rows}
      </div>
      {props.footer}
    </div>
  )
}
