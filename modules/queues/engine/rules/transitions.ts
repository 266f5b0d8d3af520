/** An agent's resolve (rating prompt or farewell), accept (greeting) and transfer (message). */
import { Queue, User } from '#core/models'
import { conversation, type ResolveContext, type TransitionContext } from '#core/conversation'
import { change, enabled, loadContext, render, type EngineContext } from '../context.js'
import { TEXTS } from '../texts.js'

async function transitionContext(t: TransitionContext) {
  if (!t.ticket.whatsappId) return null
  return loadContext({
    tx: t.tx,
    companyId: t.companyId,
    whatsappId: t.ticket.whatsappId,
    ticket: t.ticket,
    now: new Date(),
  })
}

const groupAllowed = (ctx: EngineContext) => !ctx.ticket.isGroup || ctx.whatsapp.groupAsTicket === 'enabled'

export async function resolving(r: ResolveContext): Promise<'nps' | 'closed'> {
  const ctx = await transitionContext(r)
  // a ticket already waiting for its rating closes without another prompt or farewell
  if (!ctx || ctx.ticket.status === 'nps') return 'closed'
  const actor = r.actorUserId ? await User.find(r.actorUserId) : null
  const waiting = r.before.status === 'pending'
  if (
    r.sendFarewell &&
    enabled(ctx, 'userRating') &&
    ctx.whatsapp.ratingMessage?.trim() &&
    !ctx.ticket.isGroup &&
    !waiting
  ) {
    const body = await render(ctx, ctx.whatsapp.ratingMessage, { userName: actor?.name })
    await conversation.inbox().send(ctx.tx, ctx.ticket, { body, userId: r.actorUserId })
    await change(ctx, { npsAttempts: 1, chatbotStageId: null })
    return 'nps'
  }
  if (r.sendFarewell && groupAllowed(ctx) && (!waiting || enabled(ctx, 'sendFarewellWaitingTicket'))) {
    const text = actor?.farewellMessage?.trim() || ctx.whatsapp.complationMessage?.trim()
    if (text) {
      const body = await render(ctx, text, { userName: actor?.name })
      await conversation.inbox().send(ctx.tx, ctx.ticket, { body, userId: r.actorUserId })
    }
  }
  return 'closed'
}

export async function accepted(t: TransitionContext) {
  const ctx = await transitionContext(t)
  if (!ctx) return
  await change(ctx, { chatbotStageId: null, amountUsedBotQueues: 0, botAnsweredAt: null, isOutOfHour: false })
  if (!enabled(ctx, 'sendGreetingAccepted') || t.before.status !== 'pending' || !groupAllowed(ctx)) return
  const actor = t.actorUserId ? await User.find(t.actorUserId) : null
  const template = ctx.settings.greetingAcceptedMessage?.trim() || TEXTS.acceptedDefault
  const body = await render(ctx, template, { userName: actor?.name ?? '' })
  await conversation.inbox().send(ctx.tx, ctx.ticket, { body, userId: t.actorUserId })
}

export async function transferred(t: TransitionContext) {
  const ctx = await transitionContext(t)
  if (!ctx) return
  await change(ctx, { chatbotStageId: null, amountUsedBotQueues: 0, botAnsweredAt: null })
  const moved = t.before.queueId !== ctx.ticket.queueId || t.before.userId !== ctx.ticket.userId
  const template = ctx.settings.transferMessage?.trim()
  if (!enabled(ctx, 'sendMsgTransfTicket') || !moved || !template || !groupAllowed(ctx)) return
  const queue = ctx.ticket.queueId ? await Queue.find(ctx.ticket.queueId) : null
  const withQueue = template.replaceAll('${queue.name}', queue?.name ?? '')
  const body = await render(ctx, withQueue, { queueName: queue?.name ?? '' })
  await conversation.inbox().send(ctx.tx, ctx.ticket, { body, userId: t.actorUserId })
}
