/**
 * A small Graph API client: JSON calls with a bearer token, Meta's error
 * envelope turned into GraphError (code, subcode), a deadline on every call.
 * The base URL comes from metaConfig(), so tests talk to a local fake.
 */
import { metaConfig } from './config.js'

const TIMEOUT_MS = 15_000
/** media files the channel accepts from the Graph media endpoint */
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024

export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
    readonly subcode: number | null
  ) {
    super(message)
  }

  /** Meta's codes for throughput limits and rate limits: waiting helps */
  get throttled() {
    return [4, 17, 32, 613, 80007, 130429, 131056, 131048].includes(this.code ?? -1)
  }

  /** an expired, revoked or otherwise invalid token (OAuthException 190 and its kin) */
  get badToken() {
    return this.code === 190 || this.code === 102 || (this.status === 401 && this.code === null)
  }
}

export interface GraphCall {
  method?: 'GET' | 'POST' | 'DELETE'
  token?: string
  query?: Record<string, string | number | boolean | undefined>
  json?: unknown
  form?: FormData
}

/** Tests talk to a local fake only: under NODE_ENV=test any other Graph address is refused. */
function assertReachable(base: string) {
  if (process.env.NODE_ENV === 'test' && !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(base)) {
    throw new GraphError('graph calls outside a local fake are disabled in tests', 0, null, null)
  }
}

export function graphUrl(path: string, query: GraphCall['query'] = {}) {
  const { graphUrl: base, graphVersion } = metaConfig()
  assertReachable(base)
  const url = new URL(`${base}/${graphVersion}/${path.replace(/^\/+/, '')}`)
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v))
  return url
}

export async function graph<T = any>(path: string, call: GraphCall = {}): Promise<T> {
  const headers: Record<string, string> = {}
  if (call.token) headers.authorization = `Bearer ${call.token}`
  let body: string | FormData | undefined
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(call.json)
  } else if (call.form) body = call.form
  let res: Response
  try {
    res = await fetch(graphUrl(path, call.query), {
      method: call.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    })
  } catch (error) {
    throw new GraphError(`graph unreachable: ${(error as Error).message}`, 0, null, null)
  }
  const text = await res.text()
  let data: any = null
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    data = null
  }
  if (!res.ok || data?.error) {
    const e = data?.error ?? {}
    throw new GraphError(
      String(e.message ?? `graph answered ${res.status}`).slice(0, 300),
      res.status,
      Number.isInteger(e.code) ? e.code : null,
      Number.isInteger(e.error_subcode) ? e.error_subcode : null
    )
  }
  return data as T
}

/** Downloads a file from a Graph media URL (it needs the same bearer token). */
export async function graphDownload(url: string, token: string): Promise<{ bytes: Buffer; contentType: string }> {
  assertReachable(new URL(url).origin)
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(60_000),
  }).catch((error) => {
    throw new GraphError(`media unreachable: ${(error as Error).message}`, 0, null, null)
  })
  if (!res.ok) throw new GraphError(`media answered ${res.status}`, res.status, null, null)
  const length = Number(res.headers.get('content-length') ?? 0)
  if (length > MAX_MEDIA_BYTES) throw new GraphError('media too large', 413, null, null)
  const bytes = Buffer.from(await res.arrayBuffer())
  if (bytes.length > MAX_MEDIA_BYTES) throw new GraphError('media too large', 413, null, null)
  return { bytes, contentType: (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase() }
}
