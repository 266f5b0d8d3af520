/**
 * Everything a live socket reports, handed to the durable pipeline: messages
 * (live, offline delivery after a reconnect, our own sends from the phone),
 * acks, edits, deletes, calls, contacts and LIDs, and history batches. Every
 * event carries a stable id, so whatever WhatsApp delivers twice (a message
 * first offline then in history, an edit both as upsert and update) is
 * stored once.
 */
import { WAProto, normalizeMessageContent, type WAMessage } from '@whiskeysockets/baileys'
import type { ChannelHooks, ConnectionRef, InboundEvent } from '#core/channels'
import { companySettings } from '#core/settings'
import { tenancy } from '#core/tenancy'
import type { MediaDownloader, WaSocketLike } from '../session/socket.js'
import { reportHealth } from '../session/health.js'
import { ContactResolver } from './contact_resolver.js'
import { learnFromContacts, rememberLid, type LidPair } from './lid_map.js'
import { mapMessage, type MappedMessage } from './map_message.js'
import { storeInboundMedia } from './media_store.js'
import { HistorySync } from './history_sync.js'
import { recordChats } from './chat_directory.js'
import { MAX_MEDIA_ATTEMPTS, holdPending, releasePending, takePending } from './pending_media.js'
import { isGroupJid } from './jids.js'

const SENT_CACHE = 2000
const STATUS = WAProto.WebMessageInfo.Status

/** Baileys' message status → the inbox's ack (1 sent, 2 delivered, 3 read, 4 played). */
export function ackOf(status: number | null | undefined) {
  if (status === null || status === undefined) return null
  if (status === STATUS.ERROR) return 0
  return Math.max(0, Math.min(5, status - 1))
}

export class InboundHandler {
  readonly contacts: ContactResolver
  readonly history: HistorySync
  /** messages this process sent: answers Baileys' retry requests and hides their echoes */
  #sent = new Map<string, WAMessage['message']>()
  #socket: WaSocketLike | null = null
  #lastHealthAt = 0
  /** chat list writes in arrival order: a rename never loses to the upsert before it */
  #chatWrites: Promise<unknown> = Promise.resolve()

  constructor(
    private ref: ConnectionRef,
    private hooks: ChannelHooks,
    private downloader: MediaDownloader,
    socket: () => WaSocketLike | null
  ) {
    this.contacts = new ContactResolver(ref.companyId, socket)
    this.history = new HistorySync(ref, hooks, (m, options) => this.ingestMessage(m, options))
  }

  rememberSent(id: string, message: WAMessage['message']) {
    this.#sent.set(id, message)
    if (this.#sent.size > SENT_CACHE) this.#sent.delete(this.#sent.keys().next().value!)
  }

  /** whether this session sent a message with this WhatsApp id (of the last SENT_CACHE) */
  hasSent(id: string) {
    return this.#sent.has(id)
  }

  sentMessage(id: string) {
    return Promise.resolve(this.#sent.get(id) ?? undefined)
  }

  attach(socket: WaSocketLike) {
    this.#socket = socket
    const ev = socket.ev
    const safe =
      <T>(fn: (arg: T) => Promise<unknown>) =>
      (arg: T) => {
        fn(arg).catch((e) =>
          reportHealth(this.hooks, this.ref, {
            error: String((e as Error)?.message ?? e).slice(0, 500),
          })
        )
      }
    ev.on(
      'messages.upsert',
      safe((u: { messages: WAMessage[]; type: string }) => this.onUpsert(u.messages))
    )
    ev.on(
      'messages.update',
      safe((u: any[]) => this.onUpdate(u))
    )
    ev.on(
      'messaging-history.set',
      safe(async (h: any) => {
        await this.#recordChats(h.chats)
        await this.history.onBatch(h)
      })
    )
    ev.on(
      'chats.upsert',
      safe((c: any[]) => this.#recordChats(c))
    )
    ev.on(
      'chats.update',
      safe((c: any[]) => this.#recordChats(c.filter((x) => x.name)))
    )
    ev.on(
      'contacts.upsert',
      safe(async (c: any[]) => this.linkLids(await learnFromContacts(this.ref.companyId, c)))
    )
    ev.on(
      'contacts.update',
      safe(async (c: any[]) => this.linkLids(await learnFromContacts(this.ref.companyId, c)))
    )
    ev.on(
      'chats.phoneNumberShare',
      safe(async (p: { lid: string; jid: string }) => {
        const pair = await rememberLid(this.ref.companyId, p.lid, p.jid)
        await this.linkLids(pair ? [pair] : [])
      })
    )
    ev.on(
      'call',
      safe((calls: any[]) => this.onCalls(calls))
    )
    ev.on(
      'message-receipt.update',
      safe((r: any[]) => this.onReceipts(r))
    )
  }

  #recordChats(chats: any[] | undefined) {
    const next = this.#chatWrites.then(() => recordChats(this.ref, chats))
    this.#chatWrites = next.catch(() => {})
    return next
  }

  /**
   * A newly learnt number/LID pair goes to the inbox as a contact event: the
   * contact first known only by its LID takes its number (or is merged).
   */
  async linkLids(pairs: LidPair[]) {
    for (const { lid, pn } of pairs) {
      await this.#handIn({
        kind: 'contact',
        whatsappId: this.ref.id,
        providerMessageId: `lid:${lid}`,
        eventId: `lid:${lid}:${pn}`,
        contact: { number: pn, lid },
      })
    }
  }

  detach() {
    this.#socket = null
    this.history.stop()
  }

  onOpen() {
    void this.resumePendingMedia().catch(() => {})
    void this.history.resume().catch(() => {})
  }

  /** Media messages whose download a crash (or a drop) interrupted: handed in now. */
  async resumePendingMedia() {
    for (const p of await takePending(this.ref)) {
      if (!p.message) {
        await releasePending(this.ref, p.providerMessageId)
        continue
      }
      // a download that keeps failing must not hold the message back for ever
      await this.ingestMessage(p.message, { imported: p.imported, withoutMedia: p.attempts > MAX_MEDIA_ATTEMPTS })
    }
  }

  async onUpsert(messages: WAMessage[]) {
    // one by one and in order: an edit never overtakes the message it edits
    for (const m of messages) {
      if (m.key?.fromMe && m.key.id && this.#sent.has(m.key.id)) continue
      await this.ingestMessage(m)
    }
  }

  async ingestMessage(m: WAMessage, options: { imported?: boolean; withoutMedia?: boolean } = {}) {
    const mapped = mapMessage(m)
    if (!mapped) return null
    // written before the download: a crash from here on is resumed, not lost
    if (mapped.media) await holdPending(this.ref, mapped.event.providerMessageId, m, Boolean(options.imported))
    const event = await this.#complete(m, mapped, options)
    const result = await this.#handIn(event as InboundEvent)
    if (mapped.media) await releasePending(this.ref, mapped.event.providerMessageId)
    if (!options.imported && Date.now() - this.#lastHealthAt > 30_000) {
      this.#lastHealthAt = Date.now()
      void reportHealth(this.hooks, this.ref, { messageAt: new Date() })
    }
    return result
  }

  /**
   * WhatsApp does not deliver a message twice once we took it: a short database
   * hiccup is retried here before the event is given up (and reported in health).
   */
  async #handIn(event: InboundEvent) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.hooks.inbound(this.ref, event)
      } catch (e) {
        if (attempt >= 4 || (e as any)?.code === 'ERR_INVALID_INBOUND_EVENT') throw e
        await new Promise((r) => setTimeout(r, 250 * 4 ** (attempt - 1)))
      }
    }
  }

  async #complete(m: WAMessage, mapped: MappedMessage, options: { imported?: boolean; withoutMedia?: boolean }) {
    const contact = await this.contacts.chat(mapped.chatJid, m.pushName, Boolean(m.key?.fromMe))
    const event: Record<string, any> = { ...mapped.event, whatsappId: this.ref.id, contact }
    if (mapped.participantJid) event.participant = await this.contacts.person(mapped.participantJid, m.pushName)
    if (options.imported) event.imported = true
    if (mapped.media) {
      event.mediaType = mapped.media.mediaType
      try {
        if (options.withoutMedia) throw new Error('download kept failing')
        const bytes = await this.downloader(m, this.#socket!)
        event.mediaUrl = await storeInboundMedia(
          this.ref.companyId,
          this.ref.id,
          mapped.event.providerMessageId,
          bytes,
          mapped.media.mimetype,
          mapped.media.fileName
        )
      } catch (e) {
        // the message still arrives (text and type); the inbox shows the media as unavailable
        event.mediaError = 'ERR_WAPP_DOWNLOAD_MEDIA'
        void reportHealth(this.hooks, this.ref, {
          error: `media: ${(e as Error).message}`.slice(0, 500),
        })
      }
    }
    return event
  }

  async onUpdate(updates: Array<{ key: WAMessage['key']; update: Partial<WAMessage> }>) {
    for (const { key, update } of updates) {
      if (!key?.id || !key.remoteJid) continue
      const contact = await this.contacts.chat(key.remoteJid, undefined, true)
      const base = { whatsappId: this.ref.id, contact, fromMe: Boolean(key.fromMe) }
      const ack = ackOf(update.status as number | undefined)
      if (ack !== null && key.fromMe) {
        await this.#handIn({
          ...base,
          kind: 'ack',
          providerMessageId: key.id,
          ack,
          eventId: `ack:${key.id}:${ack}`,
        })
      }
      if (
        update.messageStubType === WAProto.WebMessageInfo.StubType.REVOKE ||
        (update.message === null && 'message' in update)
      ) {
        await this.#handIn({
          ...base,
          kind: 'delete',
          providerMessageId: key.id,
          eventId: `del:${key.id}`,
        })
      }
      const edited = update.message ? normalizeMessageContent(update.message)?.editedMessage?.message : undefined
      const editedContent = edited?.protocolMessage?.editedMessage ?? edited
      if (editedContent) {
        const c = normalizeMessageContent(editedContent)
        const body = c?.conversation ?? c?.extendedTextMessage?.text ?? c?.imageMessage?.caption ?? ''
        await this.#handIn({
          ...base,
          kind: 'edit',
          providerMessageId: key.id,
          body,
          eventId: `edit:${key.id}:${Buffer.from(body).toString('base64').slice(0, 60)}`,
        })
      }
    }
  }

  /** Per-recipient receipts (groups): read or delivered on our messages. */
  async onReceipts(
    receipts: Array<{
      key: WAMessage['key']
      receipt: { readTimestamp?: unknown; receiptTimestamp?: unknown; playedTimestamp?: unknown }
    }>
  ) {
    for (const { key, receipt } of receipts) {
      if (!key?.id || !key.remoteJid || !key.fromMe) continue
      const ack = receipt.playedTimestamp ? 4 : receipt.readTimestamp ? 3 : receipt.receiptTimestamp ? 2 : null
      if (ack === null) continue
      const contact = await this.contacts.chat(key.remoteJid, undefined, true)
      await this.#handIn({
        kind: 'ack',
        whatsappId: this.ref.id,
        contact,
        fromMe: true,
        providerMessageId: key.id,
        ack,
        eventId: `ack:${key.id}:${ack}`,
      })
    }
  }

  /** acceptCallWhatsapp disabled → the call is rejected and the company's message sent (reference §11). */
  async onCalls(
    calls: Array<{ id: string; from: string; status: string; isVideo?: boolean; isGroup?: boolean; date?: Date }>
  ) {
    for (const call of calls) {
      if (call.status !== 'offer' || !call.id || !call.from) continue
      const { accept, message } = await tenancy.run(this.ref.companyId, async () => ({
        accept: (await companySettings.get('acceptCallWhatsapp')) !== 'disabled',
        message: await companySettings.get('AcceptCallWhatsappMessage').catch(() => ''),
      }))
      const socket = this.#socket
      if (!accept && socket) {
        await socket.rejectCall?.(call.id, call.from).catch(() => {})
        if (message?.trim() && !isGroupJid(call.from))
          await socket.sendMessage(call.from, { text: message }).catch(() => {})
      }
      const contact = await this.contacts.chat(call.from)
      await this.#handIn({
        kind: 'call',
        whatsappId: this.ref.id,
        providerMessageId: `call-${call.id}`,
        eventId: `call:${call.id}`,
        contact,
        timestamp: call.date ? new Date(call.date).getTime() : Date.now(),
        // language-neutral: the inbox renders call_log rows in the reader's language
        body: `${call.isVideo ? '🎥' : '📞'}${accept ? '' : ' ✖'}`,
        mediaType: 'call_log',
      })
    }
  }
}
