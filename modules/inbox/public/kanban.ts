/**
 * The inbox's tickets as kanban cards (spec 3 §2, §4, §7). A lane is a kanban
 * tag (tags.kanban ≠ 0) linked to the ticket through ticket_tags; the default
 * lane (id 0) holds live tickets with no kanban tag. Reads apply the inbox's
 * one visibility rule (the realtime audience: a card is on the boards of
 * exactly the users who get its events) and page each lane by keyset
 * (updated_at, id), so a lane of 10,000 cards costs one short walk per page.
 * Writes lock the ticket row, so two users dragging the same card serialise;
 * the ticket's update event (with its tags) goes out after the commit.
 * Runs in the caller's tenancy scope.
 */
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { likeTerm } from '#core/http'
import { tenancy, tenantTable } from '#core/tenancy'
import { callerOf } from '../services/request_context.js'
import { canSee, scopeTickets } from '../services/viewer.js'
import { ticketViewQuery, viewsInOrder } from '../services/ticket_views.js'
import { emitTicketUpdate } from '../services/ticket_events.js'

/** Statuses a board shows: the tickets being served or waiting. */
export const KANBAN_STATUSES = ['open', 'pending'] as const
/** The lane of tickets without a kanban tag. */
export const DEFAULT_LANE = 0

export interface KanbanTag {
  id: number
  name: string
  color: string
  kanban: number
}

export interface KanbanFilter {
  /** only these queues (a filter inside what the caller may see, never a widening) */
  queueIds?: number[]
  /** only tickets assigned to these users */
  userIds?: number[]
  /** contact name (accents and case ignored) or number */
  search?: string | null
}

export interface KanbanCursor {
  updatedAt: string
  id: number
}

/** The company's kanban tags, by id. */
export async function kanbanTags(search?: string | null): Promise<KanbanTag[]> {
  const query = tenantTable('tags').whereNot('kanban', 0).select('id', 'name', 'color', 'kanban').orderBy('id')
  if (search) query.whereRaw('lower(inbox_unaccent(name)) LIKE inbox_unaccent(?)', [likeTerm(search)])
  return (await query.limit(1000)).map((r: any) => ({ id: r.id, name: r.name, color: r.color, kanban: r.kanban }))
}

const laneLinks = (ticketAlias: string) =>
  db
    .from('ticket_tags as kt')
    .join('tags as kg', 'kg.id', 'kt.tag_id')
    .whereRaw(`kt.ticket_id = ${ticketAlias}.id`)
    .whereRaw(`kg.company_id = ${ticketAlias}.company_id`)
    .whereNot('kg.kanban', 0)

async function boardQuery(ctx: HttpContext, f: KanbanFilter) {
  const { viewer, mask } = await callerOf(ctx)
  const query = ticketViewQuery().whereIn('t.status', [...KANBAN_STATUSES])
  if (f.queueIds?.length) query.whereIn('t.queue_id', f.queueIds)
  if (f.userIds?.length) query.whereIn('t.user_id', f.userIds)
  if (f.search) {
    const term = likeTerm(f.search)
    query.where((q) => q.whereRaw('c.search_name LIKE inbox_unaccent(?)', [term]).orWhere('c.number', 'like', term))
  }
  // the realtime audience rule (no "show all"): the board's live updates reach exactly its readers
  scopeTickets(query, viewer, false, 't')
  return { query, mask }
}

function inLane(query: any, lane: number) {
  if (lane === DEFAULT_LANE) return query.whereNotExists(laneLinks('t').select(db.raw('1')))
  return query.whereExists(db.from('ticket_tags as kt').whereRaw('kt.ticket_id = t.id').where('kt.tag_id', lane))
}

/**
 * One page of a lane, most recently updated first, after `cursor` (the last
 * card of the previous page). `nextCursor` is null on the last page.
 */
export async function kanbanLanePage(
  ctx: HttpContext,
  lane: number,
  f: KanbanFilter,
  cursor: KanbanCursor | null,
  limit: number
) {
  const { query, mask } = await boardQuery(ctx, f)
  inLane(query, lane)
  if (cursor) query.whereRaw('(t.updated_at, t.id) < (?::timestamptz, ?)', [cursor.updatedAt, cursor.id])
  const rows = await query
    .select(db.raw('t.updated_at::text AS kanban_cursor'))
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit + 1)
  const more = rows.length > limit
  const page = more ? rows.slice(0, limit) : rows
  const last: any = page[page.length - 1]
  return {
    tickets: viewsInOrder(
      page,
      page.map((r: any) => r.id),
      mask
    ),
    nextCursor: more && last ? { updatedAt: String(last.kanban_cursor), id: Number(last.id) } : null,
  }
}

/** Cards per lane (lane 0: without a kanban tag) under the same rule and filters as the pages. */
export async function kanbanLaneCounts(ctx: HttpContext, f: KanbanFilter): Promise<Map<number, number>> {
  const { query } = await boardQuery(ctx, f)
  const rows = await query
    .clearSelect()
    .joinRaw(
      `LEFT JOIN LATERAL (SELECT kt.tag_id FROM ticket_tags kt JOIN tags kg ON kg.id = kt.tag_id
         WHERE kt.ticket_id = t.id AND kg.company_id = t.company_id AND kg.kanban <> 0) lane ON true`
    )
    .select(db.raw('coalesce(lane.tag_id, 0) AS lane'))
    .count('* as total')
    .groupByRaw('1')
  return new Map(rows.map((r: any) => [Number(r.lane), Number(r.total)]))
}

async function lockVisibleTicket(ctx: HttpContext, trx: any, ticketId: number) {
  const { viewer } = await callerOf(ctx)
  const row = await tenantTable('tickets', trx).where('id', ticketId).forUpdate().first()
  if (!row) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  if (!canSee(viewer, { status: row.status, userId: row.user_id, queueId: row.queue_id }))
    throw new AppError('ERR_NO_PERMISSION', 403)
  return row
}

async function kanbanLinks(trx: any, ticketId: number): Promise<number[]> {
  const rows = await trx
    .from('ticket_tags as kt')
    .join('tags as kg', 'kg.id', 'kt.tag_id')
    .where('kt.ticket_id', ticketId)
    .where('kg.company_id', tenancy.requireCompanyId())
    .whereNot('kg.kanban', 0)
    .select('kt.tag_id')
  return rows.map((r: any) => Number(r.tag_id))
}

async function cardOf(ctx: HttpContext, ticketId: number) {
  const { mask } = await callerOf(ctx)
  const rows = await ticketViewQuery().where('t.id', ticketId)
  return viewsInOrder(rows, [ticketId], mask)[0] ?? null
}

export interface LaneChange {
  /** the kanban tags the ticket had before */
  from: number[]
  /** the lane it is in now (0: the default lane) */
  to: number
  /** whether anything was written */
  changed: boolean
  /** the card as the caller reads it */
  ticket: any
}

/**
 * Puts a ticket in one lane, in one transaction: its other kanban tag links
 * go, the new one is added (tagId null: the default lane). `expectFrom`, when
 * given, is the lane the caller saw the card in: if another user moved it
 * meanwhile, nothing is written and ERR_KANBAN_LANE_CHANGED (409) answers.
 */
export async function moveToLane(
  ctx: HttpContext,
  ticketId: number,
  tagId: number | null,
  expectFrom?: number | null
): Promise<LaneChange> {
  const result = await db.transaction(async (trx) => {
    await lockVisibleTicket(ctx, trx, ticketId)
    if (tagId !== null) {
      const tag = await tenantTable('tags', trx).where('id', tagId).whereNot('kanban', 0).first()
      if (!tag) throw new AppError('ERR_NO_TAG_FOUND', 404)
    }
    const from = await kanbanLinks(trx, ticketId)
    if (expectFrom !== undefined && expectFrom !== null) {
      const now = from.length ? from : [DEFAULT_LANE]
      if (!now.includes(expectFrom)) throw new AppError('ERR_KANBAN_LANE_CHANGED', 409)
    }
    const drop = from.filter((id) => id !== tagId)
    if (drop.length) await trx.from('ticket_tags').where('ticket_id', ticketId).whereIn('tag_id', drop).delete()
    let added = false
    if (tagId !== null && !from.includes(tagId)) {
      await trx.table('ticket_tags').insert({ ticket_id: ticketId, tag_id: tagId }).onConflict().ignore()
      added = true
    }
    return { from, changed: drop.length > 0 || added }
  })
  if (result.changed) await emitTicketUpdate({ id: ticketId })
  return { ...result, to: tagId ?? DEFAULT_LANE, ticket: await cardOf(ctx, ticketId) }
}

/**
 * Links a tag to a ticket (PUT /ticket-tags/{ticketId}/{tagId}). A kanban tag
 * takes the ticket out of its other lane in the same transaction (a card
 * lives in one lane); a contact-kind tag (kanban 0) is only added.
 */
export async function linkTicketTag(ctx: HttpContext, ticketId: number, tagId: number): Promise<LaneChange> {
  const tag = await tenantTable('tags').where('id', tagId).first()
  if (!tag) throw new AppError('ERR_NO_TAG_FOUND', 404)
  if (tag.kanban !== 0) return moveToLane(ctx, ticketId, tagId)
  const changed = await db.transaction(async (trx) => {
    await lockVisibleTicket(ctx, trx, ticketId)
    const rows = await trx
      .table('ticket_tags')
      .insert({ ticket_id: ticketId, tag_id: tagId })
      .onConflict()
      .ignore()
      .returning('tag_id')
    return rows.length > 0
  })
  if (changed) await emitTicketUpdate({ id: ticketId })
  return { from: [], to: DEFAULT_LANE, changed, ticket: await cardOf(ctx, ticketId) }
}

/** Removes a ticket's kanban tag links only (DELETE /ticket-tags/{ticketId}); contact-kind tags stay. */
export function unlinkKanbanTags(ctx: HttpContext, ticketId: number) {
  return moveToLane(ctx, ticketId, null)
}
