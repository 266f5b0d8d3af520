/**
 * History batches (messaging-history.set) in two roles:
 * - the history import an admin asked for (reference §10): messages inside
 *   the chosen window are handed to the durable pipeline batch by batch, as
 *   they arrive (never collected in memory); the plan and the progress go
 *   through the core's channel hooks to the connections module, which keeps
 *   them (so a restart resumes the count) and broadcasts; 45 s after the last
 *   batch (or at the last one) the import finishes (the module closes the
 *   imported tickets through the inbox when the connection asks for it);
 * - gap sync after a reconnect: whatever WhatsApp replays from just before
 *   the disconnect goes through the pipeline too, where duplicates of what
 *   already arrived are dropped by the provider id.
 */
import type { WAMessage } from '@whiskeysockets/baileys'
import type { ChannelHooks, ConnectionRef } from '#core/channels'
import { lastDisconnectedAt } from '../session/health.js'
import { isGroupJid } from './jids.js'

export const FINISH_AFTER_MS = 45_000
/** history from this long before a disconnect is replayed by gap sync (clock skew, in-flight messages) */
export const GAP_MARGIN_MS = 5 * 60_000

type Ingest = (m: WAMessage, options: { imported?: boolean }) => Promise<unknown>

const tsOf = (m: WAMessage) => {
  const t = m.messageTimestamp as any
  const n = typeof t === 'number' ? t : Number(t?.toNumber?.() ?? t ?? 0)
  return n * 1000
}

export class HistorySync {
  #timer: NodeJS.Timeout | null = null
  /** test hook: how long finish waits for nothing to be pending */
  static finishAfterMs = FINISH_AFTER_MS

  constructor(
    private ref: ConnectionRef,
    private hooks: ChannelHooks,
    private ingest: Ingest
  ) {}

  #plan() {
    return (this.hooks.importPlan?.(this.ref) ?? Promise.resolve(null)).catch(() => null)
  }

  async onBatch(h: { messages?: WAMessage[]; isLatest?: boolean; progress?: number | null }) {
    const messages = h.messages ?? []
    const plan = await this.#plan()
    if (!plan || plan.state === 'done') return this.#gapSync(messages)

    if (plan.state === 'idle') await this.hooks.importProgress?.(this.ref, { kind: 'started' })
    const from = plan.from.getTime()
    const until = plan.until ? plan.until.getTime() : Date.now()
    const wanted = messages.filter((m) => {
      const t = tsOf(m)
      if (!t || t < from || t > until) return false
      return plan.groups || !isGroupJid(m.key?.remoteJid)
    })
    let processed = plan.state === 'idle' ? 0 : plan.processed
    const all = (plan.state === 'idle' ? 0 : plan.received) + wanted.length
    await this.hooks.importProgress?.(this.ref, { kind: 'batch', received: all })
    for (const [i, m] of wanted.entries()) {
      await this.ingest(m, { imported: true })
      processed++
      if (i % 20 === 0 || i === wanted.length - 1) {
        await this.hooks.importProgress?.(this.ref, {
          kind: 'progress',
          processed,
          received: all,
          lastMessageAt: tsOf(m),
        })
      }
    }
    if (h.isLatest || h.progress === 100) return this.finish()
    this.#arm()
  }

  async #gapSync(messages: WAMessage[]) {
    const since = await lastDisconnectedAt(this.hooks, this.ref)
    if (!since) return
    const cutoff = since.getTime() - GAP_MARGIN_MS
    for (const m of messages) if (tsOf(m) >= cutoff) await this.ingest(m, {})
  }

  #arm() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = setTimeout(() => void this.finish().catch(() => {}), HistorySync.finishAfterMs)
    this.#timer.unref?.()
  }

  /** After a restart mid-import: finish once no more batches come. */
  async resume() {
    const plan = await this.#plan()
    if (plan?.state === 'preparing' || plan?.state === 'running') this.#arm()
  }

  stop() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }

  /** The owner (connections module) marks it done, closes the imported tickets if asked and tells the browsers. */
  async finish() {
    this.stop()
    await this.hooks.importFinished?.(this.ref)
  }
}
