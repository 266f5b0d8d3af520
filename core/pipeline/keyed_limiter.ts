/**
 * At most `limit` tasks at a time per key, first come first served. The
 * outbox uses it so one ticket's messages leave in order (limit 1 per ticket)
 * and a connection never has more sends in flight than its channel allows,
 * while the queue's workers serve many connections at once. Per process:
 * with several worker processes each keeps its own count.
 */
export class KeyedLimiter {
  #running = new Map<string, number>()
  #waiting = new Map<string, (() => void)[]>()

  async run<T>(key: string, limit: number, task: () => Promise<T>): Promise<T> {
    await this.#acquire(key, limit)
    try {
      return await task()
    } finally {
      this.#release(key)
    }
  }

  #acquire(key: string, limit: number): Promise<void> | void {
    const running = this.#running.get(key) ?? 0
    if (running < limit) {
      this.#running.set(key, running + 1)
      return
    }
    return new Promise((resolve) => {
      const queue = this.#waiting.get(key) ?? []
      queue.push(resolve)
      this.#waiting.set(key, queue)
    })
  }

  #release(key: string) {
    const queue = this.#waiting.get(key)
    const next = queue?.shift()
    if (next) {
      if (!queue!.length) this.#waiting.delete(key)
      next() // the slot passes straight to the next waiter
      return
    }
    const running = (this.#running.get(key) ?? 1) - 1
    if (running > 0) this.#running.set(key, running)
    else this.#running.delete(key)
  }
}
