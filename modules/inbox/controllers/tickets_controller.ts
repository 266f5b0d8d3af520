import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { idParam, pageNumber, requireAdmin } from '#core/http'
import { tenantInsert, tenantTable } from '#core/tenancy'
import { audit } from '#core/audit'
import { User, Whatsapp, Queue } from '#core/models'
import Ticket from '../models/ticket.js'
import Contact from '../models/contact.js'
import TicketLog from '../models/ticket_log.js'
import { callerOf } from '../services/request_context.js'
import { canSee } from '../services/viewer.js'
import { listTickets, searchMessages } from '../services/ticket_list.js'
import { presentTicket } from '../services/ticket_presenter.js'
import { loadTicket } from '../services/ticket_loader.js'
import { logTicket } from '../services/ticket_logs.js'
import { updateTicket } from '../services/ticket_update.js'
import { insertTicketIfNone } from '../services/find_or_create_ticket.js'
import { emitTicketDelete, emitTicketUpdate } from '../services/ticket_events.js'
import { markTicketRead } from '../services/read_state.js'
import { lostAcceptRace, otherOpenTicketError } from '../services/ticket_conflict.js'
import { closeAllValidator, createTicketValidator, updateTicketValidator } from '../validators/tickets.js'
import { isoDate, jsonIdList, jsonStringList, truthy } from './params.js'

/** A ticket the caller may see, or 404 (never reveal that another tenant's or a hidden ticket exists). */
export async function visibleTicket(ctx: HttpContext, id: number) {
  const ticket = await loadTicket(id)
  const { viewer } = await callerOf(ctx)
  if (!canSee(viewer, ticket)) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  return ticket
}

export default class TicketsController {
  async index(ctx: HttpContext) {
    const { viewer, mask } = await callerOf(ctx)
    const qs = ctx.request.qs()
    const { rows, count, countCapped, hasMore, nextCursor } = await listTickets(
      viewer,
      {
        searchParam: typeof qs.searchParam === 'string' ? qs.searchParam : undefined,
        pageNumber: pageNumber(ctx),
        status: typeof qs.status === 'string' ? qs.status : undefined,
        showAll: truthy(qs.showAll),
        queueIds: jsonIdList(qs.queueIds),
        tags: jsonIdList(qs.tags),
        users: jsonIdList(qs.users),
        whatsapps: jsonIdList(qs.whatsapps),
        contacts: jsonIdList(qs.contacts),
        statusFilter: jsonStringList(qs.statusFilter),
        withUnreadMessages: truthy(qs.withUnreadMessages),
        date: isoDate(qs.date),
        updatedAt: isoDate(qs.updatedAt),
        cursor: typeof qs.cursor === 'string' ? qs.cursor : undefined,
      },
      mask
    )
    // count is exact up to LIST_COUNT_CAP; countCapped says there are more (docs/performance.md)
    return {
      tickets: rows,
      count,
      hasMore,
      ...(countCapped ? { countCapped } : {}),
      ...(nextCursor ? { nextCursor } : {}),
    }
  }

  /** Message search: matching messages with their ticket, newest first. */
  async search(ctx: HttpContext) {
    const { viewer } = await callerOf(ctx)
    const term = String(ctx.request.input('searchParam', '')).trim()
    if (term.length < 2)
      throw new AppError('ERR_VALIDATION', 422, {
        fields: [{ field: 'searchParam', rule: 'minLength', message: 'minLength' }],
      })
    return { results: await searchMessages(viewer, term) }
  }

  async showByUuid(ctx: HttpContext) {
    const uuid = String(ctx.params.uuid ?? '')
    if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw new AppError('ERR_NO_TICKET_FOUND', 404)
    const found = await Ticket.query().where('uuid', uuid).select('id').first()
    if (!found) throw new AppError('ERR_NO_TICKET_FOUND', 404)
    const ticket = await visibleTicket(ctx, found.id)
    await logTicket(db.connection(), ticket.id, 'access', { userId: ctx.actor.user.id, queueId: ticket.queueId })
    if (ticket.status === 'open' || ticket.status === 'group') await markTicketRead(ticket)
    const { mask } = await callerOf(ctx)
    return presentTicket(ticket, { maskNumbers: mask })
  }

  async show(ctx: HttpContext) {
    const ticket = await visibleTicket(ctx, idParam(ctx, 'ERR_NO_TICKET_FOUND'))
    await logTicket(db.connection(), ticket.id, 'access', { userId: ctx.actor.user.id, queueId: ticket.queueId })
    const { mask } = await callerOf(ctx)
    return presentTicket(ticket, { maskNumbers: mask })
  }

  /** New ticket from the workspace (reference §2.7): 409 with the live ticket when one exists. */
  async store(ctx: HttpContext) {
    const data = await ctx.request.validateUsing(createTicketValidator)
    const me = ctx.actor.user
    const contact = await Contact.find(data.contactId)
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
    // spec 1 §5: a new ticket names its queue (a group's ticket lives outside the queues)
    if (!contact.isGroup && !data.queueId) {
      throw new AppError('ERR_VALIDATION', 422, {
        fields: [{ field: 'queueId', rule: 'required', message: 'required' }],
      })
    }
    if (data.queueId && !(await Queue.find(data.queueId))) throw new AppError('ERR_NO_QUEUE_FOUND', 422)
    const whatsappId =
      data.whatsappId ?? me.whatsappId ?? (await Whatsapp.query().where('is_default', true).first())?.id
    if (!whatsappId) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404)
    const whatsapp = await Whatsapp.find(whatsappId)
    if (!whatsapp) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    let userId = me.id
    if (data.userId && data.userId !== me.id) {
      if (!me.isAdmin || !(await User.find(data.userId))) throw new AppError('ERR_NO_PERMISSION', 403)
      userId = data.userId
    }
    const status = contact.isGroup ? 'group' : (data.status ?? 'open')
    const result = await db.transaction((trx) =>
      insertTicketIfNone(trx, {
        contactId: contact.id,
        whatsappId: whatsapp.id,
        channel: whatsapp.channel,
        isGroup: contact.isGroup,
        status,
        userId: status === 'pending' ? null : userId,
        queueId: data.queueId ?? null,
        isBot: false,
        isActiveDemand: true,
      })
    )
    if (!result.created) throw await otherOpenTicketError(result.ticket.id)
    const ticket = await loadTicket(result.ticket.id)
    await emitTicketUpdate(ticket)
    const { mask } = await callerOf(ctx)
    return ctx.response.created(presentTicket(ticket, { maskNumbers: mask }))
  }

  async update(ctx: HttpContext) {
    const id = idParam(ctx, 'ERR_NO_TICKET_FOUND')
    const ticket = await visibleTicket(ctx, id).catch(async (error) => {
      if (!(error instanceof AppError) || error.status !== 404) throw error
      // accepting a ticket another agent took meanwhile: say who holds it, not "not found"
      throw (await lostAcceptRace((await callerOf(ctx)).viewer, id, ctx.request.input('status'))) ?? error
    })
    const data = await ctx.request.validateUsing(updateTicketValidator)
    const { viewer, mask } = await callerOf(ctx)
    const result = await updateTicket(ticket, data, { user: ctx.actor.user, viewer })
    return presentTicket(result, { maskNumbers: mask })
  }

  /** Hard delete: admins only (ticket-options:deleteTicket). */
  async destroy(ctx: HttpContext) {
    requireAdmin(ctx)
    const ticket = await visibleTicket(ctx, idParam(ctx, 'ERR_NO_TICKET_FOUND'))
    await emitTicketDelete(ticket)
    await db.transaction(async (trx) => {
      await ticket.useTransaction(trx).delete()
      await audit.record(trx, {
        action: 'ticket.delete',
        entity: 'ticket',
        entityId: ticket.id,
        companyId: ticket.companyId,
        before: { contactId: ticket.contactId, status: ticket.status, queueId: ticket.queueId, userId: ticket.userId },
      })
    })
    return { message: 'ticket deleted' }
  }

  /** Closes the tickets of one status in the chosen queues only; admins only. */
  async closeAll(ctx: HttpContext) {
    requireAdmin(ctx)
    const { status, selectedQueueIds } = await ctx.request.validateUsing(closeAllValidator)
    const owned = await Queue.query().whereIn('id', selectedQueueIds).select('id')
    const queueIds = owned.map((q) => q.id)
    if (!queueIds.length) return { closed: 0 }
    const closed = await db.transaction(async (trx) => {
      const rows = await tenantTable('tickets', trx)
        .where('status', status)
        .whereIn('queue_id', queueIds)
        .update({ status: 'closed', unread_messages: 0, amount_used_bot_queues: 0, updated_at: new Date() })
        .returning(['id', 'queue_id', 'user_id'])
      if (rows.length) {
        await tenantInsert(
          'ticket_logs',
          rows.map((r: any) => ({
            ticket_id: r.id,
            type: 'closed',
            user_id: ctx.actor.user.id,
            queue_id: r.queue_id,
          })),
          trx
        )
      }
      return rows as { id: number; queue_id: number | null; user_id: number | null }[]
    })
    for (const r of closed) await emitTicketDelete({ id: r.id, status, userId: r.user_id, queueId: r.queue_id })
    return { closed: closed.length }
  }

  async logs(ctx: HttpContext) {
    const ticket = await visibleTicket(ctx, idParam(ctx, 'ERR_NO_TICKET_FOUND'))
    const logs = await TicketLog.query()
      .where('ticket_id', ticket.id)
      .preload('user')
      .preload('queue')
      .orderBy('id', 'desc')
      .limit(500)
    return logs.map((l) => ({
      id: l.id,
      type: l.type,
      ticketId: l.ticketId,
      createdAt: l.createdAt,
      user: l.user ? { id: l.user.id, name: l.user.name } : null,
      queue: l.queue ? { id: l.queue.id, name: l.queue.name } : null,
    }))
  }
}
