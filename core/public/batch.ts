/**
 * Gathers the calls made in the same turn of the event loop into one batch:
 * the outbox runs dozens of jobs at once, and each used to run its own few
 * statements; batched, a turn's jobs share one statement per step. A call
 * waits at most until the next turn (setImmediate), so a lone call is not
 * delayed. Batches are per company: the flush runs inside that company's
 * tenancy scope, whatever scope the first caller had.
 */
import { tenancy } from './tenancy.js'

interface Pending<I, O> {
  item: I
  resolve: (value: O) => void
  reject: (error: unknown) => void
}

export interface BatchOptions {
  /** the most items one flush takes; more wait for the next */
  max?: number
}

export class Batch<I, O> {
  #pending = new Map<number, Pending<I, O>[]>()
  #scheduled = false

  /**
   * `flush` gets one company's items and answers one result per item, in
   * order; if it throws, every item of that flush fails with its error.
   */
  constructor(
    private flush: (items: I[]) => Promise<O[]>,
    private options: BatchOptions = {}
  ) {}

  /** Adds an item for the current tenancy scope's company; resolves with its result. */
  add(item: I): Promise<O> {
    const companyId = tenancy.requireCompanyId()
    return new Promise<O>((resolve, reject) => {
      let list = this.#pending.get(companyId)
      if (!list) this.#pending.set(companyId, (list = []))
      list.push({ item, resolve, reject })
      if (!this.#scheduled) {
        this.#scheduled = true
        setImmediate(() => this.#run())
      }
    })
  }

  #run() {
    this.#scheduled = false
    const max = this.options.max ?? 100
    const all = this.#pending
    this.#pending = new Map()
    for (const [companyId, list] of all) {
      for (let i = 0; i < list.length; i += max) {
        const chunk = list.slice(i, i + max)
        tenancy
          .run(companyId, () => this.flush(chunk.map((p) => p.item)))
          .then(
            (results) => chunk.forEach((p, k) => p.resolve(results[k])),
            (error) => chunk.forEach((p) => p.reject(error))
          )
      }
    }
  }
}
