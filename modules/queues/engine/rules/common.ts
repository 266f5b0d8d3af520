/** What several conversation rules share: message kinds, the clock, the bot's close. */
import { DateTime } from 'luxon'
import { change, say, type EngineContext } from '../context.js'

export const isAudio = (mediaType: string | null) =>
  mediaType === 'audio' || mediaType === 'audioMessage' || mediaType === 'ptt'
export const isSair = (body: string) => body.trim().toLowerCase() === 'sair'
export const at = (ctx: EngineContext) => DateTime.fromJSDate(ctx.now)

/** The bot closes the ticket (Sair, LGPD refusal, a queue or option that closes). */
export async function closeByBot(
  ctx: EngineContext,
  o: { farewell: boolean; log: 'clientClosed' | 'closed' | 'autoClose'; queueId?: number }
) {
  if (o.farewell && ctx.whatsapp.complationMessage?.trim()) await say(ctx, ctx.whatsapp.complationMessage)
  await change(
    ctx,
    {
      status: 'closed',
      isBot: false,
      chatbotStageId: null,
      amountUsedBotQueues: 0,
      botAnsweredAt: null,
      unreadMessages: 0,
      ...(o.queueId ? { queueId: o.queueId } : {}),
    },
    { type: o.log }
  )
}
