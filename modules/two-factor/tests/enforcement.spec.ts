import { test } from '@japa/runner'
import { rateLimiter } from '#core/http'
import { createTenant, createUser } from '#tests/helpers/world'
import { codeNow, enrol } from './helpers.js'

const require2fa = (client: any, adminToken: string) =>
  client.put('/settings/twoFactorRequired').bearerToken(adminToken).json({ value: 'enabled' })

test.group('two-factor: the server enforces a company requirement', (group) => {
  group.each.setup(() => rateLimiter.resetAll())

  test('a user without the factor gets 403 ERR_TWO_FACTOR_ENROLMENT_REQUIRED except to enrol and sign out', async ({
    client,
    assert,
  }) => {
    const a = await createTenant()
    const { user, token } = await createUser(a.company)
    ;(await client.get('/users').bearerToken(token)).assertStatus(200)
    ;(await require2fa(client, a.adminToken)).assertStatus(200)

    for (const [method, url] of [
      ['get', '/users'],
      ['get', '/settings'],
      ['get', '/queue'],
      ['get', '/contacts'],
      ['put', `/users/${user.id}`],
      ['get', '/two-factor/users'],
    ] as const) {
      const r = await (client as any)[method](url).bearerToken(token).json({})
      assert.equal(r.status(), 403, `${method} ${url}`)
      assert.equal(r.body().error, 'ERR_TWO_FACTOR_ENROLMENT_REQUIRED', `${method} ${url}`)
    }
    // the translated text (pt by default)
    const r = await client.get('/users').bearerToken(token)
    assert.include(r.body().message, 'verificação em duas etapas')

    // what the shell needs to show the setup page, and the enrolment itself
    ;(await client.get('/auth/me').bearerToken(token)).assertStatus(200)
    ;(await client.get('/modules').bearerToken(token)).assertStatus(200)
    ;(await client.get(`/companies/listPlan/${a.company.id}`).bearerToken(token)).assertStatus(200)
    assert.deepEqual((await client.get('/two-factor').bearerToken(token)).body(), {
      enabled: false,
      required: true,
      recoveryCodesLeft: 0,
    })
    const setup = await client.post('/two-factor/setup').bearerToken(token)
    setup.assertStatus(200)
    const confirm = await client
      .post('/two-factor/confirm')
      .bearerToken(token)
      .json({ code: codeNow(setup.body().secret) })
    confirm.assertStatus(200)
    // enrolled: everything is open again
    ;(await client.get('/users').bearerToken(token)).assertStatus(200)
  })

  test('the admin who requires it is bound too; enrolled users and other companies are not', async ({
    client,
    assert,
  }) => {
    const a = await createTenant()
    const b = await createTenant()
    const { user: enrolled, token: enrolledToken } = await createUser(a.company)
    await enrol(enrolled)
    ;(await require2fa(client, a.adminToken)).assertStatus(200)
    const blocked = await client.get('/users').bearerToken(a.adminToken)
    blocked.assertStatus(403)
    assert.equal(blocked.body().error, 'ERR_TWO_FACTOR_ENROLMENT_REQUIRED')
    ;(await client.get('/users').bearerToken(enrolledToken)).assertStatus(200)
    ;(await client.get('/users').bearerToken(b.adminToken)).assertStatus(200)
    // sign-out stays open
    ;(await client.delete('/auth/logout').bearerToken(a.adminToken)).assertStatus(204)
  })

  test('without the requirement nobody is asked', async ({ client }) => {
    const a = await createTenant()
    const { token } = await createUser(a.company)
    ;(await client.get('/users').bearerToken(token)).assertStatus(200)
    ;(await client.get('/settings').bearerToken(token)).assertStatus(200)
  })
})
