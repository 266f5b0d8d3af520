/**
 * A searchable, paged list of a campaigns resource ({ records, hasMore, count })
 * kept live by its company event: create and update put the record in place,
 * delete takes it out.
 */
import { useCallback, useEffect } from 'react'
import { api, realtime, usePagedList } from '@balcao/ui'

export function useLiveRecords<T extends { id: number }>(path: string, topic: string) {
  const list = usePagedList<T>(
    useCallback(
      async ({ search, page, signal }) => {
        const r = await api.get<{ records: T[]; hasMore: boolean; count: number }>(
          path,
          { searchParam: search, pageNumber: page },
          signal
        )
        return { items: r.records, hasMore: r.hasMore, count: r.count }
      },
      [path]
    )
  )
  const { upsert, remove } = list
  useEffect(
    () =>
      realtime.on(realtime.companyEvent(topic), (m) => {
        const record = m.record as T | undefined
        if (record && (m.action === 'create' || m.action === 'update')) upsert(record, m.action === 'create')
        if (m.action === 'delete') remove(Number(m.id))
      }),
    [topic, upsert, remove]
  )
  return list
}
