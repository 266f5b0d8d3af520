/**
 * The one API client of the browser (shell and remotes share this instance).
 * - Same origin; `Accept: application/json` so the server answers JSON, not the shell's HTML.
 * - Bearer token kept in localStorage ('token'); the refresh token is an httpOnly cookie.
 * - 403 ERR_INVALID_TOKEN: one refresh (shared by concurrent calls), then the call is replayed once.
 * - 401: the token is dropped and listeners learn the user is signed out.
 * - 402: the company's subscription is over; listeners send the user to /financeiro-aberto.
 */
import { ApiError, type FieldError } from './errors.js'
import type { AuthResponse } from './types.js'
import { singleton } from '../singleton.js'

export type Query = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions {
  query?: Query
  body?: unknown
  /** multipart upload; the browser sets the boundary */
  form?: FormData
  signal?: AbortSignal
  /** read the answer as a Blob (files), not as JSON or text */
  blob?: boolean
  /** internal: the replay after a refresh */
  replayed?: boolean
}

type Listener<T> = (payload: T) => void

interface ClientEvents {
  signedOut: { code: string | null }
  refreshed: AuthResponse
  subscriptionExpired: { code: string | null }
  /** the company requires two-step verification and this user has not set it up (two-factor module) */
  enrolmentRequired: { code: string | null }
}

const TOKEN_KEY = 'token'
const REFRESH_PATH = '/auth/refresh_token'
/** 403 codes that are about the token (anything else is a real denial and is not retried) */
const TOKEN_CODES = new Set(['ERR_INVALID_TOKEN', null])

function readToken(): string | null {
  try {
    const raw = localStorage.getItem(TOKEN_KEY)
    // older builds stored the token JSON-encoded
    return raw ? raw.replace(/^"|"$/g, '') : null
  } catch {
    return null
  }
}

function toSearch(query?: Query) {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const s = params.toString()
  return s ? `?${s}` : ''
}

async function readError(res: Response): Promise<ApiError> {
  let code: string | null = null
  let message = ''
  let fields: FieldError[] = []
  let details: Record<string, unknown> = {}
  try {
    const data = await res.json()
    code = typeof data?.error === 'string' ? data.error : null
    message = typeof data?.message === 'string' ? data.message : ''
    fields = Array.isArray(data?.fields) ? data.fields : []
    if (data && typeof data === 'object') {
      details = Object.fromEntries(
        Object.entries(data).filter(([k]) => k !== 'error' && k !== 'message' && k !== 'fields')
      )
    }
  } catch {
    message = res.statusText
  }
  return new ApiError(res.status, code, message, fields, details)
}

export class ApiClient {
  #token: string | null = readToken()
  #refreshing: Promise<AuthResponse | null> | null = null
  #listeners: { [K in keyof ClientEvents]: Set<Listener<ClientEvents[K]>> } = {
    signedOut: new Set(),
    refreshed: new Set(),
    subscriptionExpired: new Set(),
    enrolmentRequired: new Set(),
  }
  /** Sent as Accept-Language so server messages come in the UI language. */
  language = 'pt'

  get token() {
    return this.#token
  }

  setToken(token: string | null) {
    this.#token = token
    try {
      if (token) localStorage.setItem(TOKEN_KEY, token)
      else localStorage.removeItem(TOKEN_KEY)
    } catch {
      // private mode: the token lives in memory only
    }
  }

  on<K extends keyof ClientEvents>(event: K, listener: Listener<ClientEvents[K]>) {
    this.#listeners[event].add(listener)
    return () => void this.#listeners[event].delete(listener)
  }

  #emit<K extends keyof ClientEvents>(event: K, payload: ClientEvents[K]) {
    for (const l of this.#listeners[event]) l(payload)
  }

  #headers(json: boolean) {
    const h: Record<string, string> = { 'Accept': 'application/json', 'Accept-Language': this.language }
    if (json) h['Content-Type'] = 'application/json'
    if (this.#token) h.Authorization = `Bearer ${this.#token}`
    return h
  }

  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const hasJson = options.body !== undefined && !options.form
    const res = await fetch(path + toSearch(options.query), {
      method,
      headers: this.#headers(hasJson),
      body: options.form ?? (hasJson ? JSON.stringify(options.body) : undefined),
      credentials: 'same-origin',
      signal: options.signal,
    })
    if (res.ok) {
      if (res.status === 204) return undefined as T
      if (options.blob) return (await res.blob()) as T
      const type = res.headers.get('content-type') ?? ''
      return (type.includes('json') ? await res.json() : await res.text()) as T
    }
    const error = await readError(res)
    const isAuthCall = path.startsWith('/auth/login') || path.startsWith('/auth/signup') || path === REFRESH_PATH
    if (res.status === 403 && !options.replayed && !isAuthCall && TOKEN_CODES.has(error.code)) {
      const refreshed = await this.refresh()
      if (refreshed) return this.request<T>(method, path, { ...options, replayed: true })
      throw error
    }
    if (res.status === 401 && !isAuthCall) {
      this.setToken(null)
      this.#emit('signedOut', { code: error.code })
    }
    if (res.status === 402) this.#emit('subscriptionExpired', { code: error.code })
    if (res.status === 403 && error.code === 'ERR_TWO_FACTOR_ENROLMENT_REQUIRED') {
      this.#emit('enrolmentRequired', { code: error.code })
    }
    throw error
  }

  /** Exchanges the refresh cookie for a new token; one request for all concurrent callers. */
  refresh(): Promise<AuthResponse | null> {
    this.#refreshing ??= (async () => {
      try {
        const res = await fetch(REFRESH_PATH, {
          method: 'POST',
          headers: { 'Accept': 'application/json', 'Accept-Language': this.language },
          credentials: 'include',
        })
        if (!res.ok) {
          this.setToken(null)
          if (res.status === 401) this.#emit('signedOut', { code: 'ERR_SESSION_EXPIRED' })
          return null
        }
        const data = (await res.json()) as AuthResponse
        this.setToken(data.token)
        this.#emit('refreshed', data)
        return data
      } catch {
        return null
      } finally {
        this.#refreshing = null
      }
    })()
    return this.#refreshing
  }

  get<T>(path: string, query?: Query, signal?: AbortSignal) {
    return this.request<T>('GET', path, { query, signal })
  }
  post<T>(path: string, body?: unknown) {
    return this.request<T>('POST', path, { body })
  }
  put<T>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, { body })
  }
  delete<T = void>(path: string) {
    return this.request<T>('DELETE', path)
  }
  /** A file the server answers (xlsx export, media): the same auth and refresh as every call. */
  download(path: string, query?: Query) {
    return this.request<Blob>('GET', path, { query, blob: true })
  }

  upload<T>(path: string, form: FormData) {
    return this.request<T>('POST', path, { form })
  }
}

export const api: ApiClient = singleton('api', () => new ApiClient())
