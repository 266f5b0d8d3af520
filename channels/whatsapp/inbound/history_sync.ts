/**
 * History batches (messaging-history.set) in two roles:
 * - the history import an admin asked for (reference §10): messages inside
 *   the chosen window are handed to the durable pipeline batch by batch, as
 *   they arrive (never collected in memory), with progress in
 *   connection_imports so a restart resumes the count; 45 s after the last
 *   batch (or at the last one) the import finishes;
 * - gap sync after a reconnect: whatever WhatsApp replays from just before
 *   the disconnect goes through the pipeline too, where duplicates of what
 *   already arrived are dropped by the provider id.
 */
import db from '@adonisjs/lucid/services/db'
import transmit from '@adonisjs/transmit/services/main'
import type { WAMessage } from '@whiskeysockets/baileys'
import { DateTime } from 'luxon'
import type { ConnectionRef } from '#core/channels'
import { Whatsapp } from '#core/models'
import { channels, realtime } from '#core/realtime'
import { tenancy } from '#core/tenancy'
import { lastDisconnectedAt } from '../session/health.js'
import { isGroupJid } from './jids.js'

export const FINISH_AFTER_MS = 45_000
/** history from this long before a disconnect is replayed by gap sync (clock skew, in-flight messages) */
export const GAP_MARGIN_MS = 5 * 60_000
export const CLOSE_BUTTON = 'renderButtonCloseTickets'

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
    private ingest: Ingest
  ) {}

  #emit(payload: { action: string } & Record<string, unknown>) {
    const cid = this.ref.companyId
    transmit.broadcast(
      channels.company(cid),
      JSON.parse(JSON.stringify({ event: `importMessages-${cid}`, whatsappId: this.ref.id, ...payload }))
    )
  }

  async #publishConnection(patch: Record<string, unknown>) {
    await tenancy.run(this.ref.companyId, async () => {
      const w = await Whatsapp.find(this.ref.id)
      if (!w) return
      w.merge(patch)
      await w.save()
      const whatsapp = w.serialize()
      await realtime.toCompanyByRole(
        this.ref.companyId,
        'whatsapp',
        { action: 'update', whatsapp },
        { action: 'update', whatsapp: { ...whatsapp, qrcode: null } }
      )
    })
  }

  async #importConfig() {
    return db
      .from('whatsapps')
      .leftJoin('connection_imports', 'connection_imports.whatsapp_id', 'whatsapps.id')
      .where('whatsapps.id', this.ref.id)
      .select(
        'whatsapps.import_old_messages',
        'whatsapps.import_old_messages_groups',
        'whatsapps.closed_tickets_post_imported',
        'connection_imports.from_date',
        'connection_imports.until_date',
        'connection_imports.state',
        'connection_imports.received',
        'connection_imports.processed'
      )
      .first()
      .catch(() => null)
  }

  async onBatch(h: { messages?: WAMessage[]; isLatest?: boolean; progress?: number | null }) {
    const messages = h.messages ?? []
    const cfg = await this.#importConfig()
    const importing = cfg?.import_old_messages && cfg.from_date && cfg.state !== 'done'
    if (!importing) return this.#gapSync(messages)

    if (cfg.state === 'idle' || !cfg.state) {
      await db
        .from('connection_imports')
        .where('whatsapp_id', this.ref.id)
        .update({ state: 'preparing', started_at: new Date(), received: 0, processed: 0, finished_at: null })
      this.#emit({ action: 'update', status: { this: -1, all: -1 } })
    }
    // the preparing window of spec 2 §4 (35 s) counts from the last batch
    await this.#publishConnection({ statusImportMessages: String(Date.now()) })
    const from = new Date(cfg.from_date).getTime()
    const until = cfg.until_date ? new Date(cfg.until_date).getTime() : Date.now()
    const wanted = messages.filter((m) => {
      const t = tsOf(m)
      if (!t || t < from || t > until) return false
      return cfg.import_old_messages_groups || !isGroupJid(m.key?.remoteJid)
    })
    let processed = Number(cfg.processed ?? 0)
    const all = Number(cfg.received ?? 0) + wanted.length
    await db
      .from('connection_imports')
      .where('whatsapp_id', this.ref.id)
      .update({ received: all, state: 'running', last_batch_at: new Date() })
    for (const [i, m] of wanted.entries()) {
      await this.ingest(m, { imported: true })
      processed++
      if (i % 20 === 0 || i === wanted.length - 1) {
        await db.from('connection_imports').where('whatsapp_id', this.ref.id).update({ processed })
        this.#emit({
          action: 'update',
          status: { this: processed, all, date: DateTime.fromMillis(tsOf(m)).toFormat('dd/MM/yy HH:mm:ss') },
        })
      }
    }
    if (h.isLatest || h.progress === 100) return this.finish()
    this.#arm()
  }

  async #gapSync(messages: WAMessage[]) {
    const since = await lastDisconnectedAt(this.ref.id)
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
    const cfg = await this.#importConfig()
    if (cfg?.state === 'preparing' || cfg?.state === 'running') this.#arm()
  }

  stop() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }

  async finish() {
    this.stop()
    const cfg = await this.#importConfig()
    if (!cfg || cfg.state === 'done') return
    await db
      .from('connection_imports')
      .where('whatsapp_id', this.ref.id)
      .update({ state: 'done', finished_at: new Date() })
    let status: string | null = CLOSE_BUTTON
    if (cfg.closed_tickets_post_imported) {
      await this.#waitForPipeline()
      await this.#closeImported()
      status = null
    }
    await this.#publishConnection({
      statusImportMessages: status,
      importOldMessages: false,
      importOldMessagesDate: null,
      importRecentMessages: false,
    })
    this.#emit({ action: 'refresh' })
  }

  /** closing must see the tickets the imported messages create: wait for the pipeline to drain */
  async #waitForPipeline(timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      const row = await db
        .from('inbound_events')
        .where({ whatsapp_id: this.ref.id, status: 'pending' })
        .count('* as n')
        .first()
      if (!Number(row?.n ?? 0)) return
      await new Promise((r) => setTimeout(r, 500))
    }
  }

  async #closeImported() {
    const imp = await db.from('connection_imports').where('whatsapp_id', this.ref.id).first()
    if (!imp?.started_at) return
    const rows = await db.rawQuery(
      `UPDATE tickets SET status = 'closed', unread_messages = 0, updated_at = now()
       WHERE company_id = ? AND whatsapp_id = ? AND status = 'pending' AND created_at >= ? RETURNING id`,
      [this.ref.companyId, this.ref.id, imp.started_at]
    )
    for (const r of rows.rows)
      realtime.toCompany(this.ref.companyId, 'ticket', { action: 'delete', ticketId: Number(r.id) })
  }
}
