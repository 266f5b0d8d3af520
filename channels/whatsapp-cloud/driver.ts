/**
 * Outbound side of the Cloud API. Each message goes to
 * POST /{phone-number-id}/messages with the connection's system-user token:
 * text (with a reply context), media (uploaded to /{phone-number-id}/media
 * first), reactions, templates (a template send recorded by templates.ts), and
 * read marks. Free-form messages are refused outside the contact's 24-hour
 * window (ERR_META_WINDOW_CLOSED, final: retrying cannot help); template sends
 * go at any time. Throughput errors back off (the connection on 130429, the
 * recipient on 131056) and the outbox retries; other Meta refusals are final
 * and the message shows Meta's code.
 */
import { AppError } from '#core/errors'
import { finalMetaError } from '#channels/meta/final_error'
import type { ChannelDriver, ConnectionRef, OutgoingMessage, ReadKey } from '#core/channels'
import { tenancy, tenantTable } from '#core/tenancy'
import { channelHooks } from '#core/pipeline'
import { graph, GraphError } from '#channels/meta/graph'
import { openSecret } from '#core/secrets'
import { windowState } from '#channels/meta/windows'
import { Throttled, awaitTurn, backOff, succeeded } from '#channels/meta/throttle'
import { mimeOf, storage } from '#core/storage'
import { graphMediaType } from '#channels/meta/outgoing_media'

/** messages a second per business number (Meta's default throughput) */
const PER_SECOND = Number(process.env.WA_CLOUD_PER_SECOND) || 80

/** A refusal retrying cannot fix: the outbox marks the message failed at once. */
const finalError = finalMetaError

function credentials(connection: ConnectionRef) {
  const phoneId = String(connection.settings?.phoneNumberId ?? '')
  const token = openSecret(connection.settings?.systemUserToken)
  if (!/^\d{1,25}$/.test(phoneId) || !token) throw finalError('ERR_META_TOKEN_INVALID')
  return { phoneId, token }
}

interface TemplateSend {
  name: string
  language: string
  params: string[]
}

async function templateOf(connection: ConnectionRef, message: OutgoingMessage): Promise<TemplateSend | null> {
  const row = await tenancy.run(connection.companyId, () =>
    tenantTable('wa_cloud_template_sends')
      .where('whatsapp_id', connection.id)
      .where((q) =>
        q
          .where('message_id', message.messageId)
          .orWhere((p) => p.whereNull('message_id').where({ ticket_id: message.ticketId, body: message.body }))
      )
      .orderBy('id')
      .first()
  )
  return row ? { name: row.name, language: row.language, params: row.params ?? [] } : null
}

async function uploadMedia(connection: ConnectionRef, phoneId: string, token: string, message: OutgoingMessage) {
  const bytes = await storage.readOwned(message.mediaUrl!, connection.companyId)
  const type = mimeOf(message.mediaName || message.mediaUrl, 'application/octet-stream')
  const form = new FormData()
  form.set('messaging_product', 'whatsapp')
  form.set('type', type)
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), message.mediaName || 'file')
  const up = await graph<{ id: string }>(`${phoneId}/media`, { method: 'POST', token, form })
  return up.id
}

async function payloadOf(connection: ConnectionRef, phoneId: string, token: string, message: OutgoingMessage) {
  const to = message.to.number
  const base: Record<string, unknown> = { messaging_product: 'whatsapp', recipient_type: 'individual', to }
  const context = message.quotedProviderId ? { context: { message_id: message.quotedProviderId } } : {}
  const template = message.kind === 'text' ? await templateOf(connection, message) : null
  if (template) {
    return {
      free: false,
      body: {
        ...base,
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          ...(template.params.length
            ? { components: [{ type: 'body', parameters: template.params.map((text) => ({ type: 'text', text })) }] }
            : {}),
        },
      },
    }
  }
  if (message.kind === 'reaction') {
    const emoji = message.body === 'reaction' ? '' : message.body
    return {
      free: true,
      body: { ...base, type: 'reaction', reaction: { message_id: message.targetProviderId, emoji } },
    }
  }
  if (message.kind === 'media' && message.mediaUrl) {
    // a public https address is handed to Meta to fetch; our own stored files are uploaded
    const source = /^https:\/\//.test(message.mediaUrl)
      ? { link: message.mediaUrl }
      : { id: await uploadMedia(connection, phoneId, token, message) }
    const type = graphMediaType(message.mediaType)
    const caption = message.body && type !== 'audio' ? { caption: message.body.slice(0, 1024) } : {}
    const filename = type === 'document' ? { filename: (message.mediaName || 'file').slice(0, 240) } : {}
    return { free: true, body: { ...base, ...context, type, [type]: { ...source, ...caption, ...filename } } }
  }
  return {
    free: true,
    body: { ...base, ...context, type: 'text', text: { body: message.body.slice(0, 4096), preview_url: false } },
  }
}

export const whatsappCloudDriver: ChannelDriver = {
  name: 'whatsappapi',
  /** "start" on the connections page: the token must open the number; its display number is shown */
  async start(connection, hooks) {
    try {
      const { phoneId, token } = credentials(connection)
      const info = await graph<{ display_phone_number?: string }>(phoneId, {
        token,
        query: { fields: 'display_phone_number,verified_name' },
      })
      const number = String(info.display_phone_number ?? '').replace(/\D/g, '')
      await hooks.status(connection, 'CONNECTED', number ? { number } : {})
      await hooks.health?.(connection, { connectedAt: new Date(), error: null })
    } catch (error) {
      await hooks.status(connection, 'DISCONNECTED')
      await hooks.health?.(connection, {
        disconnectedAt: new Date(),
        error: `token: ${String((error as Error).message).slice(0, 300)}`,
      })
    }
  },
  /** nothing runs per connection: "disconnect" only shows it as such (Meta keeps delivering to the app) */
  async stop(connection) {
    await channelHooks.status(connection, 'DISCONNECTED')
  },

  async send(connection, message) {
    // the Cloud API can neither delete nor edit a sent message: the change stays ours
    if (message.kind === 'delete' || message.kind === 'edit') {
      return { providerId: message.targetProviderId ?? message.id, ack: 1 }
    }
    const { phoneId, token } = credentials(connection)
    const { free, body } = await payloadOf(connection, phoneId, token, message)
    if (free) {
      const window = await windowState(connection.companyId, connection.id, message.to.number)
      if (!window.open) throw finalError('ERR_META_WINDOW_CLOSED')
    }
    const connKey = `wa:${connection.id}`
    const pairKey = `wa:${connection.id}:${message.to.number}`
    try {
      await awaitTurn(connKey, pairKey, PER_SECOND)
      const sent = await graph<{ messages?: { id: string }[] }>(`${phoneId}/messages`, {
        method: 'POST',
        token,
        json: body,
      })
      succeeded(connKey, pairKey)
      const providerId = sent.messages?.[0]?.id
      if (!providerId) throw new Error('graph answered without a message id')
      return { providerId, ack: 1 }
    } catch (error) {
      if (error instanceof Throttled) throw error
      if (error instanceof GraphError) {
        if (error.code === 131056) backOff(pairKey)
        else if (error.throttled) backOff(connKey)
        // Meta unreachable or its own trouble: worth retrying
        if (error.throttled || error.status === 0 || error.status >= 500) throw error
        // outside the window by Meta's own count (re-engagement message)
        if (error.code === 131047) throw finalError('ERR_META_WINDOW_CLOSED', `${error.code}`)
        throw finalError('ERR_META_SEND_FAILED', `${error.code ?? error.status}: ${error.message}`)
      }
      throw error
    }
  },

  async assertCanSendFreeForm(connection, to) {
    const window = await windowState(connection.companyId, connection.id, to.number)
    if (!window.open) throw new AppError('ERR_META_WINDOW_CLOSED', 422)
  },

  async markRead(connection: ConnectionRef, keys: ReadKey[]) {
    const { phoneId, token } = credentials(connection)
    // marking the newest message read marks every earlier one of the chat too
    const latest = new Map<string, string>()
    for (const k of keys) latest.set(k.chat.number, k.providerId)
    for (const providerId of latest.values()) {
      await graph(`${phoneId}/messages`, {
        method: 'POST',
        token,
        json: { messaging_product: 'whatsapp', status: 'read', message_id: providerId },
      }).catch(() => {})
    }
  },
}
