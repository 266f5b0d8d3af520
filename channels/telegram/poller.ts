/**
 * Long polling, for deployments Telegram cannot reach (no APP_URL, or a
 * loopback one): one getUpdates loop per connection, in the one process that
 * holds the bot's poll lease (telegram_bots.poll_owner, renewed every round). Each batch goes into the pipeline before the offset moves on,
 * so a crash replays at most one batch (and replays are no-ops). A refused
 * token stops the loop and marks the connection disconnected; other errors
 * back off (1 s doubling to 30 s) and try again.
 */
import logger from '@adonisjs/core/services/logger'
import type { ConnectionRef } from '#core/channels'
import { channelHooks } from '#core/pipeline'
import { TelegramError, botApi } from './bot_api.js'
import { botOf, claimPolling, releasePolling, saveOffset } from './bot_state.js'
import { receiveUpdate } from './receive.js'

/** seconds Telegram holds a getUpdates call open when nothing comes (tests use 0) */
const pollTimeout = () => {
  const n = Number(process.env.TELEGRAM_POLL_TIMEOUT)
  return Number.isInteger(n) && n >= 0 && n <= 50 ? n : 25
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

class Poller {
  #running = true
  #done: Promise<void>

  constructor(
    readonly connection: ConnectionRef,
    readonly token: string
  ) {
    this.#done = this.#loop()
  }

  get running() {
    return this.#running
  }

  async stop() {
    this.#running = false
    await this.#done.catch(() => {})
  }

  async #loop() {
    const { connection, token } = this
    let offset = Number((await botOf(connection.companyId, connection.id).catch(() => null))?.update_offset ?? 0)
    let backoff = 1000
    while (this.#running) {
      try {
        // one poller per bot across processes: the lease is renewed on every round, lost when another owns it
        if (!(await claimPolling(connection.companyId, connection.id))) {
          this.#running = false
          break
        }
        const timeout = pollTimeout()
        const updates = await botApi<any[]>(
          token,
          'getUpdates',
          { offset, timeout, limit: 100, allowed_updates: ['message', 'edited_message'] },
          { timeoutMs: (timeout + 10) * 1000 }
        )
        if (!this.#running) break
        for (const update of Array.isArray(updates) ? updates : []) {
          const id = Number(update?.update_id)
          if (!Number.isSafeInteger(id)) continue
          await receiveUpdate(connection, update)
          offset = Math.max(offset, id + 1)
        }
        if (Array.isArray(updates) && updates.length) await saveOffset(connection.companyId, connection.id, offset)
        backoff = 1000
        // a server answering at once (timeout 0) must not turn this into a busy loop
        if (timeout === 0 && !(Array.isArray(updates) && updates.length)) await sleep(200)
      } catch (error) {
        if (!this.#running) break
        if (error instanceof TelegramError && error.status === 401) {
          this.#running = false
          await channelHooks.status(connection, 'DISCONNECTED').catch(() => {})
          await channelHooks.health?.(connection, { error: 'ERR_TELEGRAM_TOKEN_INVALID', disconnectedAt: new Date() })
          break
        }
        logger.warn({ whatsappId: connection.id, error: String((error as Error).message) }, 'telegram poll failed')
        const wait = error instanceof TelegramError && error.retryAfter ? error.retryAfter * 1000 : backoff
        backoff = Math.min(30_000, backoff * 2)
        await sleep(wait)
      }
    }
    if (pollers.get(connection.id) === this) pollers.delete(connection.id)
    await releasePolling(connection.companyId, connection.id).catch(() => {})
  }
}

const pollers = new Map<number, Poller>()

export async function startPolling(connection: ConnectionRef, token: string) {
  await stopPolling(connection.id)
  pollers.set(connection.id, new Poller(connection, token))
}

export async function stopPolling(whatsappId: number) {
  const p = pollers.get(whatsappId)
  pollers.delete(whatsappId)
  if (p) await p.stop()
}

export const isPolling = (whatsappId: number) => Boolean(pollers.get(whatsappId)?.running)

export async function stopAllPolling() {
  await Promise.all([...pollers.keys()].map((id) => stopPolling(id)))
}
