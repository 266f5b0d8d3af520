/** The conflicting ticket carried by a 409 ERR_OTHER_OPEN_TICKET. */
import { isApiError } from '@balcao/ui'

export interface OpenTicketRef {
  id: number
  uuid: string
  status: string
  userId: number | null
  queueId: number | null
  user: { id: number; name: string } | null
  queue: { id: number; name: string } | null
}

/** The ticket of a 409 ERR_OTHER_OPEN_TICKET (the server sends it in the body as `ticket`). */
export function conflictingTicket(error: unknown): OpenTicketRef | null {
  if (!isApiError(error) || error.code !== 'ERR_OTHER_OPEN_TICKET') return null
  const ticket = error.details?.ticket
  return ticket && typeof ticket === 'object' && 'uuid' in ticket ? (ticket as OpenTicketRef) : null
}
