/**
 * The route fuzz suite. Like the isolation matrix it walks the app's route
 * table (every route needs an isolation case, so every route is fuzzed) and
 * sends malformed requests as an anonymous client, an attendant and the
 * rightful caller: a body that claims gzip and is not, broken JSON, wrong
 * content types, NUL and lone surrogates in every string, query value and
 * route parameter, wrong JSON types and huge values per field, odd ids and
 * empty multipart. Any answer of 500 or more, or no answer within 10 s,
 * fails. Seeded, so a failure replays the same requests.
 */
import { test } from '@japa/runner'
import { allIsolationCases, registeredRoutes } from '#tests/helpers/route_table'
import type { IsolationCase, IsolationFixture } from '#tests/helpers/isolation'
import { createTenant, createUser, superSession, PASSWORD } from '#tests/helpers/world'
import { rateLimiter } from '#services/rate_limiter'

const BASE = () => `http://${process.env.HOST}:${process.env.PORT}`
const SEED = Number(process.env.FUZZ_SEED ?? 20261125)

/** mulberry32: a small seeded generator, so every run sends the same requests */
function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Public routes with a body worth fuzzing. */
const PUBLIC_FIXTURES: Record<string, (email: string) => IsolationFixture> = {
  'POST /auth/login': (email) => ({ body: { email, password: PASSWORD } }),
  'POST /auth/signup': () => ({
    body: {
      name: 'Fuzz',
      companyName: 'Fuzz Co',
      email: 'fuzz@example.test',
      password: 'pass-123',
      phone: '5511999990000',
      planId: 1,
    },
  }),
  'POST /auth/refresh_token': () => ({ body: {} }),
  'POST /auth/two-factor': () => ({ body: { challenge: 'x'.repeat(40), code: '123456' } }),
  'GET /plans/list': () => ({}),
  'GET /version': () => ({}),
  'GET /health': () => ({}),
  'GET /media/*': () => ({ params: { '*': 'c1/x/y.png' }, qs: { exp: '1', sig: 'x' } }),
  'GET /__transmit/events': () => ({ qs: { uid: 'fuzz' } }),
  'POST /__transmit/subscribe': () => ({ body: { uid: 'fuzz', channel: 'platform' } }),
  'POST /__transmit/unsubscribe': () => ({ body: { uid: 'fuzz', channel: 'platform' } }),
  'POST /channels/api/webhook/:token': () => ({
    params: { token: 'a'.repeat(30) },
    body: { id: 'x', from: { number: '5511999990000' } },
  }),
}

interface Shot {
  what: string
  params?: Record<string, string>
  qs?: Record<string, unknown>
  /** raw body and its content type; a JS value is sent as JSON */
  body?: unknown
  raw?: string | Buffer
  contentType?: string
  headers?: Record<string, string>
  multipart?: FormData
}

function url(pattern: string, params: Record<string, unknown>, qs?: Record<string, unknown>, rawParams = false) {
  let path = pattern.replace(/:(\w+)/g, (_, k) => {
    const v = String(params[k] ?? '0')
    return rawParams ? v : encodeURIComponent(v)
  })
  path = path.replace('*', String(params['*'] ?? 'x'))
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(qs ?? {})) {
    if (Array.isArray(v)) v.forEach((x) => search.append(`${k}[]`, String(x)))
    else if (v !== undefined && v !== null) search.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v))
  }
  const q = search.toString()
  return `${BASE()}${path}${q ? `?${q}` : ''}`
}

async function fire(method: string, pattern: string, f: IsolationFixture, shot: Shot, token?: string) {
  const headers: Record<string, string> = { accept: 'application/json', ...(shot.headers ?? {}) }
  if (token) headers.authorization = `Bearer ${token}`
  let body: any
  if (method !== 'GET') {
    if (shot.multipart) body = shot.multipart
    else if (shot.raw !== undefined) {
      body = shot.raw as any
      headers['content-type'] = shot.contentType ?? 'application/json'
    } else if (shot.body !== undefined) {
      body = JSON.stringify(shot.body)
      headers['content-type'] = 'application/json'
    }
  }
  const rawParams = shot.what.startsWith('param')
  const target = url(pattern, { ...(f.params ?? {}), ...(shot.params ?? {}) }, shot.qs ?? f.qs, rawParams)
  try {
    const r = await fetch(target, { method, headers, body, signal: AbortSignal.timeout(10_000), redirect: 'manual' })
    await r.body?.cancel().catch(() => {})
    return r.status
  } catch (error) {
    return (error as Error).name === 'TimeoutError' ? 999 : 998
  }
}

const NUL = 'a\u0000b'
const SURROGATE = 'x\ud800y'
const HUGE = 'z'.repeat(200_000)

function typeMutations(random: () => number): unknown[] {
  const all: unknown[] = [
    123,
    -1,
    1e308,
    true,
    null,
    [],
    {},
    [1, 'a'],
    { a: { b: 1 } },
    '',
    HUGE,
    '1e308',
    NUL,
    SURROGATE,
    '-1',
    'not-a-number',
  ]
  // every run sends the same subset, chosen by the seed
  return all.filter(() => random() < 0.6)
}

function shots(f: IsolationFixture, random: () => number): Shot[] {
  const body = f.body ?? {}
  const out: Shot[] = [
    { what: 'fixture as is', body: f.files ? undefined : body },
    { what: 'gzip header over a plain body', raw: JSON.stringify(body), headers: { 'content-encoding': 'gzip' } },
    { what: 'deflate header over a plain body', raw: 'not deflate', headers: { 'content-encoding': 'deflate' } },
    { what: 'unknown content-encoding', raw: '{}', headers: { 'content-encoding': 'br, zz' } },
    { what: 'broken JSON', raw: '{"a": [1, ' },
    { what: 'JSON that is not an object', raw: '"just a string"' },
    { what: 'JSON array', raw: '[1,2,3]' },
    { what: 'text/plain body', raw: 'hello', contentType: 'text/plain' },
    { what: 'xml as json', raw: '<a>1</a>', contentType: 'application/json' },
    { what: 'form body', raw: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
    { what: 'multipart without parts', raw: '--x--\r\n', contentType: 'multipart/form-data; boundary=x' },
    { what: 'multipart without boundary', raw: 'abc', contentType: 'multipart/form-data' },
    { what: 'NUL in the query', qs: { ...(f.qs ?? {}), searchParam: NUL, pageNumber: NUL } },
    { what: 'surrogate in the query', qs: { ...(f.qs ?? {}), searchParam: SURROGATE } },
    { what: 'odd paging', qs: { ...(f.qs ?? {}), pageNumber: '-1', limit: '1e308', offset: 'x' } },
    { what: 'array query', qs: { ...(f.qs ?? {}), searchParam: ['a', 'b'], pageNumber: ['1', '2'] } },
  ]
  const form = new FormData()
  form.append('file', new Blob([Buffer.from('not an image')]), 'a\u202Egnp.exe')
  form.append('name', NUL)
  out.push({ what: 'multipart with an odd file', multipart: form })
  const empty = new FormData()
  empty.append('file', new Blob([]), '')
  out.push({ what: 'multipart, empty file', multipart: empty })

  for (const key of Object.keys(f.params ?? {})) {
    for (const v of [
      '0',
      '-1',
      '99999999999',
      'abc',
      '%00',
      '1%00',
      '%E0%A4%A',
      '..%2F..%2Fetc',
      '1.5',
      '%F0%9F%98%80',
    ])
      out.push({ what: `param ${key}=${v}`, params: { [key]: v } })
  }
  for (const key of Object.keys(f.qs ?? {})) {
    for (const v of typeMutations(random))
      out.push({ what: `query ${key}=${String(v).slice(0, 20)}`, qs: { ...f.qs, [key]: v } })
  }
  for (const key of Object.keys(body)) {
    for (const v of typeMutations(random)) {
      out.push({ what: `body ${key}=${JSON.stringify(v)?.slice(0, 20)}`, body: { ...body, [key]: v } })
    }
    const orig = (body as any)[key]
    if (typeof orig === 'string') {
      out.push({ what: `body ${key} with NUL`, body: { ...body, [key]: orig + '\u0000' } })
      out.push({ what: `body ${key} with a lone surrogate`, body: { ...body, [key]: orig + '\udfff' } })
    }
  }
  out.push({ what: 'NUL as a key', body: { ...body, ['k\u0000']: 1 } })
  out.push({ what: 'deep nesting', raw: '['.repeat(5000) + ']'.repeat(5000) })
  return out
}

let totalRequests = 0

test.group('route fuzz', (group) => {
  group.each.setup(() => rateLimiter.resetAll())
  group.teardown(async () => {
    await rateLimiter.resetAll()
    console.log(`route fuzz: ${totalRequests} requests`)
  })

  test('{route}')
    .with(async () => {
      const cases = new Map<string, IsolationCase>()
      for (const c of await allIsolationCases()) cases.set(c.route, c)
      // FUZZ_ONLY=<regex> narrows the walk while working on one route
      const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null
      return registeredRoutes()
        .filter((route) => !only || only.test(route))
        .map((route) => ({ route, c: cases.get(route) }))
    })
    .run(async ({ assert }, { route, c }) => {
      const [method, pattern] = route.split(' ')
      const random = rng(SEED ^ [...route].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, 0))
      const owner = await createTenant()
      const attendant = await createUser(owner.company)
      const fixture = c ? await c.fixture(owner) : (PUBLIC_FIXTURES[route]?.(owner.admin.email) ?? {})
      const failures: string[] = []
      const check = (status: number, who: string, what: string) => {
        totalRequests++
        if (status >= 500) failures.push(`${who} · ${what} → ${status === 999 ? 'no answer in 10 s' : status}`)
      }

      // anonymous and a plain attendant: the malformed classes that hit before authentication
      for (const shot of shots(fixture, random).slice(0, 14)) {
        check(await fire(method, pattern, fixture, shot), 'anonymous', shot.what)
        check(await fire(method, pattern, fixture, shot, attendant.token), 'attendant', shot.what)
      }
      // the rightful caller: every class, on the rightful fixture
      const token = c?.access === 'super' ? (await superSession()).token : owner.adminToken
      for (const shot of shots(fixture, random)) {
        check(await fire(method, pattern, fixture, shot, token), c?.access ?? 'public', shot.what)
        // some shots sign the caller out (logout) or delete the fixture: later shots still must not fail
      }
      assert.deepEqual(failures, [], `${route}: ${failures.length} answers ≥ 500`)
    })
    .timeout(120_000)
})
