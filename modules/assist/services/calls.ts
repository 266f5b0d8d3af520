/** A request's record (assist_calls) as the browser reads it, and its realtime event to the asking agent. */
import { realtime } from '#core/realtime'

export interface CallView {
  id: number
  kind: string
  ticketId: number
  status: 'pending' | 'done' | 'failed'
  result: { text?: string; suggestions?: string[] } | null
  /** an ERR_ code of the catalogue when status is failed */
  error: string | null
  createdAt: string
}

export const presentCall = (r: any): CallView => ({
  id: Number(r.id),
  kind: r.kind,
  ticketId: Number(r.ticket_id),
  status: r.status,
  result: r.result ?? null,
  error: r.error ?? null,
  createdAt: new Date(r.created_at).toISOString(),
})

/** company-{id}-assist, to the agent who asked only (the answer is theirs, like their draft). */
export function emitCall(companyId: number, userId: number, call: CallView) {
  realtime.toUser(companyId, userId, 'assist', { action: call.status, job: call })
}
