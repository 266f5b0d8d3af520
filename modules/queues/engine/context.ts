/**
 * What every engine rule reads: the company (time zone, name), its settings,
 * the connection, and a renderer for the Mustache placeholders (reference §4)
 * bound to one ticket and contact.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Company, Queue, User, type Whatsapp } from '#core/models'
import { companySettings } from '#core/settings'
import {
  conversation,
  type BotMessage,
  type ConversationContact,
  type ConversationMessage,
  type ConversationTicket,
  type ConversationTx,
  type TicketLogEntry,
  type TicketPatch,
} from '#core/conversation'
import { renderPlaceholders } from './placeholders.js'
import { botMayAnswer } from './bot_limits.js'

export interface EngineContext {
  tx: ConversationTx
  companyId: number
  company: Company
  timezone: string
  settings: Record<string, string>
  whatsapp: Whatsapp
  ticket: ConversationTicket
  contact: ConversationContact
  now: Date
  /** the inbound message being answered (absent in the jobs) */
  message?: ConversationMessage
}

export async function loadContext(o: {
  tx: ConversationTx
  companyId: number
  whatsappId: number
  ticket: ConversationTicket
  contact?: ConversationContact | null
  now: Date
  message?: ConversationMessage
}): Promise<EngineContext | null> {
  const [company, whatsapp, settings, contact] = await Promise.all([
    // once per transaction: an event's rules load the context several times, a drain batch for many events
    o.tx.memo(`company:${o.companyId}`, () => Company.find(o.companyId)),
    conversation.connection(o.tx, o.companyId, o.whatsappId),
    companySettings.all(),
    o.contact ? Promise.resolve(o.contact) : conversation.inbox().contact(o.tx, o.ticket.contactId),
  ])
  if (!company || !whatsapp || !contact) return null
  return {
    tx: o.tx,
    companyId: o.companyId,
    company,
    timezone: company.timezone || 'America/Sao_Paulo',
    settings,
    whatsapp,
    ticket: o.ticket,
    contact,
    now: o.now,
    message: o.message,
  }
}

export const enabled = (ctx: EngineContext, key: string) => ctx.settings[key] === 'enabled'

/** Renders placeholders for the context's ticket (user and queue names looked up when set). */
export async function render(ctx: EngineContext, text: string, names: { userName?: string; queueName?: string } = {}) {
  const t = ctx.ticket
  const userName = names.userName ?? (t.userId ? ((await User.query().where('id', t.userId).first())?.name ?? '') : '')
  const queueName =
    names.queueName ?? (t.queueId ? ((await Queue.query().where('id', t.queueId).first())?.name ?? '') : '')
  return renderPlaceholders(text, {
    contactName: ctx.contact.name,
    ticketId: t.id,
    userName,
    queueName,
    connectionName: ctx.whatsapp.name,
    companyName: ctx.company.name,
    timezone: ctx.timezone,
    now: DateTime.fromJSDate(ctx.now),
  })
}

/** Sends a rendered text on the context's ticket. */
export async function say(ctx: EngineContext, text: string, extra: Omit<BotMessage, 'body'> = {}) {
  const body = await render(ctx, text)
  return conversation.inbox().send(ctx.tx, ctx.ticket, { ...extra, body })
}

/** Changes the context's ticket and keeps the context current. */
export async function change(ctx: EngineContext, patch: TicketPatch, log?: TicketLogEntry) {
  ctx.ticket = await conversation.inbox().update(ctx.tx, ctx.ticket, patch, log)
  return ctx.ticket
}

/** maxUseBotQueues / timeUseBotQueues of the connection for the current ticket. */
export function botMaySpeak(ctx: EngineContext) {
  return botMayAnswer(
    { amountUsed: ctx.ticket.amountUsedBotQueues, lastAt: ctx.ticket.botAnsweredAt },
    ctx.whatsapp.maxUseBotQueues ?? 0,
    Number.parseInt(ctx.whatsapp.timeUseBotQueues ?? '0', 10) || 0,
    ctx.now
  )
}

/** Records that the bot spoke (one more use, now). */
export function botSpoke(ctx: EngineContext, log?: TicketLogEntry, patch: TicketPatch = {}) {
  return change(ctx, { amountUsedBotQueues: ctx.ticket.amountUsedBotQueues + 1, botAnsweredAt: ctx.now, ...patch }, log)
}

/** The connection's queues in menu order (orderQueue, then id); read once per transaction (a drain batch shares it). */
export function connectionQueues(ctx: EngineContext) {
  // async: a query builder is a thenable that would run again at every await
  return ctx.tx.memo(`connection-queues:${ctx.companyId}:${ctx.whatsapp.id}`, async () => {
    const ids = db.from('whatsapp_queues').where('whatsapp_id', ctx.whatsapp.id).select('queue_id')
    return Queue.query().whereIn('id', ids).orderByRaw('order_queue ASC NULLS LAST, id ASC')
  })
}

/** The company-local calendar date (yyyy-mm-dd) of `now`. */
export const localDate = (ctx: { timezone: string; now: Date }) =>
  DateTime.fromJSDate(ctx.now).setZone(ctx.timezone).toISODate()!
