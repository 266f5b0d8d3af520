/**
 * The conversation engine: what the bot does with a contact's message
 * (reference §1.2 steps 8–17, §1.4–§1.7, §2.3) and with an agent's accept,
 * resolve and transfer (§2.2, §2.5, spec 1 §4). It runs inside the inbox's
 * transaction with the ticket row locked; it changes tickets and sends
 * messages only through the inbox port.
 */
import { DateTime } from 'luxon'
import { Queue, User } from '#core/models'
import type { ConversationHooks, InboundContext, ResolveContext, TransitionContext } from '#core/conversation'
import Chatbot from '../chatbot.js'
import Rating from '../rating.js'
import { isWithinHours } from './business_hours.js'
import {
  botMaySpeak,
  botSpoke,
  change,
  connectionQueues,
  enabled,
  loadContext,
  localDate,
  render,
  say,
  type EngineContext,
} from './context.js'
import { TEXTS, chosenNumber, menu, ratingOf } from './texts.js'
import { conversation } from '#core/conversation'

const isAudio = (mediaType: string | null) =>
  mediaType === 'audio' || mediaType === 'audioMessage' || mediaType === 'ptt'
const isSair = (body: string) => body.trim().toLowerCase() === 'sair'

// ---------------------------------------------------------------- inbound

async function afterInbound(i: InboundContext) {
  if (i.ticket.status === 'closed') return
  const ctx = await loadContext({ ...i, contact: i.contact })
  if (!ctx) return
  let body = i.message.body ?? ''
  const groupHandled = !ctx.ticket.isGroup || ctx.whatsapp.groupAsTicket === 'enabled'

  // a contact's message answers the inactivity warning
  if (ctx.ticket.sendInactiveMessage) await change(ctx, { sendInactiveMessage: false })
  if (await collectiveVacation(ctx)) return
  if (ctx.ticket.status === 'nps') return rating(ctx, body)
  if (i.ticketCreated && lgpdApplies(ctx)) {
    await change(ctx, { status: 'lgpd' }, { type: 'lgpd' })
  }
  if (ctx.ticket.status === 'lgpd') {
    const next = await lgpd(ctx, body)
    if (next === 'stop') return
    // the "1" was the consent, not a menu choice: the contact now gets the greeting
    if (next === 'accepted') body = ''
  }
  if (!groupHandled) return
  // agents talk to assigned tickets; the bot stays out (reference §12: the
  // original kept answering "invalid option" during a conversation)
  if (ctx.ticket.status === 'open' || ctx.ticket.status === 'group' || ctx.ticket.userId) {
    if (isAudio(i.message.mediaType)) await refuseAudio(ctx, i.message.id)
    return
  }
  if (await outOfHours(ctx)) return
  if (isAudio(i.message.mediaType) && (await refuseAudio(ctx, i.message.id))) return
  if (ctx.contact.disableBot) return
  if (!ctx.ticket.queueId) return chooseQueue(ctx, body)
  if (await queueOutOfHours(ctx)) return
  if (ctx.ticket.isBot) return chatbot(ctx, body)
}

/** Collective vacation of the connection: one text, nothing else runs. */
async function collectiveVacation(ctx: EngineContext) {
  const w = ctx.whatsapp
  if (!w.collectiveVacationMessage?.trim() || !w.collectiveVacationStart || !w.collectiveVacationEnd) return false
  const today = localDate(ctx)
  const from = w.collectiveVacationStart.toISODate()!
  const to = w.collectiveVacationEnd.toISODate()!
  if (today < from || today > to) return false
  await say(ctx, w.collectiveVacationMessage)
  return true
}

/** Audio refusal (acceptAudioMessageContact / the contact's switch); true when refused. */
async function refuseAudio(ctx: EngineContext, messageId: number) {
  if (ctx.contact.acceptAudioMessage && enabled(ctx, 'acceptAudioMessageContact')) return false
  await say(ctx, TEXTS.audioRefused, { quotedMessageId: messageId })
  return true
}

// ---------------------------------------------------------------- hours

function scheduleFor(ctx: EngineContext) {
  const type = ctx.settings.scheduleType
  if (type === 'company') return ctx.company.schedules
  if (type === 'connection') return ctx.whatsapp.schedules
  return null
}

const at = (ctx: EngineContext) => DateTime.fromJSDate(ctx.now)

/** scheduleType company/connection: the connection's out-of-hours text, bot limits apply. */
async function outOfHours(ctx: EngineContext) {
  const schedules = scheduleFor(ctx)
  if (!schedules || isWithinHours(schedules, ctx.timezone, at(ctx))) {
    if (ctx.ticket.isOutOfHour) await change(ctx, { isOutOfHour: false })
    return false
  }
  if (botMaySpeak(ctx) && ctx.whatsapp.outOfHoursMessage?.trim()) {
    await say(ctx, ctx.whatsapp.outOfHoursMessage)
    await botSpoke(ctx, undefined, { isOutOfHour: true })
  } else if (!ctx.ticket.isOutOfHour) {
    await change(ctx, { isOutOfHour: true })
  }
  return true
}

/** scheduleType queue: the queue's out-of-hours text for a queued ticket. */
async function queueOutOfHours(ctx: EngineContext) {
  if (ctx.settings.scheduleType !== 'queue' || !ctx.ticket.queueId) return false
  const queue = await Queue.find(ctx.ticket.queueId)
  if (!queue || isWithinHours(queue.schedules, ctx.timezone, at(ctx))) return false
  if (botMaySpeak(ctx) && queue.outOfHoursMessage?.trim()) {
    await say(ctx, queue.outOfHoursMessage)
    await botSpoke(ctx, undefined, { isOutOfHour: true })
  }
  return true
}

// ---------------------------------------------------------------- LGPD

function lgpdApplies(ctx: EngineContext) {
  return (
    enabled(ctx, 'enableLGPD') &&
    Boolean(ctx.settings.lgpdMessage?.trim()) &&
    !ctx.ticket.isGroup &&
    ctx.ticket.status === 'pending' &&
    (enabled(ctx, 'lgpdConsent') || !ctx.contact.lgpdAcceptedAt)
  )
}

/** The consent prompt and its 1/2 answer: whether the conversation goes on. */
async function lgpd(ctx: EngineContext, body: string): Promise<'stop' | 'accepted' | 'continue'> {
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

// ---------------------------------------------------------------- queue menu

async function rootOptions(queueId: number) {
  return Chatbot.query().where('queue_id', queueId).orderBy('id')
}

async function subOptions(chatbotId: number) {
  return Chatbot.query().where('chatbot_id', chatbotId).orderBy('id')
}

/** The connection greeting and the numbered queues (reference §1.4). */
async function sendMainMenu(ctx: EngineContext, queues: Queue[]) {
  const text = menu(
    ctx.whatsapp.greetingMessage,
    queues.map((q) => q.name),
    [TEXTS.endLine]
  )
  await say(ctx, text)
  await botSpoke(ctx, { type: 'chatBot' })
}

async function chooseQueue(ctx: EngineContext, body: string) {
  const queues = await connectionQueues(ctx.whatsapp.id)
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
async function autoAssign(ctx: EngineContext, queue: Queue) {
  const greeting = ctx.whatsapp.greetingMessage ?? ''
  if (enabled(ctx, 'sendGreetingMessageOneQueues') && greeting.trim().length > 1) {
    await say(ctx, greeting)
  }
  if (queue.closeTicket) return closeByBot(ctx, { farewell: false, log: 'closed', queueId: queue.id })
  await routeTo(ctx, queue.id, null)
  await queuePosition(ctx, queue.id)
}

/** A valid queue choice from the main menu. */
async function enterQueue(ctx: EngineContext, queue: Queue) {
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
    return
  }
  if (queue.greetingMessage?.trim()) await say(ctx, queue.greetingMessage)
  if (queue.closeTicket) return closeByBot(ctx, { farewell: false, log: 'closed', queueId: queue.id })
  await queuePosition(ctx, queue.id)
}

/** Routes the ticket: queue (and user) set, bot counters and chatbot stage cleared. */
async function routeTo(ctx: EngineContext, queueId: number | null, userId: number | null) {
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

async function queuePosition(ctx: EngineContext, queueId: number) {
  if (!enabled(ctx, 'sendQueuePosition') || ctx.ticket.isGroup) return
  const waiting = await conversation.inbox().waitingInQueue(ctx.tx, queueId)
  const prefix = ctx.settings.sendQueuePositionMessage?.trim() || TEXTS.queuePositionDefault
  await say(ctx, `${prefix} *${Math.max(1, waiting)}*`)
}

// ---------------------------------------------------------------- chatbot tree

async function chatbot(ctx: EngineContext, body: string) {
  const queueId = ctx.ticket.queueId!
  const roots = await rootOptions(queueId)
  if (!roots.length) return
  if (isSair(body)) return closeByBot(ctx, { farewell: true, log: 'clientClosed' })
  if (body.trim() === '#') {
    await change(ctx, {
      queueId: null,
      userId: null,
      chatbotStageId: null,
      amountUsedBotQueues: 0,
      botAnsweredAt: null,
    })
    const queues = await connectionQueues(ctx.whatsapp.id)
    return sendMainMenu(ctx, queues)
  }
  const stage = ctx.ticket.chatbotStageId ? await Chatbot.query().where('id', ctx.ticket.chatbotStageId).first() : null
  const options = stage ? await subOptions(stage.id) : roots
  const n = chosenNumber(body)
  const option = n !== null && n >= 1 && n <= options.length ? options[n - 1] : null
  if (!option) {
    if (!botMaySpeak(ctx)) return
    await say(ctx, TEXTS.invalidOption)
    await botSpoke(ctx)
    return
  }
  return applyOption(ctx, option)
}

async function applyOption(ctx: EngineContext, option: Chatbot) {
  const greeting = option.greetingMessage?.trim()
  if (option.queueType === 'queue' && option.optQueueId) {
    await routeTo(ctx, option.optQueueId, null)
    if (greeting) await say(ctx, greeting)
    return finishOption(ctx, option)
  }
  if (option.queueType === 'attendent' && option.optUserId) {
    await routeTo(ctx, option.optQueueId ?? ctx.ticket.queueId, option.optUserId)
    if (greeting) await say(ctx, greeting)
    return finishOption(ctx, option)
  }
  // text (and types whose modules are not installed yet): a step of the tree
  if (!greeting) {
    // "a message is mandatory to continue": without one the bot stops here
    await change(ctx, { chatbotStageId: null, isBot: false })
    return finishOption(ctx, option)
  }
  const children = await subOptions(option.id)
  const text = menu(
    greeting,
    children.map((c) => c.name),
    children.length ? [TEXTS.backLine] : [TEXTS.backLine, TEXTS.endLine]
  )
  await say(ctx, text)
  await change(ctx, { chatbotStageId: option.id, amountUsedBotQueues: 0, botAnsweredAt: ctx.now })
  return finishOption(ctx, option)
}

async function finishOption(ctx: EngineContext, option: Chatbot) {
  if (option.closeTicket) await closeByBot(ctx, { farewell: false, log: 'closed' })
}

/** The bot closes the ticket (Sair, LGPD refusal, a queue or option that closes). */
async function closeByBot(
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

// ---------------------------------------------------------------- NPS

async function rating(ctx: EngineContext, body: string) {
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

// ---------------------------------------------------------------- agent transitions

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

async function resolving(r: ResolveContext): Promise<'nps' | 'closed'> {
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

async function accepted(t: TransitionContext) {
  const ctx = await transitionContext(t)
  if (!ctx) return
  await change(ctx, { chatbotStageId: null, amountUsedBotQueues: 0, botAnsweredAt: null, isOutOfHour: false })
  if (!enabled(ctx, 'sendGreetingAccepted') || t.before.status !== 'pending' || !groupAllowed(ctx)) return
  const actor = t.actorUserId ? await User.find(t.actorUserId) : null
  const template = ctx.settings.greetingAcceptedMessage?.trim() || TEXTS.acceptedDefault
  const body = await render(ctx, template, { userName: actor?.name ?? '' })
  await conversation.inbox().send(ctx.tx, ctx.ticket, { body, userId: t.actorUserId })
}

async function transferred(t: TransitionContext) {
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

export const conversationEngine: ConversationHooks = { afterInbound, resolving, accepted, transferred }

/** Shared with the jobs: the bot closes a ticket with an optional text. */
export { closeByBot }
