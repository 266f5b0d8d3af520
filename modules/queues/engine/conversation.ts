/**
 * The conversation engine: what the bot does with a contact's message
 * (reference §1.2 steps 8–17, §1.4–§1.7, §2.3) and with an agent's accept,
 * resolve and transfer (§2.2, §2.5, spec 1 §4). It runs inside the inbox's
 * transaction with the ticket row locked; it changes tickets and sends
 * messages only through the inbox port. This file is the order of the rules
 * for an inbound message; each rule is a file of rules/ (vacation, hours,
 * LGPD, menu, chatbot, NPS, audio, agent transitions).
 */
import { conversation, type ConversationHooks, type InboundContext, type QuietContext } from '#core/conversation'
import { change, loadContext } from './context.js'
import { isAudio, closeByBot } from './rules/common.js'
import { collectiveVacation } from './rules/vacation.js'
import { refuseAudio } from './rules/audio.js'
import { outOfHours, queueOutOfHours } from './rules/hours.js'
import { lgpd, lgpdApplies } from './rules/lgpd.js'
import { chooseQueue } from './rules/menu.js'
import { chatbot } from './rules/chatbot.js'
import { rating } from './rules/nps.js'
import { accepted, resolving, transferred } from './rules/transitions.js'

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
  // a bot plugin attached to the connection or the ticket (AI prompt, integration) answers instead
  if (await conversation.takeover({ ...i, ticket: ctx.ticket, contact: ctx.contact })) return
  if (!ctx.ticket.queueId) return chooseQueue(ctx, body)
  if (await queueOutOfHours(ctx)) return
  if (ctx.ticket.isBot) return chatbot(ctx, body)
}

/**
 * The engine leaves a plain text message alone on a ticket an agent holds
 * (afterInbound above: no rating asked, no inactivity warning pending, and
 * no collective vacation configured on the connection, whatever its dates).
 */
function quiet({ ticket, connection }: QuietContext) {
  const vacation = Boolean(
    connection.collectiveVacationMessage?.trim() &&
    connection.collectiveVacationStart &&
    connection.collectiveVacationEnd
  )
  return ticket.status === 'open' && Boolean(ticket.userId) && !ticket.sendInactiveMessage && !vacation
}

export const conversationEngine: ConversationHooks = { afterInbound, quiet, resolving, accepted, transferred }

/** Shared with the jobs: the bot closes a ticket with an optional text. */
export { closeByBot }
