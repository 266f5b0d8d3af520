/**
 * The count in a page title. The server's count is of the first load; rows
 * added or removed since (saves, realtime events) are only known locally, so
 * once every page is loaded the rows on screen are the count.
 */
export function shownCount(list: { count?: number; items: unknown[]; hasMore: boolean; loading: boolean }) {
  if (list.count === undefined) return undefined
  return !list.hasMore && !list.loading ? list.items.length : list.count
}
