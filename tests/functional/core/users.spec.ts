import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createPlan, createTenant, createUser, superSession, uid } from '#tests/helpers/world'
import { tenancy } from '#core/tenancy'
import { rateLimiter } from '#services/rate_limiter'
import Queue from '#models/queue'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

test.group('users', (group) => {
  group.each.setup(() => rateLimiter.resetAll())

  test('admin creates a user with queues and the spec defaults', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const queue = await tenancy.run(company.id, () => Queue.create({ name: 'Vendas', color: '#ff0000' }))
    const r = await client
      .post('/users')
      .bearerToken(adminToken)
      .json({ name: 'Maria', email: `maria-${uid()}@example.test`, password: 'abcde', queueIds: [queue.id] })
    r.assertStatus(201)
    const body = r.body()
    assert.equal(body.profile, 'user')
    assert.equal(body.defaultTheme, 'light')
    assert.equal(body.defaultMenu, 'open')
    assert.equal(body.allTicket, 'disable')
    assert.equal(body.startWork, '00:00')
    assert.equal(body.endWork, '23:59')
    assert.deepEqual(body.queues, [{ id: queue.id, name: 'Vendas', color: '#ff0000' }])
    assert.notProperty(body, 'password')
  })

  test('bounds and uniqueness: name 2-50, password 5-50, valid unique e-mail, own queues only', async ({
    client,
    assert,
  }) => {
    const { adminToken, admin } = await createTenant()
    const other = await createTenant()
    const otherQueue = await tenancy.run(other.company.id, () => Queue.create({ name: 'Alheia', color: '#00ff00' }))
    const bad = await client.post('/users').bearerToken(adminToken).json({ name: 'A', email: 'nope', password: '123' })
    bad.assertStatus(422)
    assert.sameMembers(
      bad.body().fields.map((f: any) => f.field),
      ['name', 'email', 'password']
    )
    const long = await client
      .post('/users')
      .bearerToken(adminToken)
      .json({ name: 'x'.repeat(51), email: `a-${uid()}@x.test`, password: 'x'.repeat(51) })
    long.assertStatus(422)
    const dup = await client
      .post('/users')
      .bearerToken(adminToken)
      .json({ name: 'Dup', email: admin.email.toUpperCase(), password: 'abcde' })
    dup.assertStatus(409)
    dup.assertBodyContains({ error: 'ERR_EMAIL_ALREADY_EXISTS' })
    const foreignQueue = await client
      .post('/users')
      .bearerToken(adminToken)
      .json({ name: 'Zé', email: `ze-${uid()}@x.test`, password: 'abcde', queueIds: [otherQueue.id] })
    foreignQueue.assertStatus(422)
    foreignQueue.assertBodyContains({ error: 'ERR_NO_QUEUE_FOUND' })
  })

  test('the plan user limit is enforced with ERR_PLAN_USERS_LIMIT', async ({ client }) => {
    const plan = await createPlan({ users: 2 })
    const { adminToken } = await createTenant({ plan })
    ;(
      await client
        .post('/users')
        .bearerToken(adminToken)
        .json({ name: 'Um', email: `u-${uid()}@x.test`, password: 'abcde' })
    ).assertStatus(201)
    const over = await client
      .post('/users')
      .bearerToken(adminToken)
      .json({ name: 'Dois', email: `d-${uid()}@x.test`, password: 'abcde' })
    over.assertStatus(403)
    over.assertBodyContains({ error: 'ERR_PLAN_USERS_LIMIT' })
  })

  test('a plain user edits only their own safe fields and cannot promote themself', async ({ client, assert }) => {
    const { company } = await createTenant()
    const { user, token } = await createUser(company)
    const r = await client
      .put(`/users/${user.id}`)
      .bearerToken(token)
      .json({ name: 'Novo Nome', profile: 'admin', allTicket: 'enable', defaultTheme: 'dark' })
    r.assertStatus(200)
    assert.equal(r.body().name, 'Novo Nome')
    assert.equal(r.body().profile, 'user')
    assert.equal(r.body().allTicket, 'disable')
    assert.equal(r.body().defaultTheme, 'dark')
    ;(await client.put(`/users/${user.id}`).bearerToken(token).json({ super: true })).assertStatus(403)
    const { user: colleague } = await createUser(company)
    ;(await client.put(`/users/${colleague.id}`).bearerToken(token).json({ name: 'Hack' })).assertStatus(403)
    ;(await client.get(`/users/${colleague.id}`).bearerToken(token)).assertStatus(403)
    ;(await client.get(`/users/${user.id}`).bearerToken(token)).assertStatus(200)
  })

  test('list with search and pagination; list for a company', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const marker = `Zulmira ${uid()}`
    await createUser(company, { name: marker })
    const r = await client
      .get('/users')
      .bearerToken(adminToken)
      .qs({ searchParam: marker.toLowerCase(), pageNumber: 1 })
    r.assertStatus(200)
    assert.lengthOf(r.body().users, 1)
    assert.isFalse(r.body().hasMore)
    assert.equal(r.body().count, 1)
    const list = await client.get('/users/list').bearerToken(adminToken)
    assert.lengthOf(list.body(), 2)
    ;(await client.get('/users').bearerToken(adminToken).qs({ pageNumber: 'abc' })).assertStatus(200)
  })

  test('the super user lists and creates users in another company', async ({ client, assert }) => {
    const { company } = await createTenant()
    const { token } = await superSession()
    const list = await client.get('/users/list').bearerToken(token).qs({ companyId: company.id })
    list.assertStatus(200)
    assert.lengthOf(list.body(), 1)
    const created = await client
      .post('/users')
      .bearerToken(token)
      .json({ name: 'Suporte', email: `s-${uid()}@x.test`, password: 'abcde', companyId: company.id, profile: 'admin' })
    created.assertStatus(201)
    assert.equal(created.body().companyId, company.id)
  })

  test('delete: admin only, not oneself, sessions revoked', async ({ client }) => {
    const { company, adminToken, admin } = await createTenant()
    const { user, token } = await createUser(company)
    ;(await client.delete(`/users/${admin.id}`).bearerToken(token)).assertStatus(403)
    ;(await client.delete(`/users/${admin.id}`).bearerToken(adminToken)).assertStatus(403)
    ;(await client.delete(`/users/${user.id}`).bearerToken(adminToken)).assertStatus(204)
    ;(await client.get('/auth/me').bearerToken(token)).assertStatus(401)
    ;(await client.delete(`/users/${user.id}`).bearerToken(adminToken)).assertStatus(404)
  })

  test('panel width is bounded 400-700 and stored with a 404 minimum', async ({ client, assert }) => {
    const { company } = await createTenant()
    const { user, token } = await createUser(company)
    const r = await client
      .put(`/users/toggleChangeWidht/${user.id}`)
      .bearerToken(token)
      .json({ defaultTicketsManagerWidth: 400 })
    r.assertStatus(200)
    assert.equal(r.body().defaultTicketsManagerWidth, 404)
    ;(
      await client
        .put(`/users/toggleChangeWidht/${user.id}`)
        .bearerToken(token)
        .json({ defaultTicketsManagerWidth: 900 })
    ).assertStatus(422)
  })

  test('profile image upload: images only, private signed URL', async ({ client, assert }) => {
    const { company } = await createTenant()
    const { user, token } = await createUser(company)
    const bad = await client
      .post(`/users/${user.id}/media-upload`)
      .bearerToken(token)
      .file('profileImage', Buffer.from('%PDF-1.4'), { filename: 'x.pdf' })
    bad.assertStatus(422)
    const ok = await client
      .post(`/users/${user.id}/media-upload`)
      .bearerToken(token)
      .file('profileImage', png, { filename: 'me.png' })
    ok.assertStatus(200)
    assert.match(ok.body().profileImage, new RegExp(`^/media/c${company.id}/users/${user.id}/`))
    ;(await client.get(ok.body().profileImage)).assertStatus(200)
    const row = await db.from('users').where('id', user.id).first()
    assert.notInclude(row.profile_image, '..')
  })
})
