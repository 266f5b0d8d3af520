/**
 * Outbound side of Messenger and Instagram: POST /{page-id}/messages with the
 * page token. Text, media (uploaded in the same multipart call, never a link
 * to our storage), reactions (sender_action react/unreact) and read marks.
 * Within 24 h of the person's last message a RESPONSE; within 7 days a
 * MESSAGE_TAG HUMAN_AGENT reply (Meta allows it for a human's answer); after
 * that the send is refused (ERR_META_WINDOW_CLOSED, final).
 */
import type { ChannelDriver, ConnectionRef, OutgoingMessage, ReadKey } from '#core/channels'
import { channelHooks } from '#core/pipeline'
import { AppError } from '#core/errors'
import { graph, GraphError } from '../graph.js'
import { debugToken } from '../token_health.js'
import { openSecret } from '#core/secrets'
import { windowState } from '../windows.js'
import { Throttled, awaitTurn, backOff, succeeded } from '../throttle.js'
import { mimeOf, storage } from '#core/storage'
import { graphMediaType } from '../outgoing_media.js'
import { finalMetaError } from '../final_error.js'
import { recordSent } from './outgoing.js'

function credentials(connection: ConnectionRef) {
  const pageId = String(connection.settings?.pageId ?? '')
  const token = openSecret(connection.settings?.pageToken)
  if (!/^\d{1,25}$/.test(pageId) || !token) throw finalMetaError('ERR_META_TOKEN_INVALID')
  return { pageId, token }
}

async function tagFor(connection: ConnectionRef, to: string) {
  const window = await windowState(connection.companyId, connection.id, to, true)
  if (window.open) return { messaging_type: 'RESPONSE' }
  if (window.humanAgentUntil && Date.now() < Date.parse(window.humanAgentUntil)) {
    return { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }
  }
  throw finalMetaError('ERR_META_WINDOW_CLOSED')
}

async function call(connection: ConnectionRef, to: string, run: () => Promise<any>) {
  const connKey = `fb:${connection.id}`
  const pairKey = `fb:${connection.id}:${to}`
  try {
    await awaitTurn(connKey, pairKey, 40)
    const res = await run()
    succeeded(connKey, pairKey)
    return res
  } catch (error) {
    if (error instanceof Throttled) throw error
    if (error instanceof GraphError) {
      if (error.throttled) backOff(connKey)
      if (error.throttled || error.status === 0 || error.status >= 500) throw error
      // 10/2018278: outside the allowed window by Meta's count; 551: the person is unavailable
      if (error.code === 10 || error.subcode === 2018278)
        throw finalMetaError('ERR_META_WINDOW_CLOSED', `${error.code}`)
      throw finalMetaError('ERR_META_SEND_FAILED', `${error.code ?? error.status}: ${error.message}`)
    }
    throw error
  }
}

export function messengerDriver(name: 'facebook' | 'instagram'): ChannelDriver {
  return {
    name,
    /** "start" on the connections page: the page token must still be valid */
    async start(connection, hooks) {
      const verdict = await debugToken(openSecret(connection.settings?.pageToken)).catch((e: Error) => ({
        valid: false,
        reason: e.message,
      }))
      if (verdict.valid) {
        await hooks.status(connection, 'CONNECTED')
        await hooks.health?.(connection, { connectedAt: new Date(), error: null })
      } else {
        await hooks.status(connection, 'DISCONNECTED')
        await hooks.health?.(connection, { disconnectedAt: new Date(), error: `token: ${verdict.reason}` })
      }
    },
    /** nothing runs per connection: "disconnect" only shows it as such */
    async stop(connection) {
      await channelHooks.status(connection, 'DISCONNECTED')
    },

    async send(connection, message: OutgoingMessage) {
      if (message.kind === 'delete' || message.kind === 'edit') {
        // Messenger has no unsend or edit for pages: the change stays ours
        return { providerId: message.targetProviderId ?? message.id, ack: 1 }
      }
      const { pageId, token } = credentials(connection)
      const to = message.to.number
      const recipient = { id: to }
      if (message.kind === 'reaction') {
        const emoji = message.body === 'reaction' ? '' : message.body
        await tagFor(connection, to)
        await call(connection, to, () =>
          graph(`${pageId}/messages`, {
            method: 'POST',
            token,
            json: {
              recipient,
              sender_action: emoji ? 'react' : 'unreact',
              payload: { message_id: message.targetProviderId, ...(emoji ? { reaction: emoji } : {}) },
            },
          })
        )
        return { providerId: `react:${message.id}`, ack: 1 }
      }
      const tag = await tagFor(connection, to)
      const replyTo = message.quotedProviderId ? { reply_to: { mid: message.quotedProviderId } } : {}
      let res: { message_id?: string }
      if (message.kind === 'media' && message.mediaUrl && /^https:\/\//.test(message.mediaUrl)) {
        // a public https address is handed to Meta to fetch
        const type = graphMediaType(message.mediaType)
        const attachment = {
          type: type === 'document' ? 'file' : type,
          payload: { url: message.mediaUrl, is_reusable: false },
        }
        res = await call(connection, to, () =>
          graph(`${pageId}/messages`, { method: 'POST', token, json: { recipient, ...tag, message: { attachment } } })
        )
      } else if (message.kind === 'media' && message.mediaUrl) {
        const bytes = await storage.readOwned(message.mediaUrl, connection.companyId)
        const type = graphMediaType(message.mediaType)
        const mime = mimeOf(message.mediaName || message.mediaUrl)
        const form = new FormData()
        form.set('recipient', JSON.stringify(recipient))
        form.set('messaging_type', tag.messaging_type)
        if (tag.tag) form.set('tag', tag.tag)
        form.set(
          'message',
          JSON.stringify({ attachment: { type: type === 'document' ? 'file' : type, payload: { is_reusable: false } } })
        )
        form.set('filedata', new Blob([new Uint8Array(bytes)], { type: mime }), message.mediaName || 'file')
        res = await call(connection, to, () => graph(`${pageId}/messages`, { method: 'POST', token, form }))
        // a caption goes as its own text message right after
        if (message.body) {
          await call(connection, to, () =>
            graph(`${pageId}/messages`, {
              method: 'POST',
              token,
              json: { recipient, ...tag, message: { text: message.body.slice(0, 2000) } },
            })
          )
        }
      } else {
        res = await call(connection, to, () =>
          graph(`${pageId}/messages`, {
            method: 'POST',
            token,
            json: { recipient, ...tag, message: { text: message.body.slice(0, 2000) }, ...replyTo },
          })
        )
      }
      const providerId = res?.message_id
      if (!providerId) throw new Error('graph answered without a message id')
      await recordSent(connection.companyId, connection.id, to, providerId)
      return { providerId, ack: 1 }
    },

    async assertCanSendFreeForm(connection, to) {
      try {
        await tagFor(connection, to.number)
      } catch {
        throw new AppError('ERR_META_WINDOW_CLOSED', 422)
      }
    },

    async markRead(connection: ConnectionRef, keys: ReadKey[]) {
      const { pageId, token } = credentials(connection)
      for (const number of new Set(keys.map((k) => k.chat.number))) {
        await graph(`${pageId}/messages`, {
          method: 'POST',
          token,
          json: { recipient: { id: number }, sender_action: 'mark_seen' },
        }).catch(() => {})
      }
    },
  }
}
