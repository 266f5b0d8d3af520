/**
 * A local stand-in for the Telegram Bot API (loopback only; no test reaches
 * the internet): getMe, setWebhook, deleteWebhook, getUpdates, sendMessage,
 * sendPhoto, sendDocument, sendAudio, sendVideo, editMessageText,
 * deleteMessage, setMessageReaction, getFile, file downloads and
 * getUserProfilePhotos. Tokens must be registered (bot()); `failNext` scripts
 * error answers (429 with retry_after, 403...) for a method.
 */
import { createServer, type Server } from 'node:http'

export interface FakeCall {
  token: string
  method: string
  params: Record<string, any>
  /** uploaded files of a multipart call: field → { name, size, type } */
  files: Record<string, { name: string; size: number; type: string }>
  at: number
}

export interface FakeBotApi {
  url: string
  calls: FakeCall[]
  /** registers a bot token; answers its getMe id */
  bot(token: string, username?: string): number
  /** queues an update for getUpdates of a token */
  push(token: string, update: any): void
  /** a file getFile can name and the download serves */
  file(fileId: string, bytes: Buffer, path?: string): void
  /** profile photos of a user (file ids, smallest first) */
  photos(userId: number, fileIds: string[]): void
  failNext(method: string, answer: { status: number; description?: string; retryAfter?: number }, times?: number): void
  webhooks: Map<string, { url: string; secret: string } | null>
  close(): Promise<void>
}

export async function startFakeBotApi(): Promise<FakeBotApi> {
  const bots = new Map<string, { id: number; username: string }>()
  const updates = new Map<string, any[]>()
  const files = new Map<string, { bytes: Buffer; path: string }>()
  const profile = new Map<number, string[]>()
  const failures = new Map<string, { status: number; description?: string; retryAfter?: number; times: number }>()
  const webhooks = new Map<string, { url: string; secret: string } | null>()
  const calls: FakeCall[] = []
  let nextMessage = 1000
  let nextBot = 7000000

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type })
      res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body))
    }
    const url = new URL(req.url ?? '/', 'http://fake')
    const fileMatch = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname)
    if (fileMatch) {
      if (!bots.has(decodeURIComponent(fileMatch[1]))) return send(401, { ok: false, error_code: 401 })
      const path = decodeURIComponent(fileMatch[2])
      const f = [...files.values()].find((x) => x.path === path)
      return f ? send(200, f.bytes, path.endsWith('.jpg') ? 'image/jpeg' : 'application/octet-stream') : send(404, {})
    }
    const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname)
    if (!m) return send(404, { ok: false, error_code: 404, description: 'Not Found' })
    const token = decodeURIComponent(m[1])
    const method = m[2]
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const raw = Buffer.concat(chunks)
    let params: Record<string, any> = {}
    const callFiles: FakeCall['files'] = {}
    const type = String(req.headers['content-type'] ?? '')
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: raw,
      }).formData()
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') params[k] = v
        else callFiles[k] = { name: (v as File).name, size: (v as File).size, type: (v as File).type }
      }
    } else if (raw.length) {
      params = JSON.parse(raw.toString('utf8'))
    }
    calls.push({ token, method, params, files: callFiles, at: Date.now() })
    const bot = bots.get(token)
    if (!bot) return send(401, { ok: false, error_code: 401, description: 'Unauthorized' })
    const fail = failures.get(method)
    if (fail && fail.times > 0) {
      fail.times--
      return send(fail.status, {
        ok: false,
        error_code: fail.status,
        description: fail.description ?? 'error',
        ...(fail.retryAfter ? { parameters: { retry_after: fail.retryAfter } } : {}),
      })
    }
    const ok = (result: unknown) => send(200, { ok: true, result })
    const sent = () =>
      ok({
        message_id: ++nextMessage,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(params.chat_id) },
        from: { id: bot.id, is_bot: true },
      })
    switch (method) {
      case 'getMe':
        return ok({ id: bot.id, is_bot: true, first_name: 'Fake', username: bot.username })
      case 'setWebhook':
        webhooks.set(token, { url: params.url, secret: params.secret_token })
        return ok(true)
      case 'deleteWebhook':
        webhooks.set(token, null)
        return ok(true)
      case 'getUpdates': {
        if (webhooks.get(token)) return send(409, { ok: false, error_code: 409, description: 'Conflict: webhook' })
        const offset = Number(params.offset ?? 0)
        const list = (updates.get(token) ?? []).filter((u) => u.update_id >= offset)
        updates.set(token, list)
        if (!list.length && Number(params.timeout) > 0) await new Promise((r) => setTimeout(r, 100))
        return ok(list.slice(0, 100))
      }
      case 'sendMessage':
      case 'sendPhoto':
      case 'sendDocument':
      case 'sendAudio':
      case 'sendVideo':
        return sent()
      case 'editMessageText':
        return ok({ message_id: Number(params.message_id), chat: { id: Number(params.chat_id) } })
      case 'deleteMessage':
      case 'setMessageReaction':
        return ok(true)
      case 'getFile': {
        const f = files.get(String(params.file_id))
        return f
          ? ok({ file_id: params.file_id, file_path: f.path, file_size: f.bytes.length })
          : send(400, { ok: false, error_code: 400, description: 'Bad Request: invalid file_id' })
      }
      case 'getUserProfilePhotos': {
        const ids = profile.get(Number(params.user_id)) ?? []
        return ok({
          total_count: ids.length ? 1 : 0,
          photos: ids.length
            ? [ids.map((id, i) => ({ file_id: id, width: 160 * (i + 1), height: 160 * (i + 1) }))]
            : [],
        })
      }
      default:
        return send(404, { ok: false, error_code: 404, description: 'Not Found: method' })
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as any).port
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    webhooks,
    bot(token, username = 'balcao_fake_bot') {
      const id = ++nextBot
      bots.set(token, { id, username })
      return id
    },
    push(token, update) {
      updates.set(token, [...(updates.get(token) ?? []), update])
    },
    file(fileId, bytes, path = `files/${fileId}.bin`) {
      files.set(fileId, { bytes, path })
    },
    photos(userId, fileIds) {
      profile.set(userId, fileIds)
    },
    failNext(method, answer, times = 1) {
      failures.set(method, { ...answer, times })
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections?.()
        server.close(() => r())
      }),
  }
}
