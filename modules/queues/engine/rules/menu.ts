/** The greeting and the numbered queue menu (reference §1.4): choosing, routing, the queue position. */
import type { Queue } from '#core/models'
import { conversation } from '#core/conversation'
import Chatbot from '../../chatbot.js'
import { isWithinHours } from '../business_hours.js'
import { botMaySpeak, botSpoke, change, connectionQueues, enabled, say, type EngineContext } from '../context.js'
import { TEXTS, chosenNumber, menu } from '../texts.js'
import { at, closeByBot, isSair } from './common.js'

export async function rootOptions(queueId: number) {
  return Chatbot.query().where('queue_id', queueId).orderBy('id')
}

export async function subOptions(chatbotId: number) {
  return Chatbot.query().where('chatbot_id', chatbotId).orderBy('id')
}

/** The connection greeting and the numbered queues (reference §1.4). */
export async function sendMainMenu(ctx: EngineContext, queues: Queue[]) {
  const text = menu(
    ctx.whatsapp.greetingMessage,
    queues.map((q) => q.name),
    [TEXTS.endLine]
  )
  await say(ctx, text)
  await botSpoke(ctx, { type: 'chatBot' })
}

export async function chooseQueue(ctx: EngineContext, body: string) {
  const queues = await connectionQueues(ctx)
  if (!queues.length) return
  const single = queues.length === 1 ? queues[0] : null
  if (single && (await rootOptions(single.id)).length < 2) return autoAssign(ctx, single)

  if (isSair(body)) return closeByBot(ctx, { farewell: true, log: 'clientClosed' })
  const n = chosenNumber(body)
  const queue = n !== null && n >= 1 && n <= queues.length ? queues[n - 1] : null
  if (!queue || ctx.ticket.isGroup) {
    if (ctx.ticket.isGroup || !botMaySpeak(ctx)) return
    return sendMainMenu(ctx, queues)
  }
  return enterQueue(ctx, queue)
}

/** One queue without a chatbot: the ticket goes straight to it. */
export async function autoAssign(ctx: EngineContext, queue: Queue) {
  const greeting = ctx.whatsapp.greetingMessage ?? ''
  if (enabled(ctx, 'sendGreetingMessageOneQueues') && greeting.trim().length > 1) {
    await say(ctx, greeting)
  }
  await queueAttachments(ctx, queue)
  if (queue.closeTicket) return closeByBot(ctx, { farewell: false, log: 'closed', queueId: queue.id })
  await routeTo(ctx, queue.id, null)
  await queuePosition(ctx, queue.id)
}

/** The queue's integration and file list, run by the plugins that serve them (#core/conversation). */
async function queueAttachments(ctx: EngineContext, queue: Queue) {
  if (!queue.integrationId && !queue.fileListId) return
  ctx.ticket = await conversation.queueEntered({
    tx: ctx.tx,
    companyId: ctx.companyId,
    ticket: ctx.ticket,
    ticketCreated: false,
    contact: ctx.contact,
    message: ctx.message ?? { id: 0, body: '', mediaType: null },
    whatsappId: ctx.whatsapp.id,
    now: ctx.now,
    queue: { id: queue.id, integrationId: queue.integrationId ?? null, fileListId: queue.fileListId ?? null },
  })
}

/** A valid queue choice from the main menu. */
export async function enterQueue(ctx: EngineContext, queue: Queue) {
  if (ctx.settings.scheduleType === 'queue' && !isWithinHours(queue.schedules, ctx.timezone, at(ctx))) {
    await change(
      ctx,
      {
        queueId: queue.id,
        chatbotStageId: null,
        isOutOfHour: true,
        amountUsedBotQueues: ctx.ticket.amountUsedBotQueues + 1,
        botAnsweredAt: ctx.now,
      },
      { type: 'queue', queueId: queue.id }
    )
    if (queue.outOfHoursMessage?.trim()) await say(ctx, queue.outOfHoursMessage)
    return
  }
  const options = await rootOptions(queue.id)
  await routeTo(ctx, queue.id, null)
  if (options.length && !ctx.ticket.isGroup) {
    const text = menu(
      queue.greetingMessage,
      options.map((o) => o.name),
      [TEXTS.backLine, TEXTS.endLine]
    )
    await say(ctx, text)
    await change(ctx, { isBot: true, botAnsweredAt: ctx.now })
    return queueAttachments(ctx, queue)
  }
  if (queue.greetingMessage?.trim()) await say(ctx, queue.greetingMessage)
  await queueAttachments(ctx, queue)
  if (queue.closeTicket) return closeByBot(ctx, { farewell: false, log: 'closed', queueId: queue.id })
  await queuePosition(ctx, queue.id)
}

/** Routes the ticket: queue (and user) set, bot counters and chatbot stage cleared. */
export async function routeTo(ctx: EngineContext, queueId: number | null, userId: number | null) {
  await change(
    ctx,
    {
      queueId,
      userId,
      status: 'pending',
      // routed: the bot's part is over (a queue with options switches it back on)
      isBot: false,
      chatbotStageId: null,
      amountUsedBotQueues: 0,
      botAnsweredAt: null,
      isOutOfHour: false,
    },
    { type: userId ? 'userDefine' : 'queue', queueId, userId }
  )
}

export async function queuePosition(ctx: EngineContext, queueId: number) {
  if (!enabled(ctx, 'sendQueuePosition') || ctx.ticket.isGroup) return
  const waiting = await conversation.inbox().waitingInQueue(ctx.tx, queueId)
  const prefix = ctx.settings.sendQueuePositionMessage?.trim() || TEXTS.queuePositionDefault
  await say(ctx, `${prefix} *${Math.max(1, waiting)}*`)
}
