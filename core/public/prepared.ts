/**
 * Prepared statements for the hot write path. A query marked with
 * `prepared(query)` is parsed once per pool connection and then only bound
 * and executed; after five runs PostgreSQL may keep one generic plan and stop
 * planning it at every run. On the inbound pipeline, parsing and planning
 * were about a third of the database's time per new conversation
 * (docs/performance.md, "Ingest").
 *
 * Mark only statements whose text is fixed and whose best plan does not
 * depend on the values: inserts, upserts, lookups by key. Never a list or a
 * search (their plans depend on the values, and a generic plan can be far
 * slower), never a text built with a varying number of rows or values.
 *
 * The name is a hash of the text, so two texts never share a name. A prepared
 * statement the server no longer accepts fails once: a migration that changed
 * a table under a `*` ("cached plan must not change result type", 0A000), or
 * a statement dropped by DEALLOCATE/DISCARD (26000). The connection then
 * prepares its statements again under new names; the caller's retry (the
 * pipeline retries every failed event) succeeds.
 */
import { createHash } from 'node:crypto'
import pg from 'pg'

const STALE = new Set(['0A000', '26000'])
const names = new Map<string, string>()
const NAMES_KEPT = 1000

function nameOf(text: string) {
  let name = names.get(text)
  if (!name) {
    if (names.size >= NAMES_KEPT) names.clear()
    name = createHash('sha1').update(text).digest('hex').slice(0, 24)
    names.set(text, name)
  }
  return name
}

type Callback = (error: (Error & { code?: string }) | null, result?: unknown) => void
type PreparedClient = InstanceType<typeof pg.Client> & { balcaoGeneration?: number }

let installed = false

/** Wraps pg's Client#query once: a config with `prepare: true` (knex passes query options through) gets its name. */
function install() {
  if (installed) return
  installed = true
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  ;(pg.Client.prototype as any).query = function (this: PreparedClient, config: any, values?: any, callback?: any) {
    if (!config || typeof config !== 'object' || config.prepare !== true || typeof config.text !== 'string')
      return query.call(this, config, values, callback)
    const generation = this.balcaoGeneration ?? 0
    const named = { ...config, prepare: undefined, name: `b${generation}_${nameOf(config.text)}` }
    const forget = (error: { code?: string } | null) => {
      if (error?.code && STALE.has(error.code)) this.balcaoGeneration = generation + 1
    }
    // knex passes (config, callback); pg also takes (config, values, callback)
    if (typeof values === 'function') {
      const done = values as Callback
      return query.call(this, named, (error: any, result: unknown) => (forget(error), done(error, result)))
    }
    if (typeof callback === 'function') {
      const done = callback as Callback
      return query.call(this, named, values, (error: any, result: unknown) => (forget(error), done(error, result)))
    }
    const pending = query.call(this, named, values) as Promise<unknown>
    return pending.catch((error) => {
      forget(error)
      throw error
    })
  }
}

/** Marks a Lucid query (raw or builder) to run as a prepared statement; returns it. */
export function prepared<Q extends { knexQuery: { options(options: Record<string, unknown>): unknown } }>(query: Q): Q {
  install()
  query.knexQuery.options({ prepare: true })
  return query
}
