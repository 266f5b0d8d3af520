/**
 * Outbound side of the website chat. The agent's message is already stored on
 * the ticket by the inbox; delivering it means waking the visitor's open
 * streams, which read it from the history (so a visitor who is away finds it
 * on their next visit, or by e-mail: mail.ts). Nothing can fail on the way, so
 * it is acked at once.
 */
import type { ChannelDriver, ChannelHooks, ConnectionRef, OutgoingMessage } from '#core/channels'
import { tenancy } from '#core/tenancy'
import { live } from './live.js'
import { ensureKey } from './keys.js'
import { markReplyForMail } from './mail.js'

export const webchatDriver: ChannelDriver = {
  name: 'webchat',
  // nothing to log into: a started connection is connected, with its public key ready
  async start(connection: ConnectionRef, hooks: ChannelHooks) {
    await tenancy.run(connection.companyId, () => ensureKey(connection.id))
    await hooks.status(connection, 'CONNECTED')
  },
  async stop() {},
  async send(connection: ConnectionRef, message: OutgoingMessage) {
    // the stream reads after the outbox settles the message; wake it now and once more then
    live.wake(connection.id, message.to.number)
    setTimeout(() => live.wake(connection.id, message.to.number), 300).unref?.()
    // a visitor who left an e-mail gets it by mail unless a stream shows it to them first
    await tenancy.run(connection.companyId, () => markReplyForMail(connection.id, message.to.number))
    return { providerId: `webchat:${message.id}`, ack: 1 }
  },
}
