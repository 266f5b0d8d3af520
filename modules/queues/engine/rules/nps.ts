/** The rating (NPS) answer of a resolved ticket. */
import Rating from '../../rating.js'
import { change, say, type EngineContext } from '../context.js'
import { TEXTS, ratingOf } from '../texts.js'

export async function rating(ctx: EngineContext, body: string) {
  const rate = ratingOf(body)
  if (rate !== null) {
    // one answer per ticket: a redelivered reply changes nothing
    await ctx.tx.trx.rawQuery(
      `INSERT INTO ${Rating.table} (company_id, ticket_id, user_id, rate) VALUES (?, ?, ?, ?) ON CONFLICT (ticket_id) DO NOTHING`,
      [ctx.companyId, ctx.ticket.id, ctx.ticket.userId, rate] as any[]
    )
    if (ctx.whatsapp.complationMessage?.trim()) await say(ctx, ctx.whatsapp.complationMessage)
    await change(ctx, { status: 'closed', isBot: false, npsAttempts: 0, unreadMessages: 0 }, { type: 'closed' })
    return
  }
  if (ctx.ticket.npsAttempts >= (ctx.whatsapp.maxUseBotQueuesNPS ?? 0)) return
  await say(ctx, TEXTS.invalidRating)
  if (ctx.whatsapp.ratingMessage?.trim()) await say(ctx, ctx.whatsapp.ratingMessage)
  await change(ctx, { npsAttempts: ctx.ticket.npsAttempts + 1 })
}
