/**
 * Time-driven conversation rules (reference §1.8, §2.6), one company at a
 * time: inactivity warning and auto-close, NPS expiry, queue rotation to
 * online agents, redirect of queue-less pending tickets. Every ticket is
 * re-checked under its row lock inside its own transaction, so a run that
 * overlaps another (or repeats after a crash) changes nothing twice.
 * Only CONNECTED connections are swept (reference §2.6). `now` is a
 * parameter so tests control the clock.
 */
import db from '@adonisjs/lucid/services/db'
import { Queue, User, Whatsapp } from '#core/models'
import { tenancy } from '#core/tenancy'
import { companySettings } from '#core/settings'
import { conversation, type ConversationTicket } from '#core/conversation'
import { unitOfWork } from '#core/unit_of_work'
import { change, enabled, loadContext, say, type EngineContext } from './context.js'
import { closeByBot } from './conversation.js'
import { TEXTS } from './texts.js'

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000)

/** Runs `fn` on one locked ticket in its own transaction, then its after-commit effects. */
async function onTicket(
  ticketId: number,
  whatsappId: number | null,
  now: Date,
  fn: (ctx: EngineContext) => Promise<unknown>
) {
  const companyId = tenancy.requireCompanyId()
  await unitOfWork(async (tx) => {
    const ticket = await conversation.inbox().lockTicket(tx, ticketId)
    const connectionId = whatsappId ?? ticket?.whatsappId
    if (!ticket || !connectionId) return
    const ctx = await loadContext({ tx, companyId, whatsappId: connectionId, ticket, now })
    if (ctx) await fn(ctx)
  })
}

const idle = (t: ConversationTicket, since: Date) => t.updatedAt.getTime() < since.getTime()

/** Inactivity warning and auto-close of open tickets (expiresTicket & co.). */
export async function closeInactiveTickets(now = new Date()) {
  let touched = 0
  const connections = await Whatsapp.query().where('status', 'CONNECTED').where('expires_ticket', '>', 0)
  for (const w of connections) {
    const onlyOurs = Number(w.whenExpiresTicket) === 1
    const warnAfter = w.timeInactiveMessage > 0 ? w.timeInactiveMessage : 0
    if (warnAfter > 0 && w.inactiveMessage?.trim()) {
      const since = minutesBefore(now, warnAfter)
      const ids = await conversation.inbox().sweep({
        statuses: ['open', 'pending'],
        whatsappId: w.id,
        idleSince: since,
        sendInactiveMessage: false,
        ...(onlyOurs ? { fromMe: true } : {}),
      })
      for (const id of ids) {
        await onTicket(id, w.id, now, async (ctx) => {
          const t = ctx.ticket
          if (!['open', 'pending'].includes(t.status) || t.sendInactiveMessage || !idle(t, since)) return
          if (onlyOurs && !t.fromMe) return
          await say(ctx, w.inactiveMessage!)
          await change(ctx, { sendInactiveMessage: true })
          touched++
        })
      }
    }
    const since = minutesBefore(now, w.expiresTicket + warnAfter)
    const ids = await conversation.inbox().sweep({
      statuses: ['open'],
      whatsappId: w.id,
      idleSince: since,
      ...(onlyOurs ? { fromMe: true } : {}),
      ...(warnAfter > 0 && w.inactiveMessage?.trim() ? { sendInactiveMessage: true } : {}),
    })
    for (const id of ids) {
      await onTicket(id, w.id, now, async (ctx) => {
        const t = ctx.ticket
        if (t.status !== 'open' || !idle(t, since) || (onlyOurs && !t.fromMe)) return
        if (w.expiresInactiveMessage?.trim()) await say(ctx, w.expiresInactiveMessage)
        await closeByBot(ctx, { farewell: false, log: 'autoClose' })
        touched++
      })
    }
  }
  return touched
}

/** Tickets waiting for a rating longer than expiresTicketNPS are closed with the completion message. */
export async function expireRatings(now = new Date()) {
  let closed = 0
  const connections = await Whatsapp.query().where('status', 'CONNECTED').where('expires_ticket_nps', '>', 0)
  for (const w of connections) {
    const since = minutesBefore(now, w.expiresTicketNPS)
    const ids = await conversation.inbox().sweep({ statuses: ['nps'], whatsappId: w.id, idleSince: since })
    for (const id of ids) {
      await onTicket(id, w.id, now, async (ctx) => {
        if (ctx.ticket.status !== 'nps' || !idle(ctx.ticket, since)) return
        await closeByBot(ctx, { farewell: true, log: 'autoClose' })
        await change(ctx, { npsAttempts: 0 })
        closed++
      })
    }
  }
  return closed
}

/** Online agents (profile user, never admins) of a queue, by name. */
async function onlineAgents(queueId: number) {
  const ids = db.from('user_queues').where('queue_id', queueId).select('user_id')
  return User.query().whereIn('id', ids).where('profile', 'user').where('online', true).orderBy('name').orderBy('id')
}

/**
 * Rotation (ativarRoteador/tempoRoteador): unassigned pending tickets of the
 * queue get an online agent; assigned ones idle longer than tempoRoteador move
 * to another. userRandom picks at random, otherwise in turn by name.
 */
export async function rotateQueues(now = new Date(), random: () => number = Math.random) {
  let moved = 0
  const queues = await Queue.query().where('ativar_roteador', true).where('tempo_roteador', '>', 0)
  if (!queues.length) return 0
  const useRandom = (await companySettings.get('userRandom')) === 'enabled'
  for (const queue of queues) {
    const agents = await onlineAgents(queue.id)
    if (!agents.length) continue
    let turn = 0
    const pick = (exclude: number | null) => {
      const pool = agents.filter((a) => a.id !== exclude)
      if (!pool.length) return null
      if (useRandom) return pool[Math.floor(random() * pool.length)]
      return pool[turn++ % pool.length]
    }
    const since = minutesBefore(now, queue.tempoRoteador)
    const unassigned = await conversation.inbox().sweep({ statuses: ['pending'], queueId: queue.id, withoutUser: true })
    const stale = await conversation.inbox().sweep({ statuses: ['pending'], queueId: queue.id, idleSince: since })
    for (const id of new Set([...unassigned, ...stale])) {
      await onTicket(id, null, now, async (ctx) => {
        const t = ctx.ticket
        if (t.status !== 'pending' || t.queueId !== queue.id || t.isGroup) return
        if (t.userId && !idle(t, since)) return
        const agent = pick(t.userId)
        if (!agent) return
        if (!t.userId && enabled(ctx, 'sendGreetingMessageOneQueues')) await say(ctx, TEXTS.rotationWait)
        await change(ctx, { userId: agent.id }, { type: 'userDefine', userId: agent.id })
        moved++
      })
    }
  }
  return moved
}

/** sendIdQueue/timeSendQueue: pending tickets without a queue go to the connection's redirect queue. */
export async function redirectQueueless(now = new Date()) {
  let moved = 0
  const connections = await Whatsapp.query()
    .where('status', 'CONNECTED')
    .where('time_send_queue', '>', 0)
    .whereNotNull('send_id_queue')
  for (const w of connections) {
    const since = minutesBefore(now, w.timeSendQueue)
    const ids = await conversation.inbox().sweep({
      statuses: ['pending'],
      whatsappId: w.id,
      withoutQueue: true,
      idleSince: since,
    })
    for (const id of ids) {
      await onTicket(id, w.id, now, async (ctx) => {
        const t = ctx.ticket
        if (t.status !== 'pending' || t.queueId || !idle(t, since)) return
        await change(
          ctx,
          { queueId: w.sendIdQueue, chatbotStageId: null, amountUsedBotQueues: 0, isBot: false },
          { type: 'redirect', queueId: w.sendIdQueue }
        )
        moved++
      })
    }
  }
  return moved
}

/** Everything time-driven for the company in the current tenant scope. */
export async function runCompanyAutomations(now = new Date()) {
  return {
    inactive: await closeInactiveTickets(now),
    ratings: await expireRatings(now),
    rotated: await rotateQueues(now),
    redirected: await redirectQueueless(now),
  }
}
