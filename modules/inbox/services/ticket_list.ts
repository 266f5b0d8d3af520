/**
 * GET /tickets (reference §3), scoped on the server: the caller's visibility
 * rule always applies, and client filters (queueIds, users, tags, ...) can
 * only narrow it. Ordered by (updated_at desc, id desc), 40 per page.
 *
 * Built for a million tickets (docs/performance.md):
 * - one statement finds the page's ids and the count, one loads the rows
 *   (ticket_views);
 * - every part of the page walks an index in the view's order and stops at
 *   the page's end: one walk per status where a view shows two (pending and
 *   lgpd), one per match source in a search (contact, message), merged; a
 *   part whose index finds few rows (a rare word, a rare name) sorts those;
 * - which way a message search goes is decided on the words' frequencies in
 *   the column statistics (one small statement, see searchWordFrequency):
 *   a frequent word walks the tickets in list order probing their messages,
 *   a rare one reads its GIN entries; the walk is bounded (searchTuning.messageWalk
 *   tickets) and falls back to the index when it does not fill the page;
 * - the count is exact up to LIST_COUNT_CAP rows; above it the answer says
 *   `count: LIST_COUNT_CAP, countCapped: true` ("more than that"); with a
 *   search term it is exact up to the end of the page asked for;
 * - the closed and search views show one row per contact and connection, the
 *   newest ticket the view matches: a ticket is shown when no newer ticket of
 *   its conversation matches (one probe of the tickets_group index), and when
 *   the filters treat a conversation's tickets alike the walk only visits the
 *   rows flagged newest (`is_latest_closed`, `is_latest`, kept by triggers);
 * - an optional opaque `cursor` (the `nextCursor` of the previous page)
 *   continues after the last row instead of counting an offset.
 */
import db from '@adonisjs/lucid/services/db'
import { prepared } from '#core/prepared'
import { tenancy, tenantTable } from '#core/tenancy'
import { scopeTickets, type Viewer } from './viewer.js'
import { ticketViewQuery, viewsInOrder } from './ticket_views.js'

/**
 * The company's tickets under `alias`, planned for a company of any size (a lookup or an index walk
 * either way): a company that grew since the last ANALYZE must not get a plan for an empty one.
 */
const ticketsAs = (alias: string) => tenantTable(`tickets as ${alias}`, db, { sizeBlind: true })

export const TICKETS_PAGE_SIZE = 40
/** counts are exact up to this; above it `count` is this number and `countCapped` is true */
export const LIST_COUNT_CAP = 1000

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
  /** nextCursor of the previous page: continues after its last row (pageNumber is then ignored) */
  cursor?: string
}

type Builder = ReturnType<typeof tenantTable>
/** a part of a list, in list order */
interface Part {
  q: Builder
  /** a bounded walk (its row count tells whether it filled the page) */
  walk: boolean
}

export const searchTuning = {
  /**
   * A message search walks the tickets in list order when every word of it is
   * in at least this share of the messages (column statistics); otherwise it
   * reads the words' GIN entries.
   */
  frequentWord: 0.005,
  /** the walk of a frequent-word search stops after this many tickets and the GIN index finishes the page */
  messageWalk: 20000,
  /**
   * Another word with at least this many matching messages: the newest tickets are walked
   * (messageWalk at most) against the set of tickets its matches name, before its matches'
   * tickets are read one by one.
   */
  hitWalkFrom: 1000,
}

export function searchTerm(raw: string) {
  return raw.trim().toLowerCase().slice(0, 100)
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`

/**
 * What a contact search matches (contacts list and the tickets' search view):
 * a term of digits (phone punctuation allowed) is looked for inside numbers,
 * anything else inside names (unaccented, case-insensitive). A reader who
 * sees masked numbers searches names only, so hidden numbers cannot be probed.
 */
export function contactSearch(term: string, mask: boolean) {
  const digits = term.replace(/[\s()+\-.]/g, '')
  if (!mask && /^\d+$/.test(digits)) return { column: 'number' as const, like: escapeLike(digits) }
  return { column: 'name' as const, like: escapeLike(term) }
}

export type ContactSearch = ReturnType<typeof contactSearch>

/** The contact-search condition on the contacts table or alias `c`. */
export function whereContactMatches<Q extends { whereRaw: (...args: any[]) => any }>(
  q: Q,
  s: ContactSearch,
  c = 'contacts'
): Q {
  if (s.column === 'number') q.whereRaw(`${c}.number LIKE ?`, [s.like])
  else q.whereRaw(`${c}.search_name LIKE inbox_unaccent(?)`, [s.like])
  return q
}

/**
 * Public messages whose unaccented Portuguese text has every word of the term
 * (the tenant's GIN keys; `indexable: false` states the same test in a form
 * no index answers, for per-row probes).
 */
function whereMessageMatches(q: Builder, term: string, m: string, indexable = true) {
  // ts_match_vq is what @@ calls: the same test, invisible to indexes and to the planner's word statistics
  const match = indexable
    ? `${m}.search_vector @@ inbox_tenant_tsquery(?, ?)`
    : `ts_match_vq(${m}.search_vector, inbox_tenant_tsquery(?, ?))`
  return q.where(`${m}.is_private`, false).whereRaw(match, [tenancy.requireCompanyId(), term])
}

/**
 * The share of messages holding the rarest word of the term, from the column
 * statistics of messages.search_vector (0 when a word is not among its most
 * common elements, null without statistics or words).
 */
export async function searchWordFrequency(term: string): Promise<number | null> {
  const r = await db.rawQuery('SELECT inbox_search_word_frequency(?, ?) AS f', [tenancy.requireCompanyId(), term])
  const f = r.rows[0]?.f
  return f === null || f === undefined ? null : Number(f)
}

/** An ISO timestamp as PostgreSQL writes timestamptz in JSON, with a real date and time. */
function isTimestamp(text: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-](\d{2}):(\d{2}))$/.exec(text)
  if (!m) return false
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number)
  const day = new Date(Date.UTC(y, mo - 1, d))
  return (
    y >= 1 &&
    day.getUTCFullYear() === y &&
    day.getUTCMonth() === mo - 1 &&
    day.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    sec < 60 &&
    (m[9] === undefined || (Number(m[9]) < 16 && Number(m[10]) < 60))
  )
}

function decodeCursor(cursor: string | undefined): [string, number] | null {
  if (!cursor || cursor.length > 200) return null
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      isTimestamp(value[0]) &&
      Number.isInteger(value[1]) &&
      value[1] > 0 &&
      value[1] <= 2147483647
    )
      return [value[0], value[1]]
  } catch {}
  return null
}

const encodeCursor = (updatedAt: string, id: number) =>
  Buffer.from(JSON.stringify([updatedAt, id]), 'utf8').toString('base64url')

/** The statuses a view walks one by one, or null when it is not a status tab. */
function statusesOf(v: Viewer, f: TicketFilters): string[] | null {
  if (f.withUnreadMessages || !f.status || f.status === 'search') return null
  if (f.status === 'pending' && f.showAll && v.canShowAll) return ['pending', 'lgpd']
  return [f.status]
}

/** Everything that narrows the list except its statuses and the search term, on alias `t`. */
function narrow(q: Builder, v: Viewer, f: TicketFilters, t: string) {
  scopeTickets(q, v, f.showAll, t)
  if (f.withUnreadMessages) {
    q.where(`${t}.unread_messages`, '>', 0).whereNotIn(`${t}.status`, ['closed', 'lgpd', 'nps'])
  } else if (f.status && f.status !== 'search') {
    // "open" without show-all is the caller's own work list
    if (f.status === 'open' && !(f.showAll && v.canShowAll)) q.where(`${t}.user_id`, v.id)
    if (f.status === 'group' && !v.isAdmin && !v.allowGroup) q.whereRaw('false')
  }
  if (f.queueIds?.length) {
    q.where((w: any) => {
      w.whereIn(`${t}.queue_id`, f.queueIds!)
      // queue-less tickets stay in view for admins and allTicket users
      if (v.isAdmin || v.allTicket) w.orWhereNull(`${t}.queue_id`)
    })
  }
  if (f.users?.length) q.whereIn(`${t}.user_id`, f.users)
  if (f.whatsapps?.length) q.whereIn(`${t}.whatsapp_id`, f.whatsapps)
  if (f.contacts?.length) q.whereIn(`${t}.contact_id`, f.contacts)
  if (f.statusFilter?.length) q.whereIn(`${t}.status`, f.statusFilter)
  if (f.tags?.length) {
    q.whereExists((w: any) =>
      w
        .from('contact_tags')
        .whereColumn('contact_tags.contact_id', `${t}.contact_id`)
        .whereIn('contact_tags.tag_id', f.tags!)
    )
  }
  if (f.date) q.whereRaw(`${t}.created_at::date = ?::date`, [f.date])
  if (f.updatedAt) q.whereRaw(`${t}.updated_at::date = ?::date`, [f.updatedAt])
  return q
}

/**
 * Whether the view's filters take or leave a conversation's tickets together
 * (then "newest of the conversation the view matches" is the flagged row).
 */
function treatsConversationsAlike(v: Viewer, f: TicketFilters, closedView: boolean) {
  if (f.queueIds?.length || f.users?.length || f.statusFilter?.length || f.date || f.updatedAt) return false
  // a user sees every closed ticket with allHistoric; otherwise visibility depends on queue and user
  return v.isAdmin || (closedView && v.allHistoric)
}

type Source = 'all' | 'contact' | 'message'

export async function listTickets(v: Viewer, f: TicketFilters, mask: boolean) {
  const term = f.searchParam ? searchTerm(f.searchParam) : ''
  const statuses = statusesOf(v, f)
  const closedView = !f.withUnreadMessages && f.status === 'closed'
  const collapses = closedView || (!f.withUnreadMessages && f.status === 'search')
  const alike = collapses && treatsConversationsAlike(v, f, closedView)
  const contact = term ? contactSearch(term, mask) : null
  const sources: Source[] = term ? ['contact', 'message'] : ['all']

  const contactIds = () => whereContactMatches(tenantTable('contacts as c').select('c.id'), contact!, 'c')
  const messageTicketIds = () => whereMessageMatches(tenantTable('messages as m').select('m.ticket_id'), term, 'm')
  // the probes below look up one ticket's contact or messages by key: size-blind, so that a company the
  // statistics do not know yet is not read whole for each ticket probed (docs/performance.md, "Stop 49")
  const contactMatched = (t: string) =>
    whereContactMatches(
      tenantTable('contacts as cm', db, { sizeBlind: true })
        .select(db.raw('1'))
        .whereColumn('cm.id', `${t}.contact_id`),
      contact!,
      'cm'
    )
  // probing one ticket's messages (indexable: false keeps the planner from reading every match of a frequent word)
  const messageMatched = (t: string, indexable = true) =>
    whereMessageMatches(
      tenantTable('messages as mm', db, { sizeBlind: true }).select(db.raw('1')).whereColumn('mm.ticket_id', `${t}.id`),
      term,
      'mm',
      indexable
    )

  /** A newer ticket of t's conversation that this part of the view would also show. */
  const newerSibling = (status: string | null, source: Source) => {
    const o = ticketsAs('o')
      .select(db.raw('1'))
      .whereColumn('o.contact_id', 't.contact_id')
      .whereRaw('coalesce(o.whatsapp_id, 0) = coalesce(t.whatsapp_id, 0)')
      .whereColumn('o.id', '>', 't.id')
    narrow(o, v, f, 'o')
    if (status) o.where('o.status', status)
    // same contact: a contact match holds for the sibling too; a message match must be its own
    if (source === 'message') o.whereExists(messageMatched('o'))
    return o
  }

  const cursor = decodeCursor(f.cursor)
  const offset = cursor ? 0 : (f.pageNumber - 1) * TICKETS_PAGE_SIZE
  // a search counts up to the end of the page asked for: a frequent word fills a page after a few
  // hundred tickets, counting all of its tickets is not cheap
  const cap = term ? offset + TICKETS_PAGE_SIZE : LIST_COUNT_CAP
  const reach = Math.max(offset + TICKETS_PAGE_SIZE + 1, cap + 1)

  /** The view's filters for one part, on alias `t` (`narrowed`: its view filters and status are applied already). */
  const filtered = (q: Builder, status: string | null, source: Source, narrowed = false) => {
    if (!narrowed) narrow(q, v, f, 't')
    if (status && !narrowed) q.where('t.status', status)
    if (source === 'contact') q.whereIn('t.contact_id', contactIds())
    if (source === 'message') q.whereNotExists(contactMatched('t'))
    if (collapses) {
      if (alike && source !== 'message') q.where(closedView ? 't.is_latest_closed' : 't.is_latest', true)
      q.whereNotExists(newerSibling(status, source))
    }
    return q
  }
  const afterCursor = (q: Builder, t: string) =>
    cursor ? q.whereRaw(`(${t}.updated_at, ${t}.id) < (?::timestamptz, ?::int)`, cursor) : q

  /**
   * The view's parts. A message match either walks the newest tickets (bounded by
   * searchTuning.messageWalk; `walk` probes each ticket's messages, `hits` keeps the tickets the
   * word's GIN matches name, hashed once, reading the tickets' index alone) or reads the GIN
   * matches' tickets by primary key and sorts them (`index`: a ticket read per match).
   */
  const partsFor = (messageWay: 'index' | 'walk' | 'hits') => {
    const parts: Part[] = []
    for (const status of statuses ?? [null]) {
      for (const source of sources) {
        const walk = source === 'message' && messageWay !== 'index'
        let q: Builder
        if (source === 'message' && messageWay === 'walk') {
          // the newest messageWalk tickets, in list order, each probed for a matching message
          const newest = ticketsAs('w')
            .select('w.*')
            .orderBy('w.updated_at', 'desc')
            .orderBy('w.id', 'desc')
            .limit(searchTuning.messageWalk)
          if (status) newest.where('w.status', status)
          afterCursor(newest, 'w')
          q = db.query().from(newest.as('t')) as unknown as Builder
          q.whereExists(messageMatched('t', false))
        } else if (source === 'message' && messageWay === 'hits') {
          // the newest messageWalk tickets on their index alone, kept when the word's matches name them
          // ("OR false" keeps PostgreSQL from turning the IN into a join: a hashed set, probed in walk
          // order); each kept one's row by primary key (OFFSET 0: a lookup whatever the statistics say
          // of the company's size); the join on id and updated_at lets the page keep the walk's order
          const ids = messageTicketIds().toSQL()
          const newest = ticketsAs('w')
            .select('w.id', 'w.updated_at')
            .orderBy('w.updated_at', 'desc')
            .orderBy('w.id', 'desc')
            .limit(searchTuning.messageWalk)
          if (status) newest.where('w.status', status)
          afterCursor(newest, 'w')
          const row = ticketsAs('t').select('t.*').whereRaw('t.id = w.id').toSQL()
          q = db
            .query()
            .from(newest.as('w'))
            .joinRaw(
              `JOIN LATERAL (${row.sql} OFFSET 0) t ON t.id = w.id AND t.updated_at = w.updated_at`,
              row.bindings as any[]
            )
            .whereRaw(`(w.id IN (${ids.sql}) OR false)`, ids.bindings as any[]) as unknown as Builder
        } else if (source === 'message') {
          // the tickets of the GIN's matches (an array: looked up by primary key, never a hash join
          // over every ticket), sorted; the probes below then run in list order until the page is full
          const ids = messageTicketIds().toSQL()
          const matched = ticketsAs('t')
          narrow(matched, v, f, 't')
          if (status) matched.where('t.status', status)
          matched
            .whereRaw(`t.id = ANY(ARRAY(${ids.sql}))`, ids.bindings as any[])
            .select('t.*')
            .orderBy('t.updated_at', 'desc')
            .orderBy('t.id', 'desc')
            .limit(2147483647)
          q = db.query().from(matched.as('t')) as unknown as Builder
        } else {
          q = ticketsAs('t')
        }
        parts.push({ q: filtered(q, status, source, source === 'message' && messageWay === 'index'), walk })
      }
    }
    return parts
  }

  let messageWay: 'index' | 'walk' | 'hits' = 'index'
  if (term) {
    const frequency = await cachedWordFrequency(term)
    if (frequency !== null && frequency >= searchTuning.frequentWord) messageWay = 'walk'
    else if ((await cachedHitCount(term)) >= searchTuning.hitWalkFrom) messageWay = 'hits'
  }
  // a list without a search term keeps one plan per connection (planning was half its time); a
  // search is planned for its term (how many rows the term matches decides its best plan)
  const fixedPlan = !term
  let found = await orderedPage(partsFor(messageWay), offset, reach, cursor, mask, fixedPlan)
  // the bounded walk did not fill the page: the index finds the rest (and everything before it)
  if (found.walked !== null && found.walked < reach)
    found = await orderedPage(partsFor('index'), offset, reach, cursor, mask, fixedPlan)
  const { total, rows, last } = found
  const hasMore = total > offset + TICKETS_PAGE_SIZE
  return {
    rows,
    count: Math.min(total, cap),
    countCapped: total > cap,
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(last.updatedAt, last.id) : null,
  }
}

/** Word frequencies change with ANALYZE only, match counts slowly: kept a few minutes per company and term. */
const frequencies = new Map<string, { at: number; value: Promise<unknown> }>()
const FREQUENCY_TTL_MS = 5 * 60_000

/** For tests: statistics changed (ANALYZE). */
export function forgetWordFrequencies() {
  frequencies.clear()
}

/** A term's plan inputs only (never its results): kept a few minutes per company, kind and term. */
function cachedPerTerm<T>(kind: string, term: string, compute: () => Promise<T>) {
  const key = `${tenancy.requireCompanyId()}:${kind}:${term}`
  const hit = frequencies.get(key) as { at: number; value: Promise<T> } | undefined
  if (hit && Date.now() - hit.at < FREQUENCY_TTL_MS) return hit.value
  if (frequencies.size >= 5000) frequencies.clear()
  const value = compute()
  frequencies.set(key, { at: Date.now(), value })
  value.catch(() => frequencies.delete(key))
  return value
}

const cachedWordFrequency = (term: string) => cachedPerTerm('frequency', term, () => searchWordFrequency(term))

/** How many public messages match the term, counted up to searchTuning.hitWalkFrom (the GIN's first matches). */
const cachedHitCount = (term: string) =>
  cachedPerTerm('hits', term, async () => {
    const first = whereMessageMatches(tenantTable('messages as m').select(db.raw('1')), term, 'm')
      .limit(searchTuning.hitWalkFrom)
      .toSQL()
    const r = await db.rawQuery(`SELECT count(*) AS n FROM (${first.sql}) x`, first.bindings as any[])
    return Number(r.rows[0]?.n ?? 0)
  })

/**
 * One statement: the first `reach` rows of the parts merged in list order
 * (each part walks its index and stops there, or sorts the few rows its
 * index found), counted, and the page's rows as ticket views (ticket_views);
 * `walked`: the fewest rows a bounded walk part gave (null without one).
 */
async function orderedPage(
  parts: Part[],
  offset: number,
  reach: number,
  cursor: [string, number] | null,
  mask: boolean,
  fixedPlan: boolean
) {
  const sqlOf = ({ q }: Part) => {
    const p = q.clone().select('t.id', 't.updated_at')
    if (cursor) p.whereRaw('(t.updated_at, t.id) < (?::timestamptz, ?::int)', cursor)
    return p.orderBy('t.updated_at', 'desc').orderBy('t.id', 'desc').limit(reach).toSQL()
  }
  const walks = parts.filter((p) => p.walk).map(sqlOf)
  const others = parts.filter((p) => !p.walk).map(sqlOf)
  const ctes = walks.map((w, i) => `walk_${i} AS MATERIALIZED (${w.sql})`)
  const branches = [
    ...others.map((o) => `(${o.sql})`),
    ...walks.map((_, i) => `(SELECT id, updated_at FROM walk_${i})`),
  ]
  const walked = walks.length
    ? `, least(${walks.map((_, i) => `(SELECT count(*) FROM walk_${i})`).join(', ')}) AS walked`
    : ''
  // the page's tickets as the client reads them, with their place in the list
  const views = ticketViewQuery()
    .joinRaw('JOIN ranked p ON p.id = t.id AND p.n > ? AND p.n <= ?', [offset, offset + TICKETS_PAGE_SIZE])
    .select('p.n AS list_place', db.raw(`to_json(p.updated_at) #>> '{}' AS list_updated_at`))
    .toSQL()
  const statement = db.rawQuery(
    `WITH ${[...ctes, ''].join(', ')}ranked AS MATERIALIZED (
       SELECT s.id, s.updated_at, row_number() OVER (ORDER BY s.updated_at DESC, s.id DESC) AS n
         FROM (SELECT u.id, u.updated_at FROM (${branches.join(' UNION ALL ')}) u
                ORDER BY u.updated_at DESC, u.id DESC LIMIT ${reach}) s)
     SELECT r.*, v.*
       FROM (SELECT count(*) AS list_total${walked} FROM ranked) r
       LEFT JOIN LATERAL (${views.sql}) v ON true`,
    [...walks.flatMap((w) => w.bindings), ...others.flatMap((o) => o.bindings), ...views.bindings] as any[]
  )
  const result = await (fixedPlan ? prepared(statement) : statement)
  const page = result.rows
    .filter((r: any) => r.id !== null)
    .sort((a: any, b: any) => Number(a.list_place) - Number(b.list_place))
  const lastRow = page[page.length - 1]
  const first = result.rows[0] ?? {}
  return {
    total: Number(first.list_total ?? 0),
    rows: viewsInOrder(
      page,
      page.map((r: any) => r.id),
      mask
    ),
    last: lastRow ? { id: Number(lastRow.id), updatedAt: String(lastRow.list_updated_at) } : null,
    walked: first.walked === undefined || first.walked === null ? null : Number(first.walked),
  }
}

/**
 * Full-text search over message bodies (GET /messages-search): the newest
 * matching messages of tickets the caller may see, with their ticket. A
 * frequent word (searchTuning.frequentWord) walks the company's messages newest first
 * (messages_company_from_me, both values of from_me merged); another reads
 * its GIN entries and sorts them.
 */
export async function searchMessages(v: Viewer, term: string, limit = 40) {
  const text = searchTerm(term)
  if (!text) return []
  const frequency = await cachedWordFrequency(text)
  const frequent = frequency !== null && frequency >= searchTuning.frequentWord
  const branch = (fromMe: boolean | null) => {
    const q = whereMessageMatches(tenantTable('messages as m'), text, 'm', !frequent).select(
      'm.id as messageId',
      'm.ticket_id as ticketId',
      'm.body',
      'm.created_at as createdAt'
    )
    if (fromMe !== null) q.where('m.from_me', fromMe).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc')
    else q.orderByRaw("m.created_at + interval '0 s' DESC, m.id DESC")
    if (!v.isAdmin) {
      const visible = ticketsAs('t').select('t.id')
      scopeTickets(visible, v, true, 't')
      q.whereIn('m.ticket_id', visible)
    }
    return q.limit(limit).toSQL()
  }
  const parts = frequent ? [branch(false), branch(true)] : [branch(null)]
  const result = await db.rawQuery(
    `SELECT * FROM (${parts.map((p) => `(${p.sql})`).join(' UNION ALL ')}) r
      ORDER BY r."createdAt" DESC, r."messageId" DESC LIMIT ${limit}`,
    parts.flatMap((p) => p.bindings) as any[]
  )
  return result.rows
}
