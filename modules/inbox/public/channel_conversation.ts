/**
 * One person's conversation on one connection as a channel shows it back to
 * that person (the website chat's history): the messages both sides can see,
 * never private notes. Runs in the caller's tenancy scope.
 */
import { tenantTable } from '#core/tenancy'

export interface ConversationMessage {
  id: number
  body: string
  fromMe: boolean
  mediaType: string | null
  /** storage key of the file (sign it with the core's storage.url to show it) */
  mediaKey: string | null
  mediaName: string | null
  isDeleted: boolean
  createdAt: Date
}

/** Up to `limit` messages with an id above `afterId`, oldest first (the last `limit` when afterId is 0). */
export async function conversationMessages(
  whatsappId: number,
  number: string,
  afterId = 0,
  limit = 100
): Promise<ConversationMessage[]> {
  const q = tenantTable('messages as m')
    .join('contacts as c', 'c.id', 'm.contact_id')
    .where('m.whatsapp_id', whatsappId)
    .where('c.number', number)
    .where('m.is_private', false)
    .select('m.id', 'm.body', 'm.from_me', 'm.media_type', 'm.media_url', 'm.media_name', 'm.is_deleted', 'm.created_at')
  const rows = afterId > 0
    ? await q.where('m.id', '>', afterId).orderBy('m.id', 'asc').limit(limit)
    : (await q.orderBy('m.id', 'desc').limit(limit)).reverse()
  return rows.map((r: any) => ({
    id: Number(r.id),
    body: r.is_deleted ? '' : String(r.body ?? ''),
    fromMe: Boolean(r.from_me),
    mediaType: r.media_type ?? null,
    mediaKey: r.is_deleted ? null : (r.media_url ?? null),
    mediaName: r.media_name ?? null,
    isDeleted: Boolean(r.is_deleted),
    createdAt: r.created_at,
  }))
}
