/**
 * A minimal Bot API client: POST {api}/bot{token}/{method} with JSON or a
 * multipart form, answering `result` or throwing TelegramError with
 * Telegram's error code, description and retry_after (on 429). The token is
 * part of the URL, so errors never carry the URL.
 */
import { apiUrl } from './config.js'

const TIMEOUT_MS = 15_000

export class TelegramError extends Error {
  constructor(
    /** HTTP-like error code from Telegram, 0 when it could not be reached */
    readonly status: number,
    readonly description: string,
    readonly retryAfter?: number
  ) {
    super(`telegram ${status}: ${description}`)
  }
}

export const BOT_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{30,100}$/

export async function botApi<T = any>(
  token: string,
  method: string,
  params: Record<string, unknown> | FormData = {},
  options: { timeoutMs?: number } = {}
): Promise<T> {
  if (!BOT_TOKEN.test(token)) throw new TelegramError(401, 'Unauthorized')
  const form = params instanceof FormData
  let res: Response
  try {
    res = await fetch(`${apiUrl()}/bot${token}/${method}`, {
      method: 'POST',
      headers: form ? undefined : { 'content-type': 'application/json' },
      body: form ? params : JSON.stringify(params),
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      redirect: 'error',
    })
  } catch (error) {
    throw new TelegramError(0, String((error as Error).name || 'unreachable'))
  }
  let body: any = null
  try {
    body = await res.json()
  } catch {
    // a proxy's HTML error page: treated by its status below
  }
  if (body?.ok === true) return body.result as T
  const retryAfter = Number(body?.parameters?.retry_after)
  throw new TelegramError(
    Number(body?.error_code) || res.status || 0,
    String(body?.description ?? res.statusText ?? 'error').slice(0, 300),
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined
  )
}

/** Downloads a file getFile named (at most `maxBytes`). */
export async function downloadFile(token: string, filePath: string, maxBytes = 20 * 1024 * 1024) {
  if (!BOT_TOKEN.test(token) || filePath.includes('..')) throw new TelegramError(400, 'bad file path')
  const path = filePath.split('/').map(encodeURIComponent).join('/')
  const res = await fetch(`${apiUrl()}/file/bot${token}/${path}`, {
    signal: AbortSignal.timeout(60_000),
    redirect: 'error',
  }).catch(() => {
    throw new TelegramError(0, 'unreachable')
  })
  if (!res.ok) throw new TelegramError(res.status, 'file download failed')
  const bytes = Buffer.from(await res.arrayBuffer())
  if (bytes.length > maxBytes) throw new TelegramError(413, 'file too large')
  return { bytes, contentType: (res.headers.get('content-type') || '').split(';')[0].trim() }
}
