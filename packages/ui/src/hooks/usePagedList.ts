/**
 * A searchable, paged list: page 1 again when the (debounced) search changes,
 * the next page appended on demand, and local edits after create/update/delete
 * or a realtime event without refetching.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useDebouncedValue } from './useDebouncedValue.js'

export interface Page<T> {
  items: T[]
  hasMore: boolean
  count?: number
}

export type PageLoader<T> = (args: { search: string; page: number; signal: AbortSignal }) => Promise<Page<T>>

export function usePagedList<T extends { id: number | string }>(
  load: PageLoader<T>,
  options: { debounceMs?: number } = {}
) {
  const [search, setSearch] = useState('')
  const debounced = useDebouncedValue(search, options.debounceMs ?? 500)
  // items and their total move together: a create or a delete changes both in one update
  const [list, setList] = useState<{ items: T[]; count?: number }>({ items: [] })
  const { items, count } = list
  const [page, setPage] = useState(1)
  const [hasMore, setHasMore] = useState(false)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(null)
  const [reloadKey, setReloadKey] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  // set synchronously, so two scroll events before the next render ask for one page only
  const busy = useRef(false)

  // a new search starts from page 1
  useEffect(() => {
    setPage(1)
  }, [debounced, reloadKey])

  useEffect(() => {
    const controller = new AbortController()
    busy.current = true
    setLoading(true)
    setError(null)
    loadRef
      .current({ search: debounced, page, signal: controller.signal })
      .then((res) => {
        if (controller.signal.aborted) return
        setList((prev) => {
          if (page === 1) return { items: res.items, count: res.count }
          const seen = new Set(prev.items.map((p) => p.id))
          return { items: [...prev.items, ...res.items.filter((i) => !seen.has(i.id))], count: res.count }
        })
        setHasMore(res.hasMore)
      })
      .catch((e) => {
        if (!controller.signal.aborted) setError(e)
      })
      .finally(() => {
        if (controller.signal.aborted) return
        busy.current = false
        setLoading(false)
      })
    return () => controller.abort()
  }, [debounced, page, reloadKey])

  const loadMore = useCallback(() => {
    if (busy.current || !hasMore) return
    busy.current = true
    setPage((p) => p + 1)
  }, [hasMore])

  const reload = useCallback(() => setReloadKey((k) => k + 1), [])

  /**
   * Inserts or replaces an item (by id), e.g. after saving or on a realtime event.
   * A new item counts one more in the total (the title's count stays live); pass
   * `created: false` for an update of an item this list had not loaded yet.
   */
  const upsert = useCallback((item: T, created?: boolean) => {
    setList((prev) => {
      const i = prev.items.findIndex((p) => p.id === item.id)
      if (i === -1) {
        const total = prev.count !== undefined && created !== false ? prev.count + 1 : prev.count
        return { items: [item, ...prev.items], count: total }
      }
      const next = prev.items.slice()
      next[i] = item
      return { ...prev, items: next }
    })
  }, [])

  /** Takes an item out (by id); one less in the total when it was in the list. */
  const remove = useCallback(
    (id: T['id']) =>
      setList((prev) => {
        const next = prev.items.filter((p) => p.id !== id)
        if (next.length === prev.items.length) return prev
        return { items: next, count: prev.count !== undefined ? Math.max(0, prev.count - 1) : prev.count }
      }),
    []
  )

  /** what a DataTable needs from the list: <DataTable {...list.table} columns=… /> */
  const table = { items, loading, hasMore, onLoadMore: loadMore, error, onRetry: reload, onSearch: setSearch }

  return { search, setSearch, items, hasMore, count, loading, error, loadMore, reload, upsert, remove, table }
}
