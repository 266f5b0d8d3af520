/**
 * Prepared statements for the hot write path. A query marked with
 * `prepared(query)` is parsed once per pool connection and then only bound
 * and executed; after five runs PostgreSQL may keep one generic plan and stop
 * planning it at every run. On the inbound pipeline, parsing and planning
 * were about a third of the database's time per new conversation
 * (docs/performance.md, "Ingest").
 *
 * Mark only statements whose best plan does not depend on the values:
 * inserts, upserts, lookups by key, and the ticket lists without a search
 * term (an index walk whatever the values). Never a search: how many rows its
 * term matches decides its best plan, and a generic plan can be far slower.
 * A connection keeps at most NAMED_PER_CONNECTION statements; texts past
 * that run unnamed (a list's filters make a few texts each, not many).
 *
 * A generic plan is chosen for the tables as they are, and PostgreSQL keeps it
 * until an ANALYZE invalidates it, while a statement planned at each run sees a
 * growing table's current size. So a connection drops its statements every
 * PREPARED_TUNING.replanMs (DEALLOCATE ALL, outside a transaction) and prepares
 * them again: a plan outlives the table it was chosen for by a minute at most.
 *
 * The name is a hash of the text, so two texts never share a name. A prepared
 * statement the server no longer accepts fails once: a migration that changed
 * a table under a `*` ("cached plan must not change result type", 0A000), or
 * a statement dropped by DEALLOCATE/DISCARD (26000). The connection then
 * prepares its statements again under new names: a statement outside a
 * transaction runs again at once; inside one, the transaction fails and the
 * caller's retry (the pipeline retries every failed event) succeeds.
 */
import { createHash } from 'node:crypto'
import pg from 'pg'

const STALE = new Set(['0A000', '26000'])
const names = new Map<string, string>()
const NAMES_KEPT = 1000
const NAMED_PER_CONNECTION = 200
/** How long a connection keeps its prepared statements (tests shorten it). */
export const PREPARED_TUNING = { replanMs: 60_000 }

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
/** pg's client, with the transaction status of its last ReadyForQuery ('I': none) */
type PreparedClient = InstanceType<typeof pg.Client> & {
  balcaoGeneration?: number
  balcaoNamed?: Set<string>
  /** when the connection's statements were last dropped */
  balcaoSince?: number
  _txStatus?: string | null
  connection: { parsedStatements: Record<string, string>; submittedNamedStatements?: Record<string, string> }
}

let installed = false

/** Wraps pg's Client#query once: a config with `prepare: true` (knex passes query options through) gets its name. */
function install() {
  if (installed) return
  installed = true
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  ;(pg.Client.prototype as any).query = function (this: PreparedClient, config: any, values?: any, callback?: any) {
    if (!config || typeof config !== 'object' || config.prepare !== true || typeof config.text !== 'string')
      return query.call(this, config, values, callback)
    // knex passes (config, callback); pg also takes (config, values, callback) and no callback (a promise)
    const done = (typeof values === 'function' ? values : callback) as Callback | undefined
    const extra = typeof values === 'function' ? undefined : values
    if (!done)
      return new Promise((resolve, reject) =>
        (this as any).query(config, extra, (error: Error | null, result: unknown) =>
          error ? reject(error) : resolve(result)
        )
      )
    const now = Date.now()
    this.balcaoSince ??= now
    if (now - this.balcaoSince >= PREPARED_TUNING.replanMs && this._txStatus === 'I' && this.balcaoNamed?.size) {
      // queued ahead of this statement on the same connection; the next runs prepare anew
      query.call(this, 'DEALLOCATE ALL', () => {})
      this.connection.parsedStatements = {}
      if (this.connection.submittedNamedStatements) this.connection.submittedNamedStatements = {}
      this.balcaoNamed.clear()
      this.balcaoSince = now
    }
    const attempt = (retried: boolean): unknown => {
      const generation = this.balcaoGeneration ?? 0
      const name = `b${generation}_${nameOf(config.text)}`
      const kept = (this.balcaoNamed ??= new Set())
      if (!kept.has(name) && kept.size >= NAMED_PER_CONNECTION) {
        const plain = { ...config, prepare: undefined }
        return extra === undefined ? query.call(this, plain, done) : query.call(this, plain, extra, done)
      }
      kept.add(name)
      const named = { ...config, prepare: undefined, name }
      const settle: Callback = (error, result) => {
        if (error?.code && STALE.has(error.code)) {
          this.balcaoGeneration = Math.max(this.balcaoGeneration ?? 0, generation + 1)
          // outside a transaction the failed statement did nothing: run it again under the new name
          if (!retried && this._txStatus === 'I') return void attempt(true)
        }
        done(error, result)
      }
      return extra === undefined ? query.call(this, named, settle) : query.call(this, named, extra, settle)
    }
    return attempt(false)
  }
}

/** Marks a Lucid query (raw or builder) to run as a prepared statement; returns it. */
export function prepared<Q extends { knexQuery: { options(options: Record<string, unknown>): unknown } }>(query: Q): Q {
  install()
  query.knexQuery.options({ prepare: true })
  return query
}
