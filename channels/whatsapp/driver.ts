/**
 * The channel contract for WhatsApp. start/stop/restart/logout write the
 * wanted state for the supervisors (session/commands.ts); send runs on the
 * process that owns the session (the outbox retries elsewhere, see
 * ERR_WAPP_SESSION_BUSY).
 */
import type { ChannelDriver, ConnectionRef, OutgoingMessage, SendResult } from '#core/channels'
import { AppError } from '#core/errors'
import { tenancy, tenantTable } from '#core/tenancy'
import { command } from './session/commands.js'
import { whatsappRuntime } from './runtime.js'
import { buildContent } from './outbound/build_content.js'
import { toJid } from './inbound/jids.js'
import { listChats } from './inbound/chat_directory.js'

function liveSession(connection: ConnectionRef) {
  const session = whatsappRuntime.supervisor()?.session(connection.id)
  if (!session?.socket || session.status !== 'CONNECTED') {
    throw new AppError(session ? 'ERR_WAPP_NOT_INITIALIZED' : 'ERR_WAPP_SESSION_BUSY', 409)
  }
  return session
}

/**
 * How long a send waits for the session of a dead owner to be taken over: the lease's
 * TTL (15 s) plus a supervisor tick (3 s) bound the takeover, then the socket opens.
 * The outbox's own retries (1 + 2 + 4 + 8 s) would run out first and mark the message failed.
 */
export const TAKEOVER_WAIT_MS = 25_000
const POLL_MS = 250

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The process holding the connection's session (wa_sessions.owner), null when none ever did. */
async function ownerOf(connection: ConnectionRef): Promise<string | null> {
  const row = await tenancy.run(connection.companyId, () =>
    tenantTable('wa_sessions').where('whatsapp_id', connection.id).select('owner').first()
  )
  return row?.owner ?? null
}

/** Waits until another process (or this one, `here`) has taken the session from `gone`; null at the deadline. */
async function newOwner(connection: ConnectionRef, gone: string, deadline: number, here: () => unknown) {
  while (Date.now() < deadline) {
    await sleep(POLL_MS)
    const owner = here() ? whatsappRuntime.config.ownerId : await ownerOf(connection).catch(() => gone)
    if (owner && owner !== gone) return owner
  }
  return null
}

/** Sends on this process's socket (the relay calls this on the owner too). */
export async function sendLocal(connection: ConnectionRef, message: OutgoingMessage): Promise<SendResult> {
  const session = liveSession(connection)
  // a reaction names whose message it is (ours or the contact's): the outbox sets targetFromMe
  const built = await buildContent(message)
  // the same message again: its job's worker died after this send and before recording it, and the
  // job ran again; answering the first send keeps the phone from getting it twice
  const ours = built.options.messageId
  if (ours && session.inbound.hasSent(ours)) return { providerId: ours, ack: 1 }
  const sent = await session.socket!.sendMessage(built.jid, built.content, built.options)
  const providerId = sent?.key?.id ?? built.options.messageId
  if (!providerId) throw new AppError('ERR_SENDING_WAPP_MSG', 502)
  session.inbound.rememberSent(providerId, sent?.message)
  return { providerId, ack: 1 }
}

export const whatsappDriver: ChannelDriver & {
  restart(connection: ConnectionRef, options: { fresh: boolean; pairingPhone?: string | null }): Promise<void>
  logout(connection: ConnectionRef): Promise<void>
  markRead(
    connection: ConnectionRef,
    keys: { chat: { number: string; isGroup: boolean }; providerId: string; participant?: string | null }[]
  ): Promise<void>
} = {
  name: 'whatsapp',

  listChats,

  async start(connection) {
    await command(connection, 'run')
    await whatsappRuntime.nudge()
  },

  async stop(connection) {
    await command(connection, 'stop', { bump: true })
    await whatsappRuntime.nudge()
  },

  async restart(connection, { fresh, pairingPhone }) {
    await command(connection, 'run', { bump: true, resetAuth: fresh, pairingPhone })
    await whatsappRuntime.nudge()
  },

  async logout(connection) {
    await command(connection, 'logout', { bump: true })
    await whatsappRuntime.nudge()
  },

  /**
   * Sends here when this process holds the session, else through its owner. An owner
   * that died holding the lease (nobody listens on its relay) is waited out: another
   * process takes the session once the lease expires, and the send goes there.
   */
  async send(connection, message: OutgoingMessage): Promise<SendResult> {
    const here = () => whatsappRuntime.supervisor()?.session(connection.id)
    if (here()) return sendLocal(connection, message)
    const relay = whatsappRuntime.relay()
    let owner = await ownerOf(connection)
    if (!relay || !owner || owner === relay.ownerId) throw new AppError('ERR_WAPP_SESSION_BUSY', 409)
    const deadline = Date.now() + TAKEOVER_WAIT_MS
    let tookOver = false
    for (;;) {
      try {
        if (here()) return await sendLocal(connection, message)
        return await relay.send(owner, connection, message)
      } catch (e) {
        const code = (e as any).code ?? 'ERR_WAPP_SESSION_BUSY'
        const gone = Boolean((e as any).ownerGone)
        // right after a takeover the new owner's socket may still be opening
        const starting = tookOver && ['ERR_WAPP_NOT_INITIALIZED', 'ERR_WAPP_SESSION_BUSY'].includes(code)
        if ((!gone && !starting) || Date.now() > deadline) throw e instanceof AppError ? e : new AppError(code, 409)
        if (gone) {
          const next = await newOwner(connection, owner, deadline, here)
          if (!next) throw new AppError('ERR_WAPP_SESSION_BUSY', 409)
          owner = next
          tookOver = true
        } else await sleep(POLL_MS)
      }
    }
  },

  /** Whether a number is on WhatsApp, asked of this process's live session (undefined: cannot tell here). */
  async checkNumber(connection, number) {
    const session = whatsappRuntime.supervisor()?.session(connection.id)
    if (!session?.socket?.onWhatsApp || session.status !== 'CONNECTED') return undefined
    const [found] = (await session.socket.onWhatsApp(toJid(number, false))) ?? []
    return Boolean(found?.exists)
  },

  /** Read receipts when an agent opens a ticket (reference §11). */
  async markRead(connection, keys) {
    const session = whatsappRuntime.supervisor()?.session(connection.id)
    if (!session?.socket?.readMessages || !keys.length) return
    await session.socket.readMessages(
      keys.map((k) => ({
        remoteJid: toJid(k.chat.number, k.chat.isGroup),
        id: k.providerId,
        fromMe: false,
        participant: k.participant ? toJid(k.participant, false) : undefined,
      }))
    )
  },
}
