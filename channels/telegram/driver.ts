/**
 * The Telegram driver.
 * start: checks the token (getMe); with a public APP_URL it sets the webhook
 * to {APP_URL}/channels/telegram/webhook/{key} with a fresh secret token
 * (only its hash is kept), else it deletes any webhook and polls.
 * send: text (sendMessage), media by upload (sendPhoto, sendAudio, sendVideo,
 * sendDocument), replies (reply_to_message_id), edits, deletes and reactions,
 * paced by Telegram's limits (throttle.ts); a 429 waits retry_after (in the job
 * when short, else the outbox retries); refusals retrying cannot fix (blocked
 * bot, unknown chat, bad request) fail the message at once. Acks: sent (1)
 * when Telegram returns the message; Telegram tells bots nothing more.
 */
import { randomBytes } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import { AppError } from '#core/errors'
import type { ChannelDriver, ChannelHooks, ConnectionRef, OutgoingMessage, SendResult } from '#core/channels'
import { TelegramError, botApi } from './bot_api.js'
import { hashSecret, botOf, saveBot } from './bot_state.js'
import { publicUrl } from './config.js'
import { messageIdOf } from './inbound_map.js'
import { mimeOf, storage } from '#core/storage'
import { openSecret } from '#core/secrets'
import { Throttled, awaitTurn, maxWaitMs, pause } from './throttle.js'
import { isPolling, startPolling, stopPolling } from './poller.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A refusal retrying cannot fix: the outbox marks the message failed at once. */
const finalError = (code: string, detail?: string) =>
  new AppError(code, 422, { details: { permanent: true, ...(detail ? { meta: detail } : {}) } })

function tokenOf(connection: ConnectionRef) {
  const token = openSecret(connection.settings?.botToken)
  if (!token) throw finalError('ERR_TELEGRAM_TOKEN_INVALID')
  return token
}

/** The opaque key of a connection's webhook URL: kept across restarts, random once. */
async function webhookKey(connection: ConnectionRef) {
  const row = await botOf(connection.companyId, connection.id)
  return (row?.webhook_key as string | null) || randomBytes(24).toString('base64url')
}

const METHOD: Record<string, { method: string; field: string }> = {
  image: { method: 'sendPhoto', field: 'photo' },
  audio: { method: 'sendAudio', field: 'audio' },
  video: { method: 'sendVideo', field: 'video' },
}

async function call(connection: ConnectionRef, token: string, message: OutgoingMessage): Promise<any> {
  const chatId = message.to.number
  const reply = messageIdOf(message.quotedProviderId)
  const replyTo = reply ? { reply_to_message_id: reply, allow_sending_without_reply: true } : {}
  const target = messageIdOf(message.targetProviderId)
  if (message.kind === 'edit') {
    if (!target) throw finalError('ERR_TELEGRAM_REFUSED', 'no target')
    return botApi(token, 'editMessageText', { chat_id: chatId, message_id: target, text: message.body })
  }
  if (message.kind === 'delete') {
    if (!target) throw finalError('ERR_TELEGRAM_REFUSED', 'no target')
    await botApi(token, 'deleteMessage', { chat_id: chatId, message_id: target })
    return { message_id: target }
  }
  if (message.kind === 'reaction') {
    if (!target) throw finalError('ERR_TELEGRAM_REFUSED', 'no target')
    const emoji = message.body && message.body !== 'reaction' ? [{ type: 'emoji', emoji: message.body }] : []
    await botApi(token, 'setMessageReaction', { chat_id: chatId, message_id: target, reaction: emoji })
    return { message_id: target }
  }
  if (message.kind === 'media' && message.mediaUrl) {
    const how = METHOD[String(message.mediaType)] ?? { method: 'sendDocument', field: 'document' }
    const caption = message.body ? { caption: message.body.slice(0, 1024) } : {}
    // a public https address that is not one of our stored files: Telegram fetches it, this server never does
    if (/^https:\/\//.test(message.mediaUrl) && !/^https:\/\/[^/]+\/media\//.test(message.mediaUrl)) {
      return botApi(token, how.method, { chat_id: chatId, [how.field]: message.mediaUrl, ...caption, ...replyTo })
    }
    const bytes = await storage.readOwned(message.mediaUrl, connection.companyId)
    const name = (message.mediaName || message.mediaUrl.split('?')[0].split('/').pop() || 'file').slice(0, 200)
    const form = new FormData()
    form.set('chat_id', chatId)
    if (message.body && message.body !== name) form.set('caption', message.body.slice(0, 1024))
    if (reply) {
      form.set('reply_to_message_id', String(reply))
      form.set('allow_sending_without_reply', 'true')
    }
    form.set(how.field, new Blob([new Uint8Array(bytes)], { type: mimeOf(name) }), name)
    return botApi(token, how.method, form, { timeoutMs: 60_000 })
  }
  return botApi(token, 'sendMessage', { chat_id: chatId, text: message.body.slice(0, 4096), ...replyTo })
}

export const telegramDriver: ChannelDriver = {
  name: 'telegram',

  async start(connection: ConnectionRef, hooks: ChannelHooks) {
    const token = openSecret(connection.settings?.botToken)
    if (!token) {
      await hooks.status(connection, 'DISCONNECTED')
      await hooks.health?.(connection, { error: 'ERR_TELEGRAM_TOKEN_INVALID' })
      return
    }
    try {
      const me = await botApi<{ id: number; username?: string }>(token, 'getMe')
      const base = publicUrl()
      if (base) {
        await stopPolling(connection.id)
        const key = await webhookKey(connection)
        const secret = randomBytes(32).toString('base64url')
        // saved before Telegram has it: no update is refused in between
        await saveBot(connection.companyId, connection.id, {
          mode: 'webhook',
          webhookKey: key,
          secretHash: hashSecret(secret),
          tokenHash: hashSecret(token),
          botId: me.id,
          botUsername: me.username ?? null,
        })
        await botApi(token, 'setWebhook', {
          url: `${base}/channels/telegram/webhook/${key}`,
          secret_token: secret,
          allowed_updates: ['message', 'edited_message'],
        })
      } else {
        await botApi(token, 'deleteWebhook', { drop_pending_updates: false })
        await saveBot(connection.companyId, connection.id, {
          mode: 'polling',
          tokenHash: hashSecret(token),
          botId: me.id,
          botUsername: me.username ?? null,
        })
        await startPolling(connection, token)
      }
      await hooks.status(connection, 'CONNECTED')
      await hooks.health?.(connection, { connectedAt: new Date(), error: null })
    } catch (error) {
      const refused = error instanceof TelegramError && (error.status === 401 || error.status === 404)
      logger.warn({ whatsappId: connection.id, error: String((error as Error).message) }, 'telegram start failed')
      await hooks.status(connection, 'DISCONNECTED')
      await hooks.health?.(connection, {
        error: refused ? 'ERR_TELEGRAM_TOKEN_INVALID' : String((error as Error).message).slice(0, 300),
        disconnectedAt: new Date(),
      })
    }
  },

  async stop(connection: ConnectionRef) {
    await stopPolling(connection.id)
    const token = openSecret(connection.settings?.botToken)
    // the webhook stops at once (no webhook-mode row), and the session sweep leaves a stopped bot alone
    await saveBot(connection.companyId, connection.id, { mode: 'stopped' }).catch(() => {})
    if (token) await botApi(token, 'deleteWebhook', { drop_pending_updates: false }).catch(() => {})
  },

  async send(connection: ConnectionRef, message: OutgoingMessage): Promise<SendResult> {
    const token = tokenOf(connection)
    const botKey = `tg:${connection.id}`
    const chatKey = `tg:${connection.id}:${message.to.number}`
    for (let attempt = 0; ; attempt++) {
      try {
        await awaitTurn(botKey, chatKey)
      } catch (error) {
        if (error instanceof Throttled) throw new AppError('ERR_TELEGRAM_THROTTLED', 429)
        throw error
      }
      try {
        const result = await call(connection, token, message)
        const id = Number(result?.message_id)
        if (!Number.isSafeInteger(id)) throw new Error('telegram answered without a message id')
        return { providerId: `${message.to.number}:${id}`, ack: 1 }
      } catch (error) {
        if (!(error instanceof TelegramError)) throw error
        if (error.status === 429) {
          const wait = (error.retryAfter ?? 1) * 1000
          pause(chatKey, error.retryAfter ?? 1)
          // a short pause is waited here, once; a long one goes back to the outbox's retries
          if (attempt === 0 && wait <= maxWaitMs()) {
            await sleep(wait)
            continue
          }
          throw new AppError('ERR_TELEGRAM_THROTTLED', 429)
        }
        if (error.status === 401) throw finalError('ERR_TELEGRAM_TOKEN_INVALID')
        if (error.status === 400 || error.status === 403) throw finalError('ERR_TELEGRAM_REFUSED', error.description)
        throw error
      }
    }
  },
}

/** Whether this process polls for the connection (tests, diagnostics). */
export const polling = isPolling
