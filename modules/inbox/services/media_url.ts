import { storage } from '#core/storage'

/**
 * What the browser gets for a stored media value: a storage key becomes a
 * signed URL of our own /media route; a path of this origin is kept. An outside
 * address (http(s), or protocol-relative) is never sent: the browser would call
 * it (hot-linking leaks every agent's address to the sender and dies with the
 * link); inbound media is fetched into storage instead (inbound_media.ts).
 */
export const mediaUrl = (v: string | null) => {
  if (!v) return null
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return null
  if (v.startsWith('/')) return /^\/[/\\]/.test(v) ? null : v
  return storage.url(v)
}
