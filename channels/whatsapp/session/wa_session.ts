/**
 * One WhatsApp session: the socket of one connection, its states and its
 * reconnects, on the process that holds the connection's lease.
 *
 * States (spec 2 §4, reference §10): OPENING while the socket connects;
 * qrcode with each new QR (after 3 unscanned codes → DISCONNECTED, login
 * cleared); PAIRING while a phone-number pairing code waits; CONNECTED on
 * open; on a close, a logged-out device → DISCONNECTED with the login cleared
 * (needs a new QR), anything else → reconnect with backoff, shown as OPENING
 * and as TIMEOUT once several attempts in a row failed.
 */
import { DisconnectReason } from '@whiskeysockets/baileys'
import type { ChannelHooks, ConnectionRef, ConnectionStatus } from '#core/channels'
import { clearAuthState, loadAuthState, FencedOut } from './auth_state.js'
import { backoffDelay } from './backoff.js'
import { reportHealth } from './health.js'
import type { MediaDownloader, SocketFactory, WaSocketLike } from './socket.js'
import { InboundHandler } from '../inbound/inbound_handler.js'
import { userOf } from '../inbound/jids.js'

export const MAX_QR = 3
/** consecutive failed reconnects before the status says TIMEOUT */
export const TIMEOUT_AFTER = 5

export interface SessionDeps {
  factory: SocketFactory
  downloader: MediaDownloader
  hooks: ChannelHooks
  fence: number
  ownerId: string
  pairingPhone?: string | null
  /** called when the session ends for good (logged out, QR expired, fenced out) */
  onEnded?: (reason: string) => void
  random?: () => number
}

export class WaSession {
  socket: WaSocketLike | null = null
  status: ConnectionStatus = 'OPENING'
  qrCount = 0
  attempts = 0
  wasConnected = false
  #stopped = false
  #timer: NodeJS.Timeout | null = null
  #pairingRequested = false
  readonly inbound: InboundHandler

  constructor(
    readonly ref: ConnectionRef,
    private deps: SessionDeps
  ) {
    this.inbound = new InboundHandler(ref, deps.hooks, deps.downloader, () => this.socket)
  }

  get stopped() {
    return this.#stopped
  }

  async #setStatus(status: ConnectionStatus, extra: { qrcode?: string; number?: string } = {}) {
    this.status = status
    await this.deps.hooks.status(this.ref, status, extra).catch(() => {})
  }

  async start() {
    this.#stopped = false
    await this.#setStatus('OPENING', { qrcode: '' })
    await this.#connect()
  }

  async #connect() {
    if (this.#stopped) return
    const auth = await loadAuthState(this.ref.id, this.deps.fence)
    const socket = await this.deps.factory({
      auth: auth.state,
      getMessage: async (key) => this.inbound.sentMessage(key.id ?? ''),
      connectionId: this.ref.id,
    })
    if (this.#stopped) {
      socket.end(undefined)
      return
    }
    this.socket = socket
    const ev = socket.ev
    ev.on('creds.update', () => {
      auth.saveCreds().catch((e) => this.#fenced(e))
    })
    ev.on('connection.update', (u: any) => {
      this.#onConnection(socket, u, auth.registered).catch(() => {})
    })
    this.inbound.attach(socket)
  }

  #fenced(error: unknown) {
    if (error instanceof FencedOut) void this.stop('fenced')
  }

  async #onConnection(socket: WaSocketLike, u: any, registered: boolean) {
    if (socket !== this.socket || this.#stopped) return
    if (u.qr) {
      if (this.deps.pairingPhone && !registered && socket.requestPairingCode) {
        if (this.#pairingRequested) return
        this.#pairingRequested = true
        try {
          const code = await socket.requestPairingCode(this.deps.pairingPhone)
          await this.#setStatus('PAIRING', { qrcode: code, number: '' })
        } catch (e) {
          await reportHealth(this.deps.hooks, this.ref, { error: `pairing: ${(e as Error).message}` })
          await this.#endForGood('DISCONNECTED', 'pairing-failed', true)
        }
        return
      }
      // three codes shown without a scan: stop asking and forget the half-made login
      if (this.qrCount >= MAX_QR) {
        await this.#endForGood('DISCONNECTED', 'qr-expired', true)
        return
      }
      this.qrCount++
      await this.#setStatus('qrcode', { qrcode: u.qr, number: '' })
      return
    }
    if (u.connection === 'open') {
      this.qrCount = 0
      this.attempts = 0
      this.wasConnected = true
      const number = userOf(socket.user?.id)
      await this.#setStatus('CONNECTED', { qrcode: '', number })
      await reportHealth(this.deps.hooks, this.ref, {
        connectedAt: new Date(),
        error: null,
        owner: this.deps.ownerId,
      })
      this.inbound.onOpen()
      return
    }
    if (u.connection === 'close') {
      const code = Number(u.lastDisconnect?.error?.output?.statusCode ?? u.lastDisconnect?.error?.statusCode ?? 0)
      const reason = String(u.lastDisconnect?.error?.message ?? DisconnectReason[code] ?? 'closed')
      this.socket = null
      socket.ev.removeAllListeners(undefined)
      const loggedOut = code === DisconnectReason.loggedOut || code === DisconnectReason.forbidden
      if (this.wasConnected) {
        await reportHealth(this.deps.hooks, this.ref, {
          dropped: { reason, loggedOut },
          disconnectedAt: new Date(),
          error: `${code} ${reason}`,
        })
      } else {
        // a session that never opened (QR unread, network down) still says why it keeps closing
        await reportHealth(this.deps.hooks, this.ref, { error: `${code} ${reason}` })
      }
      this.wasConnected = false
      if (loggedOut || code === DisconnectReason.badSession || code === DisconnectReason.multideviceMismatch) {
        await this.#endForGood('DISCONNECTED', 'logged-out', true)
        return
      }
      if (code === DisconnectReason.connectionReplaced) {
        // another client took this login over: reconnecting would fight it forever
        await this.#endForGood('DISCONNECTED', 'replaced', false)
        return
      }
      this.#scheduleReconnect(code === DisconnectReason.restartRequired)
    }
  }

  #scheduleReconnect(immediate: boolean) {
    if (this.#stopped) return
    const delay = immediate ? 0 : backoffDelay(this.attempts, this.deps.random)
    this.attempts++
    void reportHealth(this.deps.hooks, this.ref, { reconnect: true })
    const status: ConnectionStatus = this.attempts > TIMEOUT_AFTER ? 'TIMEOUT' : 'OPENING'
    void this.#setStatus(status)
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.#connect().catch((e) => {
        void reportHealth(this.deps.hooks, this.ref, { error: String((e as Error).message).slice(0, 500) })
        this.#scheduleReconnect(false)
      })
    }, delay)
    this.#timer.unref?.()
  }

  async #endForGood(status: ConnectionStatus, reason: string, clearAuth: boolean) {
    this.#stopped = true
    if (this.#timer) clearTimeout(this.#timer)
    const socket = this.socket
    this.socket = null
    if (socket) {
      socket.ev.removeAllListeners(undefined)
      try {
        socket.end(undefined)
      } catch {}
    }
    if (clearAuth) await clearAuthState(this.ref.id).catch(() => {})
    await this.#setStatus(status, { qrcode: '' })
    this.inbound.detach()
    this.deps.onEnded?.(reason)
  }

  /** Stops the socket here (lease lost, shutdown, desired stop); the login stays. */
  async stop(reason = 'stop') {
    if (this.#stopped && !this.socket) return
    this.#stopped = true
    if (this.#timer) clearTimeout(this.#timer)
    const socket = this.socket
    this.socket = null
    this.inbound.detach()
    if (socket) {
      socket.ev.removeAllListeners(undefined)
      try {
        socket.end(undefined)
      } catch {}
    }
    if (reason === 'fenced') this.deps.onEnded?.(reason)
  }

  /** Logs the device out (DELETE /whatsappsession): login cleared, DISCONNECTED. */
  async logout() {
    // set first: the loggedOut close the socket emits must not run the close path as well
    this.#stopped = true
    const socket = this.socket
    if (socket) await socket.logout().catch(() => {})
    await this.#endForGood('DISCONNECTED', 'logout', true)
  }
}
