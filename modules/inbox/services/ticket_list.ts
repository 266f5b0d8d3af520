/**
 * GET /tickets (reference §3), scoped on the server: the caller's visibility
 * rule always applies, and client filters (queueIds, users, tags, ...) can
 * only narrow it. Ordered by (updated_at desc, id desc), which the
 * tickets_list_* indexes serve; 40 per page.
 */
import db from '@adonisjs/lucid/services/db'
import { tenantTable } from '#core/tenancy'
import Ticket from '../models/ticket.js'
import { scopeTickets, type Viewer } from './viewer.js'
import { ticketViews } from './ticket_views.js'

export const TICKETS_PAGE_SIZE = 40

export interface TicketFilters {
  searchParam?: string
  pageNumber: number
  status?: string
  showAll: boolean
  queueIds?: number[]
  tags?: number[]
  users?: number[]
  whatsapps?: number[]
  contacts?: number[]
  statusFilter?: string[]
  withUnreadMessages: boolean
  date?: string
  updatedAt?: string
}

function searchTerm(raw: string) {
  return raw.trim().toLowerCase().slice(0, 100)
}

export async function listTickets(v: Viewer, f: TicketFilters, mask: boolean) {
  const query = Ticket.query()
  scopeTickets(query, v, f.showAll)

  if (f.withUnreadMessages) {
    query.where('tickets.unread_messages', '>', 0).whereNotIn('tickets.status', ['closed', 'lgpd', 'nps'])
  } else if (f.status && f.status !== 'search') {
    if (f.status === 'pending' && f.showAll && v.canShowAll) query.whereIn('tickets.status', ['pending', 'lgpd'])
    else query.where('tickets.status', f.status)
    // "open" without show-all is the caller's own work list
    if (f.status === 'open' && !(f.showAll && v.canShowAll)) query.where('tickets.user_id', v.id)
    if (f.status === 'group' && !v.isAdmin && !v.allowGroup) query.whereRaw('false')
  }

  if (f.queueIds?.length) {
    query.where((q) => {
      q.whereIn('tickets.queue_id', f.queueIds!)
      // queue-less tickets stay in view for admins and allTicket users
      if (v.isAdmin || v.allTicket) q.orWhereNull('tickets.queue_id')
    })
  }
  if (f.users?.length) query.whereIn('tickets.user_id', f.users)
  if (f.whatsapps?.length) query.whereIn('tickets.whatsapp_id', f.whatsapps)
  if (f.contacts?.length) query.whereIn('tickets.contact_id', f.contacts)
  if (f.statusFilter?.length) query.whereIn('tickets.status', f.statusFilter)
  if (f.tags?.length) {
    query.whereExists((q) =>
      q
        .from('contact_tags')
        .whereColumn('contact_tags.contact_id', 'tickets.contact_id')
        .whereIn('contact_tags.tag_id', f.tags!)
    )
  }
  if (f.date) query.whereRaw('tickets.created_at::date = ?::date', [f.date])
  if (f.updatedAt) query.whereRaw('tickets.updated_at::date = ?::date', [f.updatedAt])

  if (f.searchParam && searchTerm(f.searchParam)) {
    const term = searchTerm(f.searchParam)
    const like = `%${term.replace(/[\\%_]/g, (c) => '\\' + c)}%`
    // IN-subqueries let PostgreSQL use the trigram index on contacts and the
    // full-text GIN index on messages instead of probing per ticket
    const byContact = tenantTable('contacts')
      .select('contacts.id')
      .where((w) =>
        w
          .whereRaw('lower(inbox_unaccent(contacts.name)) LIKE inbox_unaccent(?)', [like])
          .orWhereRaw('contacts.number LIKE ?', [like])
      )
    const byMessage = tenantTable('messages')
      .select('messages.ticket_id')
      .where('messages.is_private', false)
      .whereRaw(
        "to_tsvector('portuguese', inbox_unaccent(messages.body)) @@ plainto_tsquery('portuguese', inbox_unaccent(?))",
        [term]
      )
    query.where((q) => {
      q.whereIn('tickets.contact_id', byContact)
      q.orWhereIn('tickets.id', byMessage)
    })
  }

  const page = f.pageNumber
  const listed = collapsesHistory(f) ? newestPerContactAndConnection(query) : query
  const countQuery = listed.clone().clearOrder().clearSelect().count('* as total')
  listed.orderBy('tickets.updated_at', 'desc').orderBy('tickets.id', 'desc')
  const [pageIds, countRows] = await Promise.all([
    listed
      .select('tickets.id')
      .offset((page - 1) * TICKETS_PAGE_SIZE)
      .limit(TICKETS_PAGE_SIZE)
      .pojo<{ id: number }>(),
    countQuery.pojo<{ total: string }>(),
  ])
  const count = Number(countRows[0]?.total ?? 0)
  const rows = await ticketViews(
    pageIds.map((r) => r.id),
    mask
  )
  return { rows, count, hasMore: count > page * TICKETS_PAGE_SIZE }
}

/** The closed view and the search view show a conversation once, not once per ticket it ever had. */
function collapsesHistory(f: TicketFilters) {
  return !f.withUnreadMessages && (f.status === 'closed' || f.status === 'search')
}

/** Keeps, of the tickets the query matches, the newest (highest id) per contact and connection. */
function newestPerContactAndConnection(query: ReturnType<typeof Ticket.query>) {
  const newest = query
    .clone()
    .clearOrder()
    .clearSelect()
    .select(db.raw('max(tickets.id)'))
    .groupBy('tickets.contact_id', 'tickets.whatsapp_id')
  return Ticket.query().whereIn('tickets.id', newest as any)
}

/** Full-text search over message bodies: the ticket and the matching message, so the UI can jump to it. */
export async function searchMessages(v: Viewer, term: string, limit = 40) {
  const text = searchTerm(term)
  if (!text) return []
  const visible = Ticket.query().select('tickets.id')
  scopeTickets(visible, v, true)
  const rows = await tenantTable('messages')
    .whereIn('messages.ticket_id', visible as any)
    .where('messages.is_private', false)
    .whereRaw(
      "to_tsvector('portuguese', inbox_unaccent(messages.body)) @@ plainto_tsquery('portuguese', inbox_unaccent(?))",
      [text]
    )
    .orderBy('messages.id', 'desc')
    .limit(limit)
    .select(
      'messages.id as messageId',
      'messages.ticket_id as ticketId',
      'messages.body',
      'messages.created_at as createdAt'
    )
  return rows
}
