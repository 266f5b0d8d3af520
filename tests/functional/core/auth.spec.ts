import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { rateLimiter } from '#services/rate_limiter'
import { PASSWORD, createTenant, createUser, uid } from '#tests/helpers/world'
import { globalSettings } from '#core/settings'
import { signAccessToken, verifyAccessToken } from '#services/auth_tokens'

function refreshCookie(response: any): string {
  const raw = ([] as string[]).concat(response.headers()['set-cookie'] ?? [])
  const cookie = raw.find((c) => c.startsWith('brt='))
  return cookie ? cookie.split(';')[0] : ''
}

test.group('auth', (group) => {
  group.each.setup(() => rateLimiter.resetAll())

  test('login returns a token, the user with company and settings, and sets the refresh cookie', async ({
    client,
    assert,
  }) => {
    const { admin, company } = await createTenant()
    const response = await client.post('/auth/login').json({ email: admin.email, password: PASSWORD })
    response.assertStatus(200)
    const body = response.body()
    assert.match(body.token, /^v1\./)
    assert.equal(body.user.id, admin.id)
    assert.equal(body.user.company.id, company.id)
    assert.equal(body.user.company.companieSettings.userRating, 'disabled')
    assert.notProperty(body.user, 'password')
    const cookie = ([] as string[]).concat(response.headers()['set-cookie']).find((c) => c.startsWith('brt='))!
    assert.include(cookie.toLowerCase(), 'httponly')
    assert.include(cookie.toLowerCase(), 'samesite=strict')
  })

  test('bad credentials give 401 ERR_INVALID_CREDENTIALS', async ({ client }) => {
    const { admin } = await createTenant()
    const wrong = await client.post('/auth/login').json({ email: admin.email, password: 'nope-nope' })
    wrong.assertStatus(401)
    wrong.assertBodyContains({ error: 'ERR_INVALID_CREDENTIALS' })
    const unknown = await client.post('/auth/login').json({ email: `x-${uid()}@none.test`, password: 'whatever' })
    unknown.assertStatus(401)
    unknown.assertBodyContains({ error: 'ERR_INVALID_CREDENTIALS' })
  })

  test('messages follow Accept-Language', async ({ client, assert }) => {
    const r = await client
      .post('/auth/login')
      .header('accept-language', 'es')
      .json({ email: 'a@b.test', password: 'x' })
    assert.equal(r.body().message, 'Error de autenticación. Por favor, inténtelo de nuevo.')
  })

  test('outside working hours gives ERR_OUT_OF_HOURS', async ({ client }) => {
    const { company } = await createTenant()
    const now = DateTime.now().setZone('America/Sao_Paulo')
    const start = now.plus({ hours: 2 }).toFormat('HH:mm')
    const end = now.plus({ hours: 3 }).toFormat('HH:mm')
    const { user } = await createUser(company, { startWork: start, endWork: end })
    const r = await client.post('/auth/login').json({ email: user.email, password: PASSWORD })
    r.assertStatus(401)
    r.assertBodyContains({ error: 'ERR_OUT_OF_HOURS' })
  })

  test('missing token → 401 ERR_SESSION_EXPIRED; bad or expired token → 403', async ({ client }) => {
    const none = await client.get('/auth/me')
    none.assertStatus(401)
    none.assertBodyContains({ error: 'ERR_SESSION_EXPIRED' })
    const bad = await client.get('/auth/me').bearerToken('v1.garbage.sig')
    bad.assertStatus(403)
    const { admin } = await createTenant()
    const expired = signAccessToken(
      { sid: '00000000-0000-0000-0000-000000000000', uid: admin.id, cid: admin.companyId },
      -10
    )
    ;(await client.get('/auth/me').bearerToken(expired)).assertStatus(403)
  })

  test('a token accepted before is refused once it expires; its altered copies never pass', async ({
    client,
    assert,
  }) => {
    const { admin } = await createTenant()
    const login = await client.post('/auth/login').json({ email: admin.email, password: PASSWORD })
    const session = verifyAccessToken(login.body().token)
    assert.isTrue(session.ok)
    const claims = { sid: (session as any).claims.sid, uid: admin.id, cid: admin.companyId }
    const shortLived = signAccessToken(claims, 1)
    ;(await client.get('/auth/me').bearerToken(shortLived)).assertStatus(200)
    const [v, payload, sig] = shortLived.split('.')
    const altered = `${v}.${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`
    ;(await client.get('/auth/me').bearerToken(altered)).assertStatus(403)
    await new Promise((r) => setTimeout(r, 2100))
    const late = await client.get('/auth/me').bearerToken(shortLived)
    late.assertStatus(403)
    late.assertBodyContains({ error: 'ERR_INVALID_TOKEN' })
  })

  test('refresh rotates the cookie; a replayed old cookie revokes the session', async ({ client, assert }) => {
    const { admin } = await createTenant()
    const login = await client.post('/auth/login').json({ email: admin.email, password: PASSWORD })
    const first = refreshCookie(login)
    const r1 = await client.post('/auth/refresh_token').header('cookie', first)
    r1.assertStatus(200)
    const second = refreshCookie(r1)
    assert.notEqual(first, second)
    assert.equal(r1.body().user.id, admin.id)
    ;(await client.get('/auth/me').bearerToken(r1.body().token)).assertStatus(200)
    // replay the first cookie after the race window: theft suspected, session ends
    await db
      .from('refresh_tokens')
      .whereNotNull('used_at')
      .update({ used_at: new Date(Date.now() - 60_000) })
    const replay = await client.post('/auth/refresh_token').header('cookie', first)
    replay.assertStatus(401)
    replay.assertBodyContains({ error: 'ERR_SESSION_EXPIRED' })
    ;(await client.post('/auth/refresh_token').header('cookie', second)).assertStatus(401)
    ;(await client.get('/auth/me').bearerToken(r1.body().token)).assertStatus(401)
  })

  test('logout revokes access and refresh tokens on the server', async ({ client }) => {
    const { admin } = await createTenant()
    const login = await client.post('/auth/login').json({ email: admin.email, password: PASSWORD })
    const token = login.body().token
    ;(await client.delete('/auth/logout').bearerToken(token)).assertStatus(204)
    ;(await client.get('/auth/me').bearerToken(token)).assertStatus(401)
    ;(await client.post('/auth/refresh_token').header('cookie', refreshCookie(login))).assertStatus(401)
  })

  test('a new login signs out the other sessions of the user', async ({ client }) => {
    const { admin } = await createTenant()
    const a = await client.post('/auth/login').json({ email: admin.email, password: PASSWORD })
    const b = await client.post('/auth/login').json({ email: admin.email, password: PASSWORD })
    ;(await client.get('/auth/me').bearerToken(a.body().token)).assertStatus(401)
    ;(await client.get('/auth/me').bearerToken(b.body().token)).assertStatus(200)
  })

  test('password change revokes other sessions', async ({ client }) => {
    const { company } = await createTenant()
    const { user, token } = await createUser(company)
    const other = await client.post('/auth/login').json({ email: user.email, password: PASSWORD })
    const otherToken = other.body().token
    // the login above revoked `token`; use the fresh one to change the password
    ;(await client.get('/auth/me').bearerToken(token)).assertStatus(401)
    const login2 = await client.post('/auth/login').json({ email: user.email, password: PASSWORD })
    ;(
      await client
        .put(`/users/${user.id}`)
        .bearerToken(login2.body().token)
        .json({ password: 'new-pass-1', currentPassword: PASSWORD })
    ).assertStatus(200)
    ;(await client.get('/auth/me').bearerToken(login2.body().token)).assertStatus(200)
    ;(await client.get('/auth/me').bearerToken(otherToken)).assertStatus(401)
    ;(await client.post('/auth/login').json({ email: user.email, password: 'new-pass-1' })).assertStatus(200)
  })

  test('login is limited to 5 attempts per 5 minutes per IP', async ({ client }) => {
    for (let i = 0; i < 5; i++) {
      ;(await client.post('/auth/login').json({ email: `a${i}@x.test`, password: 'bad-pass' })).assertStatus(401)
    }
    const blocked = await client.post('/auth/login').json({ email: 'z@x.test', password: 'bad-pass' })
    blocked.assertStatus(429)
    blocked.assertBodyContains({ error: 'ERR_TOO_MANY_REQUESTS' })
  })

  test('login of an expired company succeeds and returns the due date; its tenant calls answer 402', async ({
    client,
    assert,
  }) => {
    const { admin } = await createTenant({ dueInDays: -2 })
    const r = await client.post('/auth/login').json({ email: admin.email, password: PASSWORD })
    r.assertStatus(200)
    assert.isTrue(r.body().user.company.expired)
    const users = await client.get('/users').bearerToken(r.body().token)
    users.assertStatus(402)
    users.assertBodyContains({ error: 'ERR_SUBSCRIPTION_EXPIRED' })
    ;(await client.get('/auth/me').bearerToken(r.body().token)).assertStatus(200)
  })

  test('signup creates company, admin and settings; refuses when userCreation is disabled', async ({
    client,
    assert,
  }) => {
    const plans = await client.get('/plans/list')
    plans.assertStatus(200)
    const planId = plans.body()[0].id
    const email = `owner-${uid()}@example.test`
    const r = await client.post('/auth/signup').json({
      name: 'Owner',
      companyName: `Shop ${uid()}`,
      email,
      password: 'pass-123',
      phone: '5511999998888',
      planId,
    })
    r.assertStatus(201)
    const login = await client.post('/auth/login').json({ email, password: 'pass-123' })
    login.assertStatus(200)
    assert.equal(login.body().user.profile, 'admin')
    const settings = await db.from('company_settings').where('company_id', r.body().companyId)
    assert.isAbove(settings.length, 20)

    await globalSettings.set('userCreation', 'disabled')
    try {
      const refused = await client.post('/auth/signup').json({
        name: 'Owner',
        companyName: `Shop ${uid()}`,
        email: `o-${uid()}@example.test`,
        password: 'pass-123',
        phone: '5511999998888',
        planId,
      })
      refused.assertStatus(403)
      refused.assertBodyContains({ error: 'ERR_USER_CREATION_DISABLED' })
    } finally {
      await globalSettings.set('userCreation', 'enabled')
    }
  })

  test('signup never joins an existing company, and validates its fields', async ({ client, assert }) => {
    const { company } = await createTenant()
    const plans = await client.get('/plans/list')
    const email = `intruder-${uid()}@example.test`
    const r = await client.post('/auth/signup').json({
      name: 'Intruder',
      companyName: `Other ${uid()}`,
      email,
      password: 'pass-123',
      phone: '5511999998888',
      planId: plans.body()[0].id,
      companyId: company.id,
      profile: 'admin',
    })
    r.assertStatus(201)
    assert.notEqual(r.body().companyId, company.id)
    const bad = await client
      .post('/auth/signup')
      .json({ name: 'A', companyName: '', email: 'nope', password: '1', planId: 0 })
    bad.assertStatus(422)
    assert.includeMembers(
      bad.body().fields.map((f: any) => f.field),
      ['name', 'companyName', 'email', 'password', 'phone']
    )
  })

  test('an inactive company cannot sign in; the super user still can', async ({ client }) => {
    const { admin } = await createTenant({ status: false })
    const r = await client.post('/auth/login').json({ email: admin.email, password: PASSWORD })
    r.assertStatus(401)
    r.assertBodyContains({ error: 'ERR_COMPANY_INACTIVE' })
    ;(await client.post('/auth/login').json({ email: 'super@balcao.test', password: 'super-secret-1' })).assertStatus(
      200
    )
  })
})
