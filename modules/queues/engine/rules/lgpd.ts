/** LGPD consent: the prompt, the 1/2 answer, the contact's acceptance. */
import { conversation } from '#core/conversation'
import { botSpoke, change, enabled, say, type EngineContext } from '../context.js'
import { TEXTS, chosenNumber } from '../texts.js'
import { closeByBot } from './common.js'

export function lgpdApplies(ctx: EngineContext) {
  return (
    enabled(ctx, 'enableLGPD') &&
    Boolean(ctx.settings.lgpdMessage?.trim()) &&
    !ctx.ticket.isGroup &&
    ctx.ticket.status === 'pending' &&
    (enabled(ctx, 'lgpdConsent') || !ctx.contact.lgpdAcceptedAt)
  )
}

/** The consent prompt and its 1/2 answer: whether the conversation goes on. */
export async function lgpd(ctx: EngineContext, body: string): Promise<'stop' | 'accepted' | 'continue'> {
  if (!enabled(ctx, 'enableLGPD') || !ctx.settings.lgpdMessage?.trim()) {
    await change(ctx, { status: 'pending' })
    return 'continue'
  }
  const t = ctx.ticket
  if (t.lgpdSentAt) {
    const answer = chosenNumber(body)
    if (answer === 1) {
      await conversation.inbox().setContactLgpdAccepted(ctx.tx, ctx.contact.id, ctx.now)
      ctx.contact = { ...ctx.contact, lgpdAcceptedAt: ctx.now }
      await change(
        ctx,
        { status: 'pending', lgpdAcceptedAt: ctx.now, amountUsedBotQueues: 0, botAnsweredAt: null, isBot: true },
        { type: 'pending' }
      )
      return 'accepted'
    }
    if (answer === 2) {
      await closeByBot(ctx, { farewell: true, log: 'clientClosed' })
      return 'stop'
    }
  }
  const max = ctx.whatsapp.maxUseBotQueues ?? 0
  if (max > 0 && t.amountUsedBotQueues >= max) return 'stop'
  await say(ctx, ctx.settings.lgpdMessage)
  if (ctx.settings.lgpdLink?.trim()) await say(ctx, ctx.settings.lgpdLink)
  await say(ctx, TEXTS.lgpdQuestion)
  await botSpoke(ctx, undefined, { lgpdSentAt: ctx.now })
  return 'stop'
}
