/**
 * The one after-commit mechanism. A unit of work is a database transaction
 * plus the effects to run once it committed (outbox queueing, realtime, domain
 * event listeners). Whoever opens the unit runs the effects after the commit;
 * everyone else (services, hooks, the inbound processor) only registers them
 * with `afterCommit(fn)`. A rolled-back unit runs none of them.
 *
 * Effects are best effort and run in registration order: the data is
 * committed, a failing effect is skipped and the client resyncs on reload.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

export type AfterCommit = () => unknown

/** UnitOfWork.memo's lookups, per transaction (gone with it) */
const lookups = new WeakMap<TransactionClientContract, Map<string, Promise<unknown>>>()

/** UnitOfWork.collect's gatherings, per transaction (gone with it) */
const gatherings = new WeakMap<TransactionClientContract, Map<string, { items: unknown[]; result?: Promise<unknown> }>>()

export class UnitOfWork {
  readonly #effects: AfterCommit[] = []
  readonly #keyed = new Map<string, unknown>()
  #running = false
  #done = false

  constructor(readonly trx: TransactionClientContract) {}

  /** Runs fn once the transaction committed. */
  afterCommit(fn: AfterCommit) {
    if (this.#done) throw new Error('afterCommit() on a unit of work that already ran its effects')
    this.#effects.push(fn)
  }

  /**
   * Per-unit state under a key, created on first use (e.g. to coalesce several
   * changes of one record into one after-commit event).
   */
  state<T>(key: string, create: () => T): T {
    if (!this.#keyed.has(key)) this.#keyed.set(key, create())
    return this.#keyed.get(key) as T
  }

  /**
   * A lookup made once per transaction, whatever the number of units sharing
   * it (a drain batch runs many events in one): for rows that do not change
   * inside it, such as the connection or the company an event belongs to.
   * The key names the row, company included.
   */
  memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    let memos = lookups.get(this.trx)
    if (!memos) lookups.set(this.trx, (memos = new Map()))
    // Promise.resolve: a query builder (a thenable) given as is runs once, not at every await
    if (!memos.has(key)) memos.set(key, Promise.resolve(load()))
    return memos.get(key) as Promise<T>
  }

  /**
   * Gathers `item` with the items every unit sharing this transaction gives
   * under `key` (a drain batch runs many events in one), for one set-wise
   * effect after the commit: the returned function, called from an
   * after-commit effect, runs `run` once over all of them (the first caller
   * runs it, the others share its result). The key names the company, as the
   * effect runs in the caller's tenancy scope.
   */
  collect<I, R>(key: string, item: I, run: (items: I[]) => Promise<R>): () => Promise<R> {
    let all = gatherings.get(this.trx)
    if (!all) gatherings.set(this.trx, (all = new Map()))
    let entry = all.get(key)
    // a gathering that ran already (an item given after the commit) is not joined: a new one starts
    if (!entry || entry.result) all.set(key, (entry = { items: [] }))
    entry.items.push(item)
    const gathered = entry
    return () => (gathered.result ??= run(gathered.items as I[])) as Promise<R>
  }

  /** Called by the opener once the transaction committed. */
  async runAfterCommit() {
    if (this.#done || this.#running) return
    this.#running = true
    // effects may register further effects (a listener queueing another): run until empty
    for (let i = 0; i < this.#effects.length; i++) {
      try {
        await this.#effects[i]()
      } catch {
        // the data is committed; the client resyncs on reload
      }
    }
    this.#done = true
  }
}

/**
 * Runs fn in a new transaction, then (after the commit) the effects it
 * registered. The result is fn's; an error rolls back and runs no effect.
 */
export async function unitOfWork<T>(fn: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  let uow: UnitOfWork | undefined
  const result = await db.transaction(async (trx) => {
    uow = new UnitOfWork(trx)
    return fn(uow)
  })
  await uow!.runAfterCommit()
  return result
}
