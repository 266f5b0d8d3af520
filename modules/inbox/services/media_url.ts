import { storage } from '#core/storage'

/** A stored media key is served through a signed URL; an outside URL (or a path) is kept as is. */
export const mediaUrl = (v: string | null) => (v && !/^https?:\/\//.test(v) && !v.startsWith('/') ? storage.url(v) : v)
