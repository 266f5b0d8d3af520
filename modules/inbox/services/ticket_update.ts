/**
 * The ticket state machine (spec 1 §4, reference §2). Every transition is one
 * conditional UPDATE on the expected current state, so two agents racing on a
 * ticket cannot both win: the loser re-reads and gets a clear error. The
 * partial unique index stops a reopen from creating a second live ticket.
 * Every transition runs through one runner (runTransition): a unit of work
 * whose writes, logs and conversation hooks commit together, then its
 * after-commit effects (the fresh ticket marked read, one ticket update per
 * ticket, the hooks' messages) in the order they were registered.
 */
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { companySettings } from '#core/settings'
import { tenancy, tenantTable } from '#core/tenancy'
import { Queue, User } from '#core/models'
import { conversation } from '#core/conversation'
import { unitOfWork, type UnitOfWork } from '#core/unit_of_work'
import Ticket from '../models/ticket.js'
import { canSee, type Viewer } from './viewer.js'
import { logTicket } from './ticket_logs.js'
import { emitTicketUpdate } from './ticket_events.js'
import { storeOutgoing } from './outgoing.js'
import { emitMessage } from './message_events.js'
import { inboxEvents } from './inbox_events.js'
import type { TicketLike } from './viewer.js'
import { loadTicket } from './ticket_loader.js'
import { markTicketRead } from './read_state.js'
import { toConversationTicket } from './conversation_port.js'
import { insertTicketIfNone } from './find_or_create_ticket.js'
import { alreadyAcceptedError } from './ticket_conflict.js'

type Before = TicketLike

/** Which ticket the client is shown, and the tickets changed with their state before. */
type Settle = (shownTicketId: number, changed: { id: number; before?: Before }[]) => void

/**
 * The one transition runner: `write` runs in a unit of work; after its guarded
 * writes (and before the conversation hooks) it calls `settle`, then answers
 * true, or false when the ticket was no longer in an expected state (a lost
 * race: 409). After the commit, in order: the shown ticket is read fresh (and
 * marked read when `markRead` and it is open), each changed ticket gets one
 * realtime update, then the effects the hooks registered (their messages).
 */
async function runTransition(
  write: (uow: UnitOfWork, settle: Settle) => Promise<boolean>,
  options: { markRead: boolean }
): Promise<Ticket> {
  const shown: { id?: number; ticket?: Ticket } = {}
  const done = await unitOfWork((uow) =>
    write(uow, (ticketId, changed) => {
      shown.id = ticketId
      uow.afterCommit(async () => {
        const fresh = await loadTicket(ticketId)
        if (options.markRead && (fresh.status === 'open' || fresh.status === 'group')) await markTicketRead(fresh)
        shown.ticket = fresh
      })
      for (const c of changed) inboxEvents.ticketChanged(uow, c.id, c.before)
    })
  )
  if (!done || shown.id === undefined) throw new AppError('ERR_TICKET_STATE_CHANGED', 409)
  return shown.ticket ?? loadTicket(shown.id)
}

export interface TicketChange {
  status?: 'open' | 'pending' | 'closed' | 'group'
  userId?: number | null
  queueId?: number | null
  msgTransfer?: string | null
  isTransfered?: boolean
  sendFarewellMessage?: boolean
  amountUsedBotQueues?: number
  useIntegration?: boolean
  integrationId?: number | null
}

interface Actor {
  user: User
  viewer: Viewer
}

async function assertQueue(queueId: number | null | undefined) {
  if (queueId === null || queueId === undefined) return
  if (!(await Queue.find(queueId))) throw new AppError('ERR_NO_QUEUE_FOUND', 422)
}

async function assertUser(userId: number | null | undefined) {
  if (userId === null || userId === undefined) return
  if (!(await User.find(userId))) throw new AppError('ERR_NO_USER_FOUND', 422)
}

const isUniqueViolation = (e: any) => e?.code === '23505'

/** Applies a change; returns the ticket the client should show (another one on a reopen conflict). */
export async function updateTicket(ticket: Ticket, change: TicketChange, actor: Actor): Promise<Ticket> {
  const me = actor.user
  if (!canSee(actor.viewer, ticket)) throw new AppError('ERR_NO_PERMISSION', 403)
  await assertQueue(change.queueId)
  await assertUser(change.userId)
  const before = { status: ticket.status, userId: ticket.userId, queueId: ticket.queueId }
  const from = ticket.status
  const to = change.status ?? from

  if (change.isTransfered) return transfer(ticket, change, actor, before)
  if (to === 'closed' && from !== 'closed') return close(ticket, change, actor, before)
  if ((to === 'open' || to === 'group') && from === 'pending') return accept(ticket, change, actor, before)
  if ((to === 'open' || to === 'group') && from === 'closed') return reopen(ticket, change, actor, before)
  // an accept of a ticket another agent accepted since the caller's list was read: theirs, not the
  // last writer's (the products this replaces let the second accept take it silently)
  if (
    change.status !== undefined &&
    (to === 'open' || to === 'group') &&
    (from === 'open' || from === 'group') &&
    change.userId === me.id &&
    ticket.userId !== null &&
    ticket.userId !== me.id
  ) {
    const taken = await alreadyAcceptedError(ticket.id, me.id)
    if (taken) throw taken
  }
  if (to === 'pending' && (from === 'open' || from === 'group')) {
    return move(ticket, { status: 'pending', user_id: null }, ['open', 'group'], 'pending', me, before, (q) =>
      asLoaded(q, ticket)
    )
  }

  // plain field updates (integration switch, bot counter, queue without status change)
  const fields: Record<string, unknown> = {}
  if (change.useIntegration !== undefined) fields.use_integration = change.useIntegration
  if (change.integrationId !== undefined) fields.integration_id = change.integrationId
  if (change.amountUsedBotQueues !== undefined) fields.amount_used_bot_queues = change.amountUsedBotQueues
  if (change.queueId !== undefined && change.queueId !== ticket.queueId) {
    fields.queue_id = change.queueId
    // routed by hand: the bot's menu position no longer applies
    fields.chatbot_stage_id = null
  }
  if (change.userId !== undefined && change.userId !== ticket.userId) {
    if (!me.isAdmin && change.userId !== me.id) throw new AppError('ERR_NO_PERMISSION', 403)
    fields.user_id = change.userId
  }
  if (Object.keys(fields).length) {
    await tenantTable('tickets')
      .where('id', ticket.id)
      .update({ ...fields, updated_at: new Date() })
    if (fields.queue_id !== undefined)
      await logTicket(db.connection(), ticket.id, 'queue', { userId: me.id, queueId: change.queueId })
  }
  const fresh = await loadTicket(ticket.id)
  if (fresh.status === 'open' || fresh.status === 'group') await markTicketRead(fresh)
  await emitTicketUpdate(fresh, before)
  return fresh
}

/**
 * Only while the ticket is as the caller read it (its status and holder): a close, a transfer or a
 * return to the queue decided on a ticket must not act on it once another agent took it meanwhile
 * (the products this replaces let the last writer win).
 */
function asLoaded<Q extends { where: (...a: any[]) => Q; whereRaw: (...a: any[]) => Q }>(q: Q, ticket: Ticket): Q {
  return q.where('status', ticket.status).whereRaw('user_id IS NOT DISTINCT FROM ?', [ticket.userId])
}

/** One guarded UPDATE; when the ticket is no longer in an expected state the caller lost a race. */
async function move(
  ticket: Ticket,
  fields: Record<string, unknown>,
  fromStatuses: string[],
  log: 'open' | 'reopen' | 'pending' | 'closed',
  me: User,
  before: { status: string; userId: number | null; queueId: number | null },
  guard?: (q: any) => void,
  inside?: (tx: UnitOfWork, row: Record<string, any>) => Promise<void>
) {
  return runTransition(
    async (uow, settle) => {
      const trx = uow.trx
      const q = tenantTable('tickets', trx).where('id', ticket.id).whereIn('status', fromStatuses)
      guard?.(q)
      const rows = await q.update({ ...fields, updated_at: new Date() }).returning('*')
      if (!rows.length) return false
      await logTicket(trx, ticket.id, log, {
        userId: me.id,
        queueId: (fields.queue_id as number | null | undefined) ?? ticket.queueId,
      })
      settle(ticket.id, [{ id: ticket.id, before }])
      await inside?.(uow, rows[0])
      return true
    },
    { markRead: true }
  )
}

async function accept(ticket: Ticket, change: TicketChange, actor: Actor, before: any) {
  const me = actor.user
  const userId = change.userId ?? me.id
  if (userId !== me.id && !me.isAdmin) throw new AppError('ERR_NO_PERMISSION', 403)
  const status = ticket.isGroup ? 'group' : (change.status ?? 'open')
  const fields: Record<string, unknown> = { status, user_id: userId, is_bot: false }
  if (change.queueId !== undefined) fields.queue_id = change.queueId
  try {
    // only a still-pending ticket can be accepted (the status guard settles races);
    // a pending ticket already reserved for someone (wallet, reopen) is theirs unless an admin takes it
    return await move(
      ticket,
      fields,
      ['pending'],
      'open',
      me,
      before,
      (q) => {
        if (!me.isAdmin) q.where((w: any) => w.whereNull('user_id').orWhere('user_id', userId))
      },
      // the accept greeting (sendGreetingAccepted) commits with the accept
      (tx, row) =>
        conversation.accepted({
          tx,
          companyId: tenancy.requireCompanyId(),
          ticket: toConversationTicket(row),
          before,
          actorUserId: userId,
        })
    )
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_TICKET_STATE_CHANGED') {
      const taken = await alreadyAcceptedError(ticket.id, userId)
      if (taken) throw taken
    }
    throw error
  }
}

async function reopen(ticket: Ticket, change: TicketChange, actor: Actor, before: any) {
  const me = actor.user
  const other = await Ticket.query()
    .where('contact_id', ticket.contactId)
    .whereRaw('coalesce(whatsapp_id, 0) = ?', [ticket.whatsappId ?? 0])
    .whereIn('status', ['open', 'pending', 'group', 'nps', 'lgpd'])
    .whereNot('id', ticket.id)
    .first()
  // reference §2.1: the client compares ids and shows who holds the other ticket
  if (other) return loadTicket(other.id)
  const status = ticket.isGroup ? 'group' : 'open'
  const fields: Record<string, unknown> = { status, user_id: change.userId ?? me.id, is_bot: false }
  if (change.queueId !== undefined) fields.queue_id = change.queueId
  try {
    return await move(ticket, fields, ['closed'], 'reopen', me, before)
  } catch (error) {
    if (isUniqueViolation(error)) {
      const live = await Ticket.query()
        .where('contact_id', ticket.contactId)
        .whereRaw('coalesce(whatsapp_id, 0) = ?', [ticket.whatsappId ?? 0])
        .whereIn('status', ['open', 'pending', 'group', 'nps', 'lgpd'])
        .first()
      if (live) return loadTicket(live.id)
    }
    throw error
  }
}

async function close(ticket: Ticket, change: TicketChange, actor: Actor, before: any) {
  const me = actor.user
  if (
    ticket.status === 'pending' &&
    !me.isAdmin &&
    me.userClosePendingTicket !== 'enabled' &&
    me.showDashboard !== 'enabled'
  ) {
    throw new AppError('ERR_NO_PERMISSION', 403)
  }
  if ((await companySettings.get('requiredTag')) === 'enabled' && ticket.status !== 'pending') {
    const tagged = await db
      .from('contact_tags')
      .where('contact_id', ticket.contactId)
      .union((q) => q.from('ticket_tags').where('ticket_id', ticket.id).select('tag_id'))
      .select('tag_id')
      .first()
    if (!tagged) throw new AppError('ERR_TAG_REQUIRED', 422)
  }
  return closeWith(ticket, change.sendFarewellMessage !== false, me, before)
}

/**
 * Resolve: the conversation engine decides, in the same transaction, whether
 * the ticket waits for a rating (nps) or closes, and queues the rating prompt
 * or the farewell; both commit with the status change.
 */
async function closeWith(ticket: Ticket, sendFarewell: boolean, me: User, before: any) {
  const companyId = tenancy.requireCompanyId()
  return runTransition(
    async (tx, settle) => {
      const trx = tx.trx
      const row = await asLoaded(
        tenantTable('tickets', trx).where({ id: ticket.id }).whereNot('status', 'closed'),
        ticket
      )
        .forUpdate()
        .first()
      if (!row) return false
      settle(ticket.id, [{ id: ticket.id, before }])
      const decision = await conversation.resolving({
        tx,
        companyId,
        ticket: toConversationTicket(row),
        before,
        actorUserId: me.id,
        sendFarewell,
      })
      const fields =
        decision === 'nps'
          ? { status: 'nps', unread_messages: 0 }
          : { status: 'closed', unread_messages: 0, amount_used_bot_queues: 0, chatbot_stage_id: null, is_bot: false }
      await tenantTable('tickets', trx)
        .where('id', ticket.id)
        .update({ ...fields, updated_at: new Date() })
      await logTicket(trx, ticket.id, decision, { userId: me.id, queueId: ticket.queueId })
      return true
    },
    { markRead: false }
  )
}

async function transfer(ticket: Ticket, change: TicketChange, actor: Actor, before: any) {
  const me = actor.user
  if (!['open', 'group', 'pending'].includes(ticket.status)) throw new AppError('ERR_TICKET_STATE_CHANGED', 409)
  const queueId = change.queueId === undefined ? ticket.queueId : change.queueId
  if (!queueId) throw new AppError('ERR_NO_QUEUE_FOUND', 422)
  const userId = change.userId ?? null
  const status = userId ? (ticket.isGroup ? 'group' : 'open') : 'pending'
  const companyId = tenancy.requireCompanyId()
  const newTicket = queueId !== ticket.queueId && (await companySettings.get('closeTicketOnTransfer')) === 'enabled'
  return runTransition(
    async (tx, settle) => {
      const trx = tx.trx
      let target: Ticket = ticket
      if (newTicket) {
        // closeTicketOnTransfer: the old ticket closes (no farewell) and a new one carries on
        const closed = await asLoaded(
          tenantTable('tickets', trx).where('id', ticket.id).whereIn('status', ['open', 'group', 'pending']),
          ticket
        )
          .update({
            status: 'closed',
            unread_messages: 0,
            amount_used_bot_queues: 0,
            chatbot_stage_id: null,
            updated_at: new Date(),
          })
          .returning('id')
        if (!closed.length) throw new AppError('ERR_TICKET_STATE_CHANGED', 409)
        await logTicket(trx, ticket.id, 'transfered', { userId: ticket.userId ?? me.id, queueId: ticket.queueId })
        await logTicket(trx, ticket.id, 'closed', { userId: me.id, queueId: ticket.queueId })
        const created = await insertTicketIfNone(trx, {
          contactId: ticket.contactId,
          whatsappId: ticket.whatsappId,
          channel: ticket.channel,
          isGroup: ticket.isGroup,
          status,
          userId,
          queueId,
        })
        await tenantTable('tickets', trx)
          .where('id', created.ticket.id)
          .update({ is_transfered: true, unread_messages: 1, updated_at: new Date() })
        if (userId) await logTicket(trx, created.ticket.id, 'receivedTransfer', { userId, queueId })
        target = {
          id: created.ticket.id,
          contactId: ticket.contactId,
          whatsappId: ticket.whatsappId,
          queueId,
        } as Ticket
      } else {
        const rows = await asLoaded(
          tenantTable('tickets', trx).where('id', ticket.id).whereIn('status', ['open', 'group', 'pending']),
          ticket
        )
          .update({ queue_id: queueId, user_id: userId, status, is_transfered: true, updated_at: new Date() })
          .returning('id')
        if (!rows.length) throw new AppError('ERR_TICKET_STATE_CHANGED', 409)
        // reference §2.5 logs: the old holder "transfered", the new one "receivedTransfer"
        await logTicket(trx, ticket.id, 'transfered', { userId: ticket.userId ?? me.id, queueId: ticket.queueId })
        if (userId) await logTicket(trx, ticket.id, 'receivedTransfer', { userId, queueId })
      }
      const noteId = change.msgTransfer?.trim()
        ? await storeOutgoing(trx, target, { body: change.msgTransfer.trim(), userId: me.id, isPrivate: true })
        : 0
      const targetId = target.id as number
      if (noteId) tx.afterCommit(async () => emitMessage('create', noteId, await loadTicket(targetId)))
      settle(
        targetId,
        targetId !== ticket.id ? [{ id: ticket.id, before }, { id: targetId }] : [{ id: ticket.id, before }]
      )
      const row = await tenantTable('tickets', trx).where('id', targetId).forUpdate().first()
      // the transfer message (sendMsgTransfTicket) commits with the transfer
      await conversation.transferred({ tx, companyId, ticket: toConversationTicket(row), before, actorUserId: me.id })
      return true
    },
    { markRead: false }
  )
}
