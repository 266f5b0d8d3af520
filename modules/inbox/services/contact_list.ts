/**
 * GET /contacts in one statement (docs/performance.md): the page in
 * (name, id) order with each contact's tags, and the count.
 *
 * - Without a search the page walks the (company_id, name, id) index and the
 *   count is exact up to LIST_COUNT_CAP (above it `count` is the cap and
 *   `countCapped` is true).
 * - With a search, matches can be anywhere in name order ("cliente 77" sits
 *   after every "cliente 1…"): the first WALK_LIMIT contacts in name order are
 *   tried first (a frequent word fills the page there); when they do not fill
 *   it, the trigram index finds every match and they are sorted (bytewise
 *   when that is the database's order, #core/collation). A search
 *   counts up to the end of the page asked for (`countCapped` when there are
 *   more), like the tickets' search view.
 * - Rows are serialized straight from the result (#core/serialize_row): no
 *   model per row, the same fields as Contact.serialize().
 */
import db from '@adonisjs/lucid/services/db'
import { codePointOrder } from '#core/collation'
import { prepared } from '#core/prepared'
import { serializeRow } from '#core/serialize_row'
import { tenancy, tenantTable } from '#core/tenancy'
import Contact from '../models/contact.js'
import Tag from '../models/tag.js'
import { LIST_COUNT_CAP } from './ticket_list.js'
import { maskNumber } from './ticket_presenter.js'

type Builder = ReturnType<typeof tenantTable>

/** contacts tried in name order before a search falls back to its index */
export const WALK_LIMIT = 2000

/**
 * Searches whose name-order walk did not fill their page (per company, walk and values), for a
 * few minutes: the next page or the same search again goes straight to the index. Only a way of
 * finding the rows is remembered, never rows: both ways give the same page.
 */
const failedWalks = new Map<string, number>()
const FAILED_WALK_TTL_MS = 5 * 60_000

/** searches that tried the name-order walk / went straight to the index, since the process started (tests) */
export const walkStats = { tried: 0, skipped: 0 }

function walkFails(key: string) {
  const at = failedWalks.get(key)
  return at !== undefined && Date.now() - at < FAILED_WALK_TTL_MS
}

function rememberWalkFails(key: string) {
  if (failedWalks.size >= 5000) failedWalks.clear()
  failedWalks.set(key, Date.now())
}

export interface ContactListOptions {
  page: number
  pageSize: number
  searching: boolean
  mask: boolean
}

const asDate = (v: string | null) => (v ? new Date(v) : null)

/** `filter` adds the list's conditions on the contacts alias `c`. */
export async function contactPage(filter: (q: Builder) => void, o: ContactListOptions) {
  const companyId = tenancy.requireCompanyId()
  const offset = (o.page - 1) * o.pageSize
  const reach = offset + o.pageSize + 1
  const filtered = () => {
    const q = tenantTable('contacts as c')
    filter(q)
    return q
  }
  let walkKey: string | null = null
  let pageSql: { sql: string; bindings: readonly unknown[] }
  let countSql: { sql: string; bindings: readonly unknown[] }
  if (!o.searching) {
    pageSql = filtered()
      .select('c.*')
      .orderBy('c.name')
      .orderBy('c.id')
      .offset(offset)
      .limit(o.pageSize + 1)
      .toSQL()
    countSql = filtered()
      .select(db.raw('1'))
      .limit(LIST_COUNT_CAP + 1)
      .toSQL()
  } else {
    // the first WALK_LIMIT contacts in name order, filtered
    const firstInOrder = tenantTable('contacts as f').select('f.*').orderBy('f.name').orderBy('f.id').limit(WALK_LIMIT)
    const walk = db.query().from(firstInOrder.as('c')).select('c.id', 'c.name')
    filter(walk as unknown as Builder)
    const walked = walk.orderBy('c.name').orderBy('c.id').limit(reach).toSQL()
    // every match, sorted on (name, id) only. The order expression keeps the planner off the name
    // index walk; in code-point order it is a byte comparison (#core/collation), else a copy
    const order = (await codePointOrder()) ? 'c.name COLLATE "C", c.id' : "c.name || '', c.id"
    const all = filtered().select('c.id', 'c.name').orderByRaw(order).limit(reach).toSQL()
    const key = `${companyId}:${walked.sql}:${JSON.stringify(walked.bindings)}`
    if (!walkFails(key)) walkKey = key
    walkStats[walkKey ? 'tried' : 'skipped']++
    pageSql = !walkKey
      ? {
          sql: `SELECT c.*, false AS list_by_walk FROM (${all.sql}) a JOIN contacts c ON c.id = a.id AND c.company_id = ?`,
          bindings: [...all.bindings, companyId],
        }
      : {
          sql: `WITH walked AS MATERIALIZED (${walked.sql})
            SELECT c.*, k.by_walk AS list_by_walk FROM (
              SELECT walked.id, true AS by_walk FROM walked WHERE (SELECT count(*) FROM walked) = ${reach}
              UNION ALL
              SELECT a.id, false FROM (${all.sql}) a WHERE (SELECT count(*) FROM walked) < ${reach}
            ) k JOIN contacts c ON c.id = k.id AND c.company_id = ?`,
          bindings: [...walked.bindings, ...all.bindings, companyId],
        }
    countSql = { sql: 'SELECT 1 WHERE false', bindings: [] }
  }
  // without a search the page is an index walk whatever the values: planned once per connection
  // (planning took 2 ms); a search is planned for its term
  const statement = db.rawQuery(
    `SELECT n.total, p.*,
            coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color, 'kanban', g.kanban,
                                        'user_id', g.user_id, 'created_at', g.created_at, 'updated_at', g.updated_at)
                              ORDER BY g.name, g.id)
                        FROM contact_tags ct JOIN tags g ON g.id = ct.tag_id AND g.company_id = ?
                       WHERE ct.contact_id = p.id), '[]') AS tag_rows
       FROM (SELECT count(*) AS total FROM (${countSql.sql}) x) n
       LEFT JOIN LATERAL (${pageSql.sql}) p ON true
      ORDER BY p.name, p.id`,
    [companyId, ...countSql.bindings, ...pageSql.bindings] as any[]
  )
  const result = await (o.searching ? statement : prepared(statement))
  let found = result.rows.filter((r: any) => r.id !== null)
  // a walk tried that did not fill the page is not tried again for a while (the index way finds the same rows)
  if (walkKey && !found.some((r: any) => r.list_by_walk)) rememberWalkFails(walkKey)
  let total = Number(result.rows[0]?.total ?? 0)
  let cap = LIST_COUNT_CAP
  if (o.searching) {
    // a search holds rows up to the page's end; the page is the part after the offset
    total = found.length
    found = found.slice(offset)
    cap = offset + o.pageSize
  }
  const contacts = found.slice(0, o.pageSize).map((row: any) => {
    // the tags' dates arrive as JSON text
    const tags = (row.tag_rows as any[]).map((t) =>
      serializeRow(Tag, { ...t, created_at: asDate(t.created_at), updated_at: asDate(t.updated_at) })
    )
    const data = serializeRow(Contact, row, { tags })
    if (o.mask && !row.is_group) data.number = maskNumber(row.number)
    return data
  })
  return {
    rows: contacts,
    count: Math.min(total, cap),
    countCapped: total > cap,
    hasMore: o.searching ? total > offset + o.pageSize : found.length > o.pageSize,
  }
}
