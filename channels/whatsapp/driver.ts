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

/** Sends on this process's socket (the relay calls this on the owner too). */
export async function sendLocal(connection: ConnectionRef, message: OutgoingMessage): Promise<SendResult> {
  const session = liveSession(connection)
  // a reaction names whose message it is (ours or the contact's): the outbox sets targetFromMe
  const built = await buildContent(message)
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

  async send(connection, message: OutgoingMessage): Promise<SendResult> {
    if (whatsappRuntime.supervisor()?.session(connection.id)) return sendLocal(connection, message)
    const relay = whatsappRuntime.relay()
    const owner = await tenancy.run(connection.companyId, () =>
      tenantTable('wa_sessions').where('whatsapp_id', connection.id).select('owner').first()
    )
    if (!relay || !owner?.owner || owner.owner === relay.ownerId) throw new AppError('ERR_WAPP_SESSION_BUSY', 409)
    try {
      return await relay.send(owner.owner, connection, message)
    } catch (e) {
      throw new AppError((e as any).code ?? 'ERR_WAPP_SESSION_BUSY', 409)
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
