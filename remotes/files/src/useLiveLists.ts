/**
 * The searchable, paged file lists ({ files, hasMore, count }) kept live by
 * company-{id}-file: create and update put the list in place, delete takes it out.
 */
import { useCallback, useEffect } from 'react'
import { api, realtime, usePagedList } from '@balcao/ui'
import type { FileList } from './types.js'

export function useLiveLists() {
  const list = usePagedList<FileList>(
    useCallback(async ({ search, page, signal }) => {
      const r = await api.get<{ files: FileList[]; hasMore: boolean; count: number }>(
        '/files',
        { searchParam: search, pageNumber: page },
        signal
      )
      return { items: r.files, hasMore: r.hasMore, count: r.count }
    }, [])
  )
  const { upsert, remove } = list
  useEffect(
    () =>
      realtime.on(realtime.companyEvent('file'), (m) => {
        const record = m.record as FileList | undefined
        if (record && (m.action === 'create' || m.action === 'update')) upsert(record, m.action === 'create')
        if (m.action === 'delete') remove(Number(m.fileId ?? m.id))
      }),
    [upsert, remove]
  )
  return list
}
