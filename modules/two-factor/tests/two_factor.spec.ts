import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { rateLimiter } from '#core/http'
import { PASSWORD, createTenant, createUser } from '#tests/helpers/world'
import { clock } from '../services/clock.js'
import { base32Encode, codeAt, otpauthUri, totp } from '../services/totp.js'
import { codeNow, enrol } from './helpers.js'

// a fixed instant for every sign-in test (2033-05-18T03:33:20Z, RFC 6238's T = 2000000000)
const T0 = 2_000_000_000_000

const login = (client: any, email: string) => client.post('/auth/login').json({ email, password: PASSWORD })
const second = (client: any, challenge: string, code: string) =>
  client.post('/auth/two-factor').json({ challenge, code })

test.group('two-factor: TOTP', (group) => {
  group.each.teardown(() => clock.freeze(null))

  test('RFC 6238 SHA-1 test vectors (8 digits) and their 6-digit codes', ({ assert }) => {
    const key = Buffer.from('12345678901234567890')
    const secret = base32Encode(key)
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ]
    for (const [t, code] of vectors) {
      assert.equal(codeAt(key, Math.floor(t / 30), 8), code, `T=${t}`)
      clock.freeze(t * 1000)
      assert.equal(totp(secret, clock.now()), code.slice(-6), `T=${t} (6 digits)`)
    }
  })

  test('the otpauth URI names the issuer, the account and the parameters', ({ assert }) => {
    const uri = otpauthUri('JBSWY3DPEHPK3PXP', 'ana@example.test')
    assert.equal(
      uri,
      'otpauth://totp/Balc%C3%A3o:ana%40example.test?secret=JBSWY3DPEHPK3PXP&issuer=Balc%C3%A3o&algorithm=SHA1&digits=6&period=30'
    )
  })
})

test.group('two-factor: enrolment', (group) => {
  group.each.setup(() => rateLimiter.resetAll())
  group.each.teardown(() => clock.freeze(null))

  test('setup, confirm with a code, 10 recovery codes; secret sealed and codes hashed at rest', async ({
    client,
    assert,
  }) => {
    clock.freeze(T0)
    const { user, token } = await createUser((await createTenant()).company)
    const before = await client.get('/two-factor').bearerToken(token)
    assert.deepEqual(before.body(), { enabled: false, required: false, recoveryCodesLeft: 0 })

    const setup = await client.post('/two-factor/setup').bearerToken(token)
    setup.assertStatus(200)
    const { secret, uri } = setup.body()
    assert.match(secret, /^[A-Z2-7]{32}$/)
    assert.include(uri, `secret=${secret}`)

    const wrong = await client.post('/two-factor/confirm').bearerToken(token).json({ code: '000000' })
    wrong.assertStatus(422)
    wrong.assertBodyContains({ error: 'ERR_TWO_FACTOR_INVALID_CODE' })

    const ok = await client
      .post('/two-factor/confirm')
      .bearerToken(token)
      .json({ code: totp(secret, T0) })
    ok.assertStatus(200)
    const codes: string[] = ok.body().recoveryCodes
    assert.lengthOf(codes, 10)
    assert.lengthOf(new Set(codes), 10)
    for (const c of codes) assert.match(c, /^[A-Z2-7]{5}-[A-Z2-7]{5}$/)

    const row = await db.from('two_factor_credentials').where('user_id', user.id).first()
    assert.notInclude(row.secret, secret)
    assert.notInclude(JSON.stringify(row.recovery_codes), codes[0].replace('-', ''))
    assert.lengthOf(row.recovery_codes, 10)

    const after = await client.get('/two-factor').bearerToken(token)
    assert.deepEqual(after.body(), { enabled: true, required: false, recoveryCodesLeft: 10 })
    const again = await client.post('/two-factor/setup').bearerToken(token)
    again.assertBodyContains({ error: 'ERR_TWO_FACTOR_ALREADY_ENABLED' })
  })

  test('confirm without setup, and a turned-off factor', async ({ client, assert }) => {
    clock.freeze(T0)
    const { user, token } = await createUser((await createTenant()).company)
    const none = await client.post('/two-factor/confirm').bearerToken(token).json({ code: '123456' })
    none.assertStatus(409)
    none.assertBodyContains({ error: 'ERR_TWO_FACTOR_NOT_STARTED' })
    const { secret } = await enrol(user)
    const wrong = await client.post('/two-factor/disable').bearerToken(token).json({ code: '000000' })
    wrong.assertStatus(422)
    const off = await client
      .post('/two-factor/disable')
      .bearerToken(token)
      .json({ code: totp(secret, T0) })
    off.assertStatus(204)
    assert.isFalse((await client.get('/two-factor').bearerToken(token)).body().enabled)
    assert.equal((await login(client, user.email)).body().user.id, user.id)
  })
})

test.group('two-factor: sign-in', (group) => {
  group.each.setup(() => rateLimiter.resetAll())
  group.each.teardown(() => clock.freeze(null))

  test('a user without the factor signs in with the same answer as before', async ({ client, assert }) => {
    const { user } = await createUser((await createTenant()).company)
    const r = await login(client, user.email)
    r.assertStatus(200)
    assert.sameMembers(Object.keys(r.body()), ['token', 'user'])
  })

  test('password gives a challenge, not a session; the code opens it; the same code is refused again', async ({
    client,
    assert,
  }) => {
    clock.freeze(T0)
    const { user } = await createUser((await createTenant()).company)
    const { secret } = await enrol(user)

    const first = await login(client, user.email)
    first.assertStatus(200)
    assert.sameMembers(Object.keys(first.body()), ['twoFactor', 'challenge'])
    assert.isTrue(first.body().twoFactor)
    assert.notInclude(JSON.stringify(first.headers()['set-cookie'] ?? ''), 'brt=')

    const code = codeNow(secret)
    const ok = await second(client, first.body().challenge, code)
    ok.assertStatus(200)
    assert.match(ok.body().token, /^v1\./)
    assert.equal(ok.body().user.id, user.id)
    const me = await client.get('/auth/me').bearerToken(ok.body().token)
    me.assertStatus(200)

    await rateLimiter.resetAll() // the tries below would pass the per-IP limit, tested on its own
    // replay: the same code within its window, on a new challenge
    const again = await login(client, user.email)
    const replay = await second(client, again.body().challenge, code)
    replay.assertStatus(401)
    replay.assertBodyContains({ error: 'ERR_TWO_FACTOR_INVALID_CODE' })
    // the previous step's code is older than the accepted one: refused too
    ;(await second(client, again.body().challenge, codeNow(secret, -1))).assertStatus(401)
    // the next step's code (clock drift of one step) is accepted
    ;(await second(client, again.body().challenge, codeNow(secret, 1))).assertStatus(200)
  })

  test('one step of drift either way; two steps is refused', async ({ client }) => {
    clock.freeze(T0)
    const { user } = await createUser((await createTenant()).company)
    const { secret } = await enrol(user)
    const c = (await login(client, user.email)).body().challenge
    ;(await second(client, c, codeNow(secret, 2))).assertStatus(401)
    ;(await second(client, c, codeNow(secret, -2))).assertStatus(401)
    ;(await second(client, c, codeNow(secret, -1))).assertStatus(200)
  })

  test('wrong code, forged and expired challenges', async ({ client }) => {
    clock.freeze(T0)
    const { user } = await createUser((await createTenant()).company)
    const { secret } = await enrol(user)
    const c = (await login(client, user.email)).body().challenge
    const wrong = await second(client, c, '000000')
    wrong.assertStatus(401)
    wrong.assertBodyContains({ error: 'ERR_TWO_FACTOR_INVALID_CODE' })
    const forged = await second(client, c.slice(0, -4) + 'AAAA', codeNow(secret))
    forged.assertStatus(401)
    forged.assertBodyContains({ error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' })
    clock.freeze(T0 + 5 * 60_000 + 1000)
    const late = await second(client, c, codeNow(secret))
    late.assertStatus(401)
    late.assertBodyContains({ error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' })
  })

  test('a recovery code signs in once', async ({ client, assert }) => {
    clock.freeze(T0)
    const { user } = await createUser((await createTenant()).company)
    const { recoveryCodes } = await enrol(user)
    const c = (await login(client, user.email)).body().challenge
    // typed in lower case without the dash
    const ok = await second(client, c, recoveryCodes[3].toLowerCase().replace('-', ''))
    ok.assertStatus(200)
    const c2 = (await login(client, user.email)).body().challenge
    ;(await second(client, c2, recoveryCodes[3])).assertStatus(401)
    assert.equal((await client.get('/two-factor').bearerToken(ok.body().token)).body().recoveryCodesLeft, 9)
  })

  test('the login rate limits count the code tries too', async ({ client, assert }) => {
    clock.freeze(T0)
    const { user } = await createUser((await createTenant()).company)
    const { secret } = await enrol(user)
    const c = (await login(client, user.email)).body().challenge // 1 try per IP
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await second(client, c, '000000')).status())
    // 5 per IP in 5 minutes: the password took one, four wrong codes, then 429 even for the right code
    assert.deepEqual(statuses, [401, 401, 401, 401, 429])
    const blocked = await second(client, c, codeNow(secret))
    blocked.assertStatus(429)
    blocked.assertBodyContains({ error: 'ERR_TOO_MANY_REQUESTS' })
  })
})

test.group('two-factor: company enforcement and admin reset', (group) => {
  group.each.setup(() => rateLimiter.resetAll())
  group.each.teardown(() => clock.freeze(null))

  test('an admin requires it: users see required, cannot turn it off; other companies unaffected', async ({
    client,
    assert,
  }) => {
    clock.freeze(T0)
    const a = await createTenant()
    const b = await createTenant()
    const { user, token } = await createUser(a.company)
    const { token: bToken } = await createUser(b.company)
    const attendant = await client.put('/settings/twoFactorRequired').bearerToken(token).json({ value: 'enabled' })
    attendant.assertStatus(403)
    const set = await client.put('/settings/twoFactorRequired').bearerToken(a.adminToken).json({ value: 'enabled' })
    set.assertStatus(200)
    assert.deepEqual((await client.get('/two-factor').bearerToken(token)).body(), {
      enabled: false,
      required: true,
      recoveryCodesLeft: 0,
    })
    assert.isFalse((await client.get('/two-factor').bearerToken(bToken)).body().required)
    const { secret } = await enrol(user)
    const off = await client
      .post('/two-factor/disable')
      .bearerToken(token)
      .json({ code: totp(secret, T0) })
    off.assertStatus(403)
    off.assertBodyContains({ error: 'ERR_TWO_FACTOR_REQUIRED' })
  })

  test('an admin resets a user: logged with whom, by whom and when; the user signs in with the password', async ({
    client,
    assert,
  }) => {
    clock.freeze(T0)
    const a = await createTenant()
    const b = await createTenant()
    const { user, token } = await createUser(a.company)
    await enrol(user)
    const list = await client.get('/two-factor/users').bearerToken(a.adminToken)
    assert.isTrue(list.body().users.find((u: any) => u.id === user.id).enabled)
    ;(await client.get('/two-factor/users').bearerToken(token)).assertStatus(403)

    ;(await client.post(`/two-factor/users/${user.id}/reset`).bearerToken(token)).assertStatus(403)
    ;(await client.post(`/two-factor/users/${user.id}/reset`).bearerToken(b.adminToken)).assertStatus(404)
    assert.equal((await login(client, user.email)).body().twoFactor, true)

    const reset = await client.post(`/two-factor/users/${user.id}/reset`).bearerToken(a.adminToken)
    reset.assertStatus(204)
    const logged = await db.from('two_factor_resets').where('user_id', user.id)
    assert.lengthOf(logged, 1)
    assert.equal(logged[0].reset_by_id, a.admin.id)
    assert.equal(logged[0].company_id, a.company.id)
    assert.instanceOf(logged[0].created_at, Date)
    const r = await login(client, user.email)
    assert.sameMembers(Object.keys(r.body()), ['token', 'user'])
  })
})
