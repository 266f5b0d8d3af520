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
  const [items, setItems] = useState<T[]>([])
  const [page, setPage] = useState(1)
  const [hasMore, setHasMore] = useState(false)
  const [count, setCount] = useState<number | undefined>()
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
        setItems((prev) => {
          if (page === 1) return res.items
          const seen = new Set(prev.map((p) => p.id))
          return [...prev, ...res.items.filter((i) => !seen.has(i.id))]
        })
        setHasMore(res.hasMore)
        setCount(res.count)
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

  /** Inserts or replaces an item (by id), e.g. after saving or on a realtime event. */
  const upsert = useCallback((item: T) => {
    setItems((prev) => {
      const i = prev.findIndex((p) => p.id === item.id)
      if (i === -1) return [item, ...prev]
      const next = prev.slice()
      next[i] = item
      return next
    })
  }, [])

  const remove = useCallback((id: T['id']) => setItems((prev) => prev.filter((p) => p.id !== id)), [])

  /** what a DataTable needs from the list: <DataTable {...list.table} columns=… /> */
  const table = { items, loading, hasMore, onLoadMore: loadMore, error, onRetry: reload, onSearch: setSearch }

  return { search, setSearch, items, hasMore, count, loading, error, loadMore, reload, upsert, remove, table }
}
