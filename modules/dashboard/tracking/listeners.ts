/** Tracking subscribes to the inbox's public events (never to its tables). */
import { onMessageReceived, onTicketChanged } from '#modules/inbox/public/events'
import { recordRatingReply, recordTicketChange } from './ticket_tracking.js'

let subscribed = false

export function listenToInbox() {
  if (subscribed) return
  subscribed = true
  onTicketChanged(async (e) => {
    await recordTicketChange({
      ticketId: e.ticketId,
      status: e.status,
      userId: e.userId,
      queueId: e.queueId,
      beforeStatus: e.before?.status,
    })
  })
  onMessageReceived(async (e) => {
    if (e.imported || e.mediaType) return
    await recordRatingReply(e.ticketId, e.body)
  })
}
