/**
 * A local stand-in for Meta's Graph API (loopback only; no test reaches Meta).
 * Serves the endpoints the Meta channels call: /{phone}/messages, /{phone}/media,
 * /{media-id} and the media file, /{waba}/message_templates, /{waba}/phone_numbers,
 * /{page}/subscribed_apps, /me/accounts, /{user}/accounts, /{page}?fields=instagram_business_account,
 * /{psid} profiles, /debug_token and /oauth/access_token. Every call is recorded; tests
 * script failures with `failNext` and tokens with `tokens`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'

export interface GraphCallRecord {
  method: string
  path: string
  query: Record<string, string>
  auth: string | null
  body: any
  raw: string
}

export interface FakeGraph {
  url: string
  calls: GraphCallRecord[]
  /** token → valid? (debug_token); tokens not listed are valid */
  tokens: Map<string, { valid: boolean; message?: string }>
  /** the next calls to a path (regex) answer this Meta error */
  failNext(path: RegExp, error: { code: number; message?: string; status?: number }, times?: number): void
  templates: any[]
  pages: { id: string; name: string; access_token: string; ig?: { id: string; username: string } }[]
  profiles: Map<string, { name?: string; first_name?: string; last_name?: string; profile_pic?: string }>
  /** phone number ids the WABA lists */
  phoneNumbers: string[]
  mediaBytes: Buffer
  close(): Promise<void>
  reset(): void
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

export async function startFakeGraph(): Promise<FakeGraph> {
  const calls: GraphCallRecord[] = []
  const failures: { path: RegExp; error: { code: number; message?: string; status?: number }; times: number }[] = []
  let seq = 0
  const state: Omit<FakeGraph, 'url' | 'close' | 'failNext' | 'reset' | 'calls'> = {
    tokens: new Map(),
    templates: [],
    pages: [],
    profiles: new Map(),
    phoneNumbers: [],
    mediaBytes: PNG,
  }

  function read(req: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = []
      req.on('data', (c) => chunks.push(c))
      req.on('end', () => resolve(Buffer.concat(chunks)))
    })
  }

  let base = ''
  const server: Server = createServer(async (req, res) => {
    const bytes = await read(req)
    const raw = bytes.toString('utf8')
    const url = new URL(req.url ?? '/', 'http://fake')
    const path = url.pathname.replace(/^\/v\d+\.\d+/, '')
    const query = Object.fromEntries(url.searchParams)
    let body: any = null
    if ((req.headers['content-type'] ?? '').includes('json')) {
      try {
        body = JSON.parse(raw)
      } catch {
        body = null
      }
    }
    const auth = (req.headers.authorization as string | undefined) ?? null
    calls.push({ method: req.method ?? 'GET', path, query, auth, body, raw })
    const send = (status: number, data: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type })
      res.end(typeof data === 'string' || Buffer.isBuffer(data) ? data : JSON.stringify(data))
    }
    const failure = failures.find((f) => f.path.test(path) && f.times > 0)
    if (failure) {
      failure.times--
      return send(failure.error.status ?? 400, {
        error: {
          message: failure.error.message ?? 'fake failure',
          type: 'OAuthException',
          code: failure.error.code,
          fbtrace_id: 'x',
        },
      })
    }
    const token = auth?.replace(/^Bearer /, '') ?? query.access_token ?? ''
    const tokenState = state.tokens.get(token)
    if (token && tokenState && !tokenState.valid && path !== '/debug_token') {
      return send(401, { error: { message: tokenState.message ?? 'Error validating access token', code: 190 } })
    }
    let m: RegExpMatchArray | null
    if (path === '/debug_token') {
      const t = state.tokens.get(query.input_token ?? '')
      if (t && !t.valid)
        return send(200, {
          data: { is_valid: false, error: { code: 190, message: t.message ?? 'Session has expired' } },
        })
      return send(200, { data: { is_valid: true, app_id: '123', expires_at: 0, scopes: ['pages_messaging'] } })
    }
    if (path === '/oauth/access_token') {
      return send(200, {
        access_token: `long-${query.fb_exchange_token ?? ''}`,
        token_type: 'bearer',
        expires_in: 5184000,
      })
    }
    if ((m = path.match(/^\/(\d+)\/messages$/)) && req.method === 'POST') {
      if (body?.status === 'read') return send(200, { success: true })
      seq++
      const id = body?.messaging_product === 'whatsapp' ? `wamid.FAKE${seq}` : `m_FAKE${seq}`
      if (body?.messaging_product === 'whatsapp') {
        return send(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id }],
        })
      }
      return send(200, { recipient_id: body?.recipient?.id, message_id: id })
    }
    if ((m = path.match(/^\/(\d+)\/media$/)) && req.method === 'POST') {
      seq++
      return send(200, { id: `media-up-${seq}` })
    }
    if ((m = path.match(/^\/(\d+)\/message_templates$/))) {
      return send(200, { data: state.templates, paging: { cursors: { before: 'a', after: 'b' } } })
    }
    if ((m = path.match(/^\/(\d+)\/phone_numbers$/))) {
      return send(200, { data: state.phoneNumbers.map((id) => ({ id, display_phone_number: '+1 555 0100' })) })
    }
    if ((m = path.match(/^\/(\d+)\/subscribed_apps$/))) return send(200, { success: true })
    if (path === '/me/accounts' || /^\/\d+\/accounts$/.test(path)) {
      return send(200, {
        data: state.pages.map((p) => ({
          id: p.id,
          name: p.name,
          access_token: p.access_token,
          ...(query.fields?.includes('instagram_business_account') && p.ig ? { instagram_business_account: p.ig } : {}),
        })),
      })
    }
    if ((m = path.match(/^\/media-file\/(.+)$/))) return send(200, state.mediaBytes, 'image/png')
    if ((m = path.match(/^\/(media-[\w-]+)$/))) {
      return send(200, { url: `${base}/media-file/${m[1]}`, mime_type: 'image/png', id: m[1] })
    }
    if ((m = path.match(/^\/(\d+)$/))) {
      const profile = state.profiles.get(m[1])
      if (profile) return send(200, { id: m[1], ...profile })
      if (query.fields?.includes('display_phone_number')) {
        return send(200, { id: m[1], display_phone_number: '+55 11 3333-0000', verified_name: 'Loja' })
      }
      return send(200, { id: m[1], name: 'Someone' })
    }
    send(404, { error: { message: `fake graph: no route ${req.method} ${path}`, code: 803 } })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as any).port}`
  return {
    url: base,
    calls,
    ...state,
    failNext(path, error, times = 1) {
      failures.push({ path, error, times })
    },
    reset() {
      calls.length = 0
      failures.length = 0
      state.tokens.clear()
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  } as FakeGraph
}
