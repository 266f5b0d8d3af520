/** The queue's chatbot option tree: choosing an option, going back (#), leaving (Sair). */
import { conversation } from '#core/conversation'
import Chatbot from '../../chatbot.js'
import { botMaySpeak, botSpoke, change, connectionQueues, say, type EngineContext } from '../context.js'
import { TEXTS, chosenNumber, menu } from '../texts.js'
import { closeByBot, isSair } from './common.js'
import { rootOptions, routeTo, sendMainMenu, subOptions } from './menu.js'

export async function chatbot(ctx: EngineContext, body: string) {
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
    const queues = await connectionQueues(ctx)
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
  // file and integration options are served by their plugins (#core/conversation)
  if (option.queueType === 'file' || option.queueType === 'integration') {
    ctx.ticket = await conversation.chatbotOption({
      tx: ctx.tx,
      companyId: ctx.companyId,
      ticket: ctx.ticket,
      ticketCreated: false,
      contact: ctx.contact,
      message: ctx.message ?? { id: 0, body: '', mediaType: null },
      whatsappId: ctx.whatsapp.id,
      now: ctx.now,
      option: {
        id: option.id,
        queueType: option.queueType,
        optIntegrationId: option.optIntegrationId ?? null,
        optFileId: option.optFileId ?? null,
      },
    })
  }
  // text (and the plugin types, after their plugin acted): a step of the tree
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
