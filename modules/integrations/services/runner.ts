/**
 * Queue integrations in the conversation (reference §5.4). Attach points, all
 * through the engine's extension points (#core/conversation):
 * - takeover: a ticket already handed to an integration (useIntegration +
 *   integrationId, no agent) sends every message to it; a connection with
 *   integrationId takes tickets without queue, user and integration (one whose
 *   integration was turned off keeps it named, and stays off);
 * - queueEntered: a queue with integrationId (menu choice or auto-assign);
 * - chatbotOption: an option of type integration (the ticket leaves the queue).
 * A contact with disableBot never reaches them (the engine stops before).
 * The call itself is a job queued after the commit; its replies go back
 * through the inbox port, unless an agent took the ticket meanwhile.
 */
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { conversation, type ConversationHooks, type InboundContext, type TicketPatch } from '#core/conversation'
import { jobs } from '#core/jobs'
import { storage } from '#core/storage'
import { tenancy, tenantTable, tenantInsert } from '#core/tenancy'
import { unitOfWork } from '#core/unit_of_work'
import { messageById } from '#modules/inbox/public/ticket_context'
import QueueIntegration from '../models/queue_integration.js'
import { deliver } from './webhook.js'
import { continueChat, startChat, toOutput, type TypebotOutput } from './typebot.js'
import { dialogflow, parseCredentials } from './dialogflow.js'
import { openSecret } from '#core/secrets'
import { companyPlanHas } from '#core/plan_flags'

export const QUEUE = 'integrations'

interface RunJob {
  companyId: number
  ticketId: number
  messageId: number
  integrationId: number
}

/** Hands the ticket to the integration and queues the call for this message after the commit. */
async function handOver(ctx: InboundContext, integrationId: number, patch: TicketPatch = {}) {
  const integration = await QueueIntegration.query({ client: ctx.tx.trx }).where('id', integrationId).first()
  if (!integration || !(await companyPlanHas(ctx.companyId, 'useIntegrations', ctx.tx.trx))) return false
  if (!ctx.ticket.useIntegration || ctx.ticket.integrationId !== integrationId || Object.keys(patch).length) {
    ctx.ticket = await conversation
      .inbox()
      .update(ctx.tx, ctx.ticket, { useIntegration: true, integrationId, ...patch })
  }
  if (!ctx.message.id) return true
  const job: RunJob = { companyId: ctx.companyId, ticketId: ctx.ticket.id, messageId: ctx.message.id, integrationId }
  ctx.tx.afterCommit(() =>
    jobs
      .dispatch(QUEUE, 'run', job, { jobId: `integration-${ctx.companyId}-${ctx.message.id}`, attempts: 1 })
      .catch((e) => logger.error({ err: e, ...job }, 'integrations: could not queue the call'))
  )
  return true
}

export const integrationHooks: ConversationHooks = {
  async takeover(ctx) {
    const t = ctx.ticket
    if (t.userId || t.isGroup || t.status === 'open') return false
    if (t.useIntegration && t.integrationId) return handOver(ctx, t.integrationId)
    // an integration turned off for this ticket (its stopBot trigger, an agent's toggle) stays off
    if (t.integrationId || t.queueId) return false
    const w = await conversation.connection(ctx.tx, ctx.companyId, ctx.whatsappId)
    return w?.integrationId ? handOver(ctx, w.integrationId) : false
  },
  async queueEntered(ctx) {
    if (ctx.queue.integrationId && !ctx.ticket.userId) await handOver(ctx, ctx.queue.integrationId)
  },
  async chatbotOption(ctx) {
    if (ctx.option.queueType !== 'integration' || !ctx.option.optIntegrationId) return
    await handOver(ctx, ctx.option.optIntegrationId, { queueId: null, status: 'pending', chatbotStageId: null })
  },
}

const absolute = (path: string | null) => {
  const base = process.env.APP_URL
  return path && base ? new URL(path, base).href : path
}

const norm = (s: string | null | undefined) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()

/** The job: one inbound message to its integration. */
/** advisory-lock namespace of the per-ticket order of integration calls */
const TICKET_LOCK = 0x1e7e

/**
 * One message at a time per ticket: a Typebot session must see the messages
 * in order, so parallel workers wait on a transaction-scoped advisory lock
 * (no row is locked while the outside call runs).
 */
export async function run(job: RunJob, now = new Date()) {
  await db.transaction(async (lock) => {
    await lock.rawQuery('SELECT pg_advisory_xact_lock(?, ?)', [TICKET_LOCK, job.ticketId])
    await runLocked(job, now)
  })
}

async function runLocked(job: RunJob, now: Date) {
  await tenancy.run(job.companyId, async () => {
    const integration = await QueueIntegration.find(job.integrationId)
    const message = await messageById(job.messageId)
    if (!integration || !message || message.ticketId !== job.ticketId) return
    const read = await unitOfWork(async (tx) => {
      const ticket = await conversation.inbox().lockTicket(tx, job.ticketId)
      const contact = ticket ? await conversation.inbox().contact(tx, ticket.contactId) : null
      return ticket && contact ? { ticket, contact } : null
    })
    if (!read) return
    const { ticket, contact } = read
    try {
      if (integration.type === 'webhook' || integration.type === 'n8n') {
        // stored media as a signed link, absolute when APP_URL is set (receivers live elsewhere)
        const mediaUrl =
          message.mediaUrl && !/^https?:/i.test(message.mediaUrl)
            ? absolute(storage.url(message.mediaUrl))
            : message.mediaUrl
        const result = await deliver(
          integration.urlN8N!,
          openSecret(integration.secret),
          {
            event: 'message',
            integration: { id: integration.id, name: integration.name, type: integration.type },
            ticket: { id: ticket.id, status: ticket.status, queueId: ticket.queueId },
            contact: { id: contact.id, name: contact.name, number: contact.number },
            message: {
              id: message.id,
              body: message.body,
              mediaType: message.mediaType,
              mediaUrl,
              createdAt: message.createdAt.toISOString(),
            },
          },
          { integrationId: integration.id, ticketId: ticket.id, messageId: message.id }
        )
        return respond(
          job,
          result.replies.map((body) => ({ body })),
          null
        )
      }
      if (integration.type === 'typebot') return await typebot(job, integration, contact, message.body, now)
      if (integration.type === 'dialogflow') {
        const out = await dialogflow().detectIntent({
          credentials: parseCredentials(openSecret(integration.jsonContent)),
          projectName: integration.projectName ?? '',
          sessionId: `${job.companyId}-${contact.number}`,
          languageCode: integration.language ?? 'pt-BR',
          text: message.body,
        })
        const texts = out.replies.length ? out.replies : ['Desculpe, não entendi. Pode repetir?']
        return respond(
          job,
          texts.map((r) => ({ body: `*${integration.name}:* ${r}` })),
          out.endConversation ? { stopBot: true } : null
        )
      }
    } catch (e) {
      logger.error(
        {
          companyId: job.companyId,
          ticketId: job.ticketId,
          integrationId: integration.id,
          error: (e as Error).message,
        },
        'integrations: call failed'
      )
      if (integration.type === 'typebot') {
        await tenantTable('integration_sessions').where('ticket_id', job.ticketId).delete()
        if (integration.typebotUnknownMessage) await respond(job, [{ body: integration.typebotUnknownMessage }], null)
      }
    }
  })
}

async function typebot(
  job: RunJob,
  i: QueueIntegration,
  contact: { name: string; number: string },
  body: string,
  now: Date
) {
  const said = norm(body)
  if (i.typebotKeywordFinish && said === norm(i.typebotKeywordFinish)) {
    await tenantTable('integration_sessions').where('ticket_id', job.ticketId).delete()
    return respond(job, [], { finish: true })
  }
  if (i.typebotKeywordRestart && said === norm(i.typebotKeywordRestart)) {
    await tenantTable('integration_sessions').where('ticket_id', job.ticketId).delete()
    return respond(job, i.typebotRestartMessage ? [{ body: i.typebotRestartMessage }] : [], null)
  }
  const session = await tenantTable('integration_sessions').where('ticket_id', job.ticketId).first()
  // expiry from the LAST interaction (reference §5.4 measured it from the start)
  const expired =
    session &&
    i.typebotExpires > 0 &&
    now.getTime() - new Date(session.last_activity_at).getTime() > i.typebotExpires * 60_000
  const sameBot = session && session.integration_id === i.id && session.session_id
  let out: TypebotOutput
  if (sameBot && !expired) {
    out = toOutput(await continueChat(i.urlN8N!, session.session_id, body))
    out.sessionId ??= session.session_id
  } else {
    const vars = { number: contact.number, pushName: contact.name, remoteJid: contact.number }
    out = toOutput(await startChat(i.urlN8N!, i.typebotSlug!, vars, body))
  }
  await tenantTable('integration_sessions').where('ticket_id', job.ticketId).delete()
  if (out.sessionId) {
    await tenantInsert('integration_sessions', {
      ticket_id: job.ticketId,
      integration_id: i.id,
      session_id: out.sessionId,
      last_activity_at: now,
    })
  }
  if (!out.texts.length && !out.trigger && i.typebotUnknownMessage) out.texts.push({ body: i.typebotUnknownMessage })
  return respond(job, out.texts, out.trigger, i.typebotDelayMessage)
}

type Trigger = { stopBot?: boolean; queueId?: number; userId?: number; finish?: boolean } | null

type Reply = { body: string; mediaUrl?: string; mediaType?: string }

/** a bot's pause between bubbles never holds a worker for long */
const MAX_DELAY_MS = 10_000

/**
 * Sends the replies and applies a trigger, while the ticket is still the
 * integration's. With a delay (Typebot's typebotDelayMessage) each bubble
 * goes in its own commit after the pause, so the contact reads them paced.
 */
async function respond(job: RunJob, texts: Reply[], trigger: Trigger, delayMs = 0) {
  if (delayMs <= 0 || texts.length < 2) return apply(job, texts, trigger)
  for (const [n, t] of texts.entries()) {
    if (n) await new Promise((r) => setTimeout(r, Math.min(delayMs, MAX_DELAY_MS)))
    if (!(await apply(job, [t], null))) return
  }
  if (trigger) await apply(job, [], trigger)
}

/** One commit: the replies and the trigger; false when the ticket is no longer the integration's. */
async function apply(job: RunJob, texts: Reply[], trigger: Trigger): Promise<boolean> {
  return unitOfWork(async (tx) => {
    const port = conversation.inbox()
    const ticket = await port.lockTicket(tx, job.ticketId)
    if (!ticket || ticket.userId || ticket.status === 'closed' || ticket.status === 'open') return false
    if (!ticket.useIntegration || ticket.integrationId !== job.integrationId) return false
    for (const t of texts)
      await port.send(tx, ticket, { body: t.body, mediaUrl: t.mediaUrl ?? null, mediaType: t.mediaType ?? null })
    if (!trigger) return true
    if (trigger.finish) {
      await port.update(
        tx,
        ticket,
        { status: 'closed', useIntegration: false, integrationId: null, isBot: false },
        { type: 'closed' }
      )
      return true
    }
    if (trigger.queueId) {
      const queue = await tenantTable('queues', tx.trx).where('id', trigger.queueId).first()
      if (!queue) return true
      const user = trigger.userId ? await tenantTable('users', tx.trx).where('id', trigger.userId).first() : null
      await port.update(
        tx,
        ticket,
        {
          queueId: queue.id,
          userId: user?.id ?? null,
          status: 'pending',
          useIntegration: false,
          integrationId: null,
          isBot: false,
        },
        { type: user ? 'userDefine' : 'queue', queueId: queue.id, userId: user?.id ?? null }
      )
      return true
    }
    // the integration stays named on the ticket, so its connection does not take the ticket back
    if (trigger.stopBot) await port.update(tx, ticket, { useIntegration: false, isBot: false })
    return true
  })
}

export function defineIntegrationJobs() {
  jobs.define<RunJob>(QUEUE, 'run', (data) => run(data), { concurrency: 4 })
}
