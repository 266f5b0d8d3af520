/**
 * Tracking subscribes to the inbox's public ticket events and to the queues
 * module's rating answers (never to their tables).
 */
import { onTicketChanged } from '#modules/inbox/public/events'
import { onRatingRecorded } from '#modules/queues/public/ratings'
import { tenancy } from '#core/tenancy'
import { recordRating, recordTicketChange } from './ticket_tracking.js'

let subscribed = false

export function listenToInbox() {
  if (subscribed) return
  subscribed = true
  onTicketChanged(async (e) => {
    // a message that only moves the preview changes nothing the counters track
    const b = e.before
    if (b && b.status === e.status && b.userId === e.userId && b.queueId === e.queueId) return
    // in the event's company, whatever scope the inbox fired it from
    await tenancy.run(e.companyId, () =>
      recordTicketChange({
        ticketId: e.ticketId,
        status: e.status,
        userId: e.userId,
        queueId: e.queueId,
        beforeStatus: e.before?.status,
        whatsappId: e.whatsappId,
        isGroup: e.isGroup,
      })
    )
  })
  // the rating flow's answers, parsed and stored once by their owner; timed now,
  // on this process's clock like the session's own timestamps
  onRatingRecorded(async (e) => {
    await tenancy.run(e.companyId, () => recordRating(e.ticketId, e.rate))
  })
}
