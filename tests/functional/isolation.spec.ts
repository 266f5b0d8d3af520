/**
 * The tenant-isolation matrix. It walks the app's route table and, for every
 * route, calls it anonymously, as another company's admin, as a same-company
 * user without the right, and as the rightful caller (the positive control
 * that proves the case can fail). A route without a case fails the run, so a
 * module that adds a route must add its case.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { allIsolationCases, registeredRoutes } from '#tests/helpers/route_table'
import type { IsolationFixture } from '#tests/helpers/isolation'
import { createTenant, createUser, superSession } from '#tests/helpers/world'
import { rateLimiter } from '#services/rate_limiter'

/** Routes anyone may call, with why. */
const PUBLIC: Record<string, string> = {
  'POST /auth/login': 'sign-in',
  'POST /auth/refresh_token': 'authenticated by the refresh cookie',
  'POST /auth/signup': 'self sign-up of a new company',
  'POST /auth/two-factor': 'second sign-in step, authenticated by the signed challenge of the login',
  'GET /plans/list': 'plans offered on the sign-up page',
  'GET /version': 'app version',
  'GET /health': 'liveness',
  'GET /media/*': 'authorised by a signed, expiring URL',
  // not anonymous: signed in (the stream by ?token=), checked in tests/functional/core/realtime.spec.ts
  'GET /__transmit/events': 'SSE stream, signed in and bound to its user; capped per user and IP',
  'POST /__transmit/subscribe': "signed in; only the caller's own stream, only known channels, authorised per channel",
  'POST /__transmit/unsubscribe': "signed in; only the caller's own stream and known channels",
}

function call(client: ApiClient, route: string, f: IsolationFixture, token?: string) {
  const [method, pattern] = route.split(' ')
  const url = pattern.replace(/:(\w+)/g, (_, k) => encodeURIComponent(String(f.params?.[k] ?? '0')))
  let req = (client as any)[method.toLowerCase()](url)
  if (token) req = req.bearerToken(token)
  if (f.qs) req = req.qs(f.qs)
  if (f.files) {
    for (const [field, file] of Object.entries(f.files)) req = req.file(field, file.content, { filename: file.name })
    for (const [k, v] of Object.entries(f.body ?? {})) req = req.field(k, String(v))
  } else if (f.body) {
    req = req.json(f.body)
  }
  return req
}

const text = (r: any) => JSON.stringify(r.body() ?? '') + (r.text?.() ?? '')

test.group('tenant isolation matrix', (group) => {
  group.each.setup(() => rateLimiter.resetAll())

  test('every registered route has an isolation case or is public', async ({ assert }) => {
    const cases = await allIsolationCases()
    const covered = new Set(cases.map((c) => c.route))
    const missing = registeredRoutes().filter((r) => !PUBLIC[r] && !covered.has(r))
    assert.deepEqual(missing, [], `routes without an isolation case: ${missing.join(', ')}`)
    const stale = cases.map((c) => c.route).filter((r) => !registeredRoutes().includes(r))
    assert.deepEqual(stale, [], `cases for routes that do not exist: ${stale.join(', ')}`)
  })

  test('public routes stay public and private ones refuse anonymous calls', async ({ client, assert }) => {
    for (const route of registeredRoutes()) {
      if (PUBLIC[route] || route.includes('__transmit')) continue
      const r = await call(client, route, { params: {} })
      assert.equal(r.status(), 401, `${route} anonymous → ${r.status()}`)
    }
  })

  test('{route}')
    .with(async () => await allIsolationCases())
    .run(async ({ client, assert }, c) => {
      const owner = await createTenant()
      const intruder = await createTenant()
      const sameCompanyUser = await createUser(owner.company)
      const fixture = await c.fixture(owner)
      const where = (who: string, r: any) => `${c.route} as ${who} → ${r.status()} ${text(r).slice(0, 200)}`
      const cross = c.cross ?? (fixture.params && Object.keys(fixture.params).length ? 'deny' : 'filter')

      // another company's admin
      const foreign = await call(client, c.route, fixture, intruder.adminToken)
      if (cross === 'deny' || c.access === 'super') {
        assert.include([403, 404], foreign.status(), where('another company admin', foreign))
      } else {
        assert.isBelow(foreign.status(), 500, where('another company admin', foreign))
      }
      if (fixture.marker)
        assert.notInclude(text(foreign), fixture.marker, where('another company admin (leak)', foreign))

      // same company, without the right
      if (c.access !== 'user') {
        const denied = await call(client, c.route, fixture, sameCompanyUser.token)
        assert.equal(denied.status(), 403, where('same-company user', denied))
      }
      if (c.access === 'super') {
        const admin = await call(client, c.route, fixture, owner.adminToken)
        assert.equal(admin.status(), 403, where('company admin (not super)', admin))
      }

      // the rightful caller, on a fresh fixture: proves the case is real and can fail
      const token = c.access === 'super' ? (await superSession()).token : owner.adminToken
      const ok = await call(client, c.route, await c.fixture(owner), token)
      if (c.ok) assert.equal(ok.status(), c.ok, where('rightful caller', ok))
      else assert.isTrue(ok.status() >= 200 && ok.status() < 300, where('rightful caller', ok))
    })
})
