import { test } from '@japa/runner'
import { createTenant, createUser } from '#tests/helpers/world'
import { listen } from '#tests/helpers/realtime'
import { startApiProcess } from '#tests/helpers/processes'
import { realtime } from '#core/realtime'

const base = () => `http://127.0.0.1:${process.env.PORT}`

test.group('realtime', () => {
  test('a subscriber of company A never receives company B events', async ({ assert }) => {
    const a = await createTenant()
    const b = await createTenant()
    const la = listen(base(), a.adminToken)
    try {
      await la.subscribe(`company/${a.company.id}`)
      realtime.toCompany(b.company.id, 'user', { action: 'update', user: { id: 1, name: 'B secret' } })
      realtime.toCompany(a.company.id, 'user', { action: 'update', user: { id: 2, name: 'A news' } })
      const got = await la.waitFor((m) => m.event === `company-${a.company.id}-user`)
      assert.equal(got.user.name, 'A news')
      assert.equal(got.action, 'update')
      assert.isFalse(la.messages.some((m) => JSON.stringify(m).includes('B secret')))
    } finally {
      la.close()
    }
  })

  test('subscriptions are authorised on the server: other company, other user, anonymous', async ({ assert }) => {
    const a = await createTenant()
    const b = await createTenant()
    const { user: colleague } = await createUser(a.company)
    const la = listen(base(), a.adminToken)
    try {
      await assert.rejects(() => la.subscribe(`company/${b.company.id}`))
      await assert.rejects(() => la.subscribe(`company/${a.company.id}/user/${colleague.id}`))
      await la.subscribe(`company/${a.company.id}/user/${a.admin.id}`)
      await la.subscribe('platform')
    } finally {
      la.close()
    }
    const anon = await fetch(`${base()}/__transmit/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept': 'application/json' },
      body: JSON.stringify({ uid: 'x', channel: `company/${a.company.id}` }),
    })
    assert.equal(anon.status, 401)
  })

  test('a new login reaches the user channel as company-{id}-auth', async ({ client, assert }) => {
    const a = await createTenant()
    const la = listen(base(), a.adminToken)
    try {
      await la.subscribe(`company/${a.company.id}/user/${a.admin.id}`)
      const login = await client.post('/auth/login').json({ email: a.admin.email, password: 'secret-123' })
      login.assertStatus(200)
      const got = await la.waitFor((m) => m.event === `company-${a.company.id}-auth`)
      assert.equal(got.action, 'update')
      assert.equal(got.user.id, a.admin.id)
    } finally {
      la.close()
    }
  })

  test('two API processes share events through Redis', async ({ assert }) => {
    if (!process.env.REDIS_URL) return assert.fail('this test needs Redis (REDIS_URL)')
    const a = await createTenant()
    const nodeA = await startApiProcess()
    const nodeB = await startApiProcess()
    const la = listen(nodeA.url, a.adminToken)
    try {
      await la.subscribe(`company/${a.company.id}`)
      const r = await fetch(`${nodeB.url}/settings/userRating`, {
        method: 'PUT',
        headers: {
          'authorization': `Bearer ${a.adminToken}`,
          'content-type': 'application/json',
          'accept': 'application/json',
        },
        body: JSON.stringify({ value: 'enabled' }),
      })
      assert.equal(r.status, 200)
      const got = await la.waitFor((m) => m.event === `company-${a.company.id}-settings`, 8000)
      assert.deepEqual(got.setting, { key: 'userRating', value: 'enabled' })
    } finally {
      la.close()
      await Promise.all([nodeA.stop(), nodeB.stop()])
    }
  }).timeout(60000)

  test('without Redis a single process runs jobs on PostgreSQL and realtime in-process', async ({ assert }) => {
    const a = await createTenant()
    const node = await startApiProcess({ REDIS_URL: undefined, WORKERS: 'true' })
    const la = listen(node.url, a.adminToken)
    try {
      const health = (await (
        await fetch(`${node.url}/health`, { headers: { accept: 'application/json' } })
      ).json()) as any
      assert.equal(health.jobs, 'postgres')
      await la.subscribe(`company/${a.company.id}`)
      await fetch(`${node.url}/settings/userRating`, {
        method: 'PUT',
        headers: {
          'authorization': `Bearer ${a.adminToken}`,
          'content-type': 'application/json',
          'accept': 'application/json',
        },
        body: JSON.stringify({ value: 'enabled' }),
      })
      const got = await la.waitFor((m) => m.event === `company-${a.company.id}-settings`, 8000)
      assert.exists(got)
    } finally {
      la.close()
      await node.stop()
    }
  }).timeout(60000)
})
