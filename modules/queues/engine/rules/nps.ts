/** The rating (NPS) answer of a resolved ticket. */
import { tenantInsert } from '#core/tenancy'
import { fireRatingRecorded } from '../../public/ratings.js'
import { change, say, type EngineContext } from '../context.js'
import { TEXTS, ratingOf } from '../texts.js'

export async function rating(ctx: EngineContext, body: string) {
  const rate = ratingOf(body)
  if (rate !== null) {
    // one answer per ticket: a redelivered reply changes nothing
    const inserted = await tenantInsert(
      'ratings',
      { company_id: ctx.companyId, ticket_id: ctx.ticket.id, user_id: ctx.ticket.userId, rate },
      ctx.tx.trx
    )
      .onConflict('ticket_id')
      .ignore()
      .returning(['created_at'])
    // a new answer is announced (the dashboard's ratings) once it is committed
    if (inserted.length) {
      const event = {
        companyId: ctx.companyId,
        ticketId: ctx.ticket.id,
        userId: ctx.ticket.userId,
        rate,
        at: new Date(inserted[0].created_at),
      }
      ctx.tx.afterCommit(() => fireRatingRecorded(event))
    }
    if (ctx.whatsapp.complationMessage?.trim()) await say(ctx, ctx.whatsapp.complationMessage)
    await change(ctx, { status: 'closed', isBot: false, npsAttempts: 0, unreadMessages: 0 }, { type: 'closed' })
    return
  }
  if (ctx.ticket.npsAttempts >= (ctx.whatsapp.maxUseBotQueuesNPS ?? 0)) return
  await say(ctx, TEXTS.invalidRating)
  if (ctx.whatsapp.ratingMessage?.trim()) await say(ctx, ctx.whatsapp.ratingMessage)
  await change(ctx, { npsAttempts: ctx.ticket.npsAttempts + 1 })
}
