/**
 * Tracking subscribes to the inbox's public ticket events and to the queues
 * module's rating answers (never to their tables).
 */
import { onTicketsChanged } from '#modules/inbox/public/events'
import { onRatingRecorded } from '#modules/queues/public/ratings'
import { tenancy } from '#core/tenancy'
import { recordRating, recordTicketChanges } from './ticket_tracking.js'

let subscribed = false

export function listenToInbox() {
  if (subscribed) return
  subscribed = true
  // one commit's changes at a time: a burst of new conversations is recorded set-wise
  onTicketsChanged(async (events) => {
    // a message that only moves the preview changes nothing the counters track
    const moves = events.filter((e) => {
      const b = e.before
      return !(b && b.status === e.status && b.userId === e.userId && b.queueId === e.queueId)
    })
    for (const companyId of new Set(moves.map((e) => e.companyId))) {
      // in the event's company, whatever scope the inbox fired it from
      await tenancy.run(companyId, () =>
        recordTicketChanges(
          moves
            .filter((e) => e.companyId === companyId)
            .map((e) => ({
              ticketId: e.ticketId,
              status: e.status,
              userId: e.userId,
              queueId: e.queueId,
              beforeStatus: e.before?.status,
              whatsappId: e.whatsappId,
              isGroup: e.isGroup,
            }))
        )
      )
    }
  })
  // the rating flow's answers, parsed and stored once by their owner; timed now,
  // on this process's clock like the session's own timestamps
  onRatingRecorded(async (e) => {
    await tenancy.run(e.companyId, () => recordRating(e.ticketId, e.rate))
  })
}
