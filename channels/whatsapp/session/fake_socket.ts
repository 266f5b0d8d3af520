/**
 * A socket that never reaches WhatsApp. The tests build on `FakeSocket`
 * (tests/fixtures/fake_socket.ts adds the helpers around it); a whole process
 * runs its sessions on it with WHATSAPP_FAKE_SOCKET=<dir>, which the
 * scale-out harness (scripts/cluster.mjs) sets on every node that runs
 * sessions: each socket signs in at once, as a phone that scanned long ago,
 * and every open and every send is appended to `<dir>/<pid>.jsonl`, so the
 * harness counts sends across processes, including one that was SIGKILLed.
 *
 * Never in production: with NODE_ENV=production the variable stops the
 * process at boot instead of quietly sending nothing.
 */
import { EventEmitter } from 'node:events'
import { appendFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { SocketFactory, SocketOptions } from './socket.js'

let seq = 0

/** The event emitter the channel listens to, the methods it calls (recorded), and WhatsApp's side as helpers. */
export class FakeSocket {
  ev = new EventEmitter()
  user?: { id: string }
  sent: { jid: string; content: any; options: any }[] = []
  rejected: { id: string; from: string }[] = []
  read: any[] = []
  ended = false
  loggedOut = false
  pairingRequests: string[] = []

  constructor(readonly options: SocketOptions) {}

  sendMessage = async (jid: string, content: any, options: any = {}) => {
    this.sent.push({ jid, content, options })
    return {
      key: { id: options?.messageId ?? `FAKE${++seq}`, remoteJid: jid, fromMe: true },
      message: { conversation: content?.text ?? '' },
    } as any
  }
  logout = async () => {
    this.loggedOut = true
    this.close(401)
  }
  end = () => {
    this.ended = true
  }
  requestPairingCode = async (phone: string) => {
    this.pairingRequests.push(phone)
    return 'ABCD1234'
  }
  rejectCall = async (id: string, from: string) => {
    this.rejected.push({ id, from })
  }
  readMessages = async (keys: any[]) => {
    this.read.push(...keys)
  }
  /** numbers WhatsApp says have no account (onWhatsApp) */
  notOnWhatsApp = new Set<string>()
  onWhatsApp = async (...jids: string[]) =>
    jids.map((jid) => ({ jid, exists: !this.notOnWhatsApp.has(jid.split('@')[0]) }))
  groupMetadata = async (_jid: string) => ({ subject: 'Grupo da Loja' }) as any
  profilePictureUrl = async () => undefined

  // --- WhatsApp's side ---
  qr(code: string) {
    this.ev.emit('connection.update', { qr: code })
  }
  open(number = '5511900000000') {
    this.user = { id: `${number}:7@s.whatsapp.net` }
    this.ev.emit('connection.update', { connection: 'open' })
  }
  close(statusCode: number, message = 'closed') {
    const error = Object.assign(new Error(message), { output: { statusCode } })
    this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } })
  }
  upsert(messages: any[], type: 'notify' | 'append' = 'notify') {
    this.ev.emit('messages.upsert', { messages, type })
  }
  update(updates: any[]) {
    this.ev.emit('messages.update', updates)
  }
  history(messages: any[], extra: Record<string, unknown> = {}) {
    this.ev.emit('messaging-history.set', { chats: [], contacts: [], messages, ...extra })
  }
  emit(event: string, payload: unknown) {
    this.ev.emit(event, payload)
  }
  /** Baileys writes its login as it goes; this plays a creds change */
  async credsChanged(patch: Record<string, unknown>) {
    Object.assign(this.options.auth.creds, patch)
    this.ev.emit('creds.update', patch)
  }
}

/**
 * The folder WHATSAPP_FAKE_SOCKET names, or null when it is not set. Throws
 * under NODE_ENV=production: a fake socket there would swallow every message.
 */
export function fakeSocketDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = env.WHATSAPP_FAKE_SOCKET?.trim()
  if (!dir) return null
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'WHATSAPP_FAKE_SOCKET is set while NODE_ENV=production: refusing to start (a fake socket sends nothing to WhatsApp). Unset it.'
    )
  }
  return dir
}

/** One line per open and per send, in this process's own file (appends of one process never interleave with another's). */
export interface FakeRecord {
  type: 'open' | 'send'
  pid: number
  /** ms since the epoch */
  at: number
  connection: number | null
  /** send: the WhatsApp message id (derived from ours, the same on a retry) */
  id?: string | null
  jid?: string
  text?: string | null
}

/** A phone number per connection, so each fake session shows its own. */
const numberFor = (connection: number | null) => `5599${String(connection ?? 0).padStart(9, '0')}`

/**
 * Sockets that sign in a moment after they are made and record every open
 * and send in `<dir>/<pid>.jsonl`. The line is written before sendMessage
 * returns: a process killed after a send still has it on disk, as WhatsApp
 * would still have the message.
 */
export function recordingFakeFactory(dir: string, openAfterMs = 50): SocketFactory {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${process.pid}.jsonl`)
  const record = (entry: Omit<FakeRecord, 'pid' | 'at'>) =>
    appendFileSync(file, JSON.stringify({ pid: process.pid, at: Date.now(), ...entry }) + '\n')
  return (options) => {
    const socket = new FakeSocket(options)
    const connection = options.connectionId ?? null
    const send = socket.sendMessage
    socket.sendMessage = async (jid, content, opts = {}) => {
      record({ type: 'send', connection, id: opts?.messageId ?? null, jid, text: content?.text ?? null })
      return send(jid, content, opts)
    }
    const timer = setTimeout(() => {
      if (socket.ended) return
      record({ type: 'open', connection })
      socket.open(numberFor(connection))
    }, openAfterMs)
    timer.unref?.()
    return socket as any
  }
}

/** Media of an inbound message, without WhatsApp's CDN. */
export const fakeMediaDownloader = async () => Buffer.from('media-bytes')
