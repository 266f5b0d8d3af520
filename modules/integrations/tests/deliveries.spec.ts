import { test } from '@japa/runner'
import { tenancy, tenantInsert } from '#core/tenancy'
import { sealSecret } from '#core/secrets'
import { createPlan, createTenant, createUser, type TenantWorld } from '#tests/helpers/world'
import QueueIntegration from '../models/queue_integration.js'
import { deliver, retryDelays } from '../services/webhook.js'
import { FakeServer } from './fake_server.js'

const SECRET = 'segredo-de-assinatura-123'
let server: FakeServer

const webhook = (t: TenantWorld, urlN8N = `${server.url}/hook`) =>
  tenancy.run(t.company.id, () =>
    QueueIntegration.create({
      type: 'webhook',
      name: 'Hook',
      urlN8N,
      secret: sealSecret(SECRET),
      language: 'pt-BR',
    })
  )

/** One real delivery through the webhook service (its tries land in the log). */
const deliverOnce = (t: TenantWorld, hook: QueueIntegration) =>
  tenancy.run(t.company.id, () =>
    deliver(
      hook.urlN8N!,
      SECRET,
      {
        event: 'message',
        integration: { id: hook.id, name: hook.name, type: hook.type },
        ticket: { id: 10, status: 'pending', queueId: null },
        contact: { id: 5, name: 'Ana', number: '5511999990000' },
        message: { id: 99, body: 'oi', mediaType: null, mediaUrl: null, createdAt: new Date().toISOString() },
      },
      { integrationId: hook.id, ticketId: 10, messageId: 99 }
    )
  )

test.group('integrations: delivery log', (group) => {
  group.each.setup(async () => {
    server = await new FakeServer().start()
    retryDelays.ms = [20, 20]
  })
  group.each.teardown(async () => {
    await server.stop()
  })

  test('the tries of a webhook call, newest first with their status codes; never the signature', async ({
    client,
    assert,
  }) => {
    const owner = await createTenant()
    const hook = await webhook(owner)
    let calls = 0
    server.handler = () => (++calls < 2 ? { status: 503, text: 'busy' } : { json: { reply: 'ok' } })
    assert.isTrue((await deliverOnce(owner, hook)).ok)

    const r = await client.get(`/queueIntegration/${hook.id}/deliveries`).bearerToken(owner.adminToken)
    r.assertStatus(200)
    assert.isFalse(r.body().hasMore)
    assert.deepEqual(
      r.body().deliveries.map((d: any) => [d.attempt, d.statusCode, d.ok, d.error, d.ticketId, d.messageId]),
      [
        [2, 200, true, null, 10, 99],
        [1, 503, false, 'ERR_INTEGRATION_DELIVERY_STATUS', 10, 99],
      ]
    )
    assert.deepEqual(
      r.body().deliveries.map((d: any) => d.detail),
      [null, 'HTTP 503']
    )
    assert.sameMembers(Object.keys(r.body().deliveries[0]), [
      'id',
      'ticketId',
      'messageId',
      'attempt',
      'statusCode',
      'ok',
      'error',
      'detail',
      'createdAt',
    ])
    const text = JSON.stringify(r.body())
    assert.notInclude(text, SECRET)
    for (const seen of server.seen) assert.notInclude(text, String(seen.headers['x-balcao-signature']))

    // an attendant reads it as they read the integration itself
    const { token } = await createUser(owner.company)
    ;(await client.get(`/queueIntegration/${hook.id}/deliveries`).bearerToken(token)).assertStatus(200)
  })

  test("users read why a try failed as a code, never the receiver's host or address; admins read the raw error", async ({
    client,
    assert,
  }) => {
    const owner = await createTenant()
    const { token } = await createUser(owner.company)
    // a refused address (cloud metadata) and a closed port, each with a token in the URL
    const blocked = await webhook(owner, 'http://169.254.169.254/hook/tk-metadata-secret')
    const closed = await webhook(owner, 'http://127.0.0.1:9/hook?token=tk-closed-secret')
    assert.isFalse((await deliverOnce(owner, blocked)).ok)
    assert.isFalse((await deliverOnce(owner, closed)).ok)

    const read = async (hook: QueueIntegration, bearer: string) => {
      const r = await client.get(`/queueIntegration/${hook.id}/deliveries`).bearerToken(bearer)
      r.assertStatus(200)
      return r.body().deliveries as any[]
    }
    for (const [hook, code] of [
      [blocked, 'ERR_INTEGRATION_DELIVERY_BLOCKED'],
      [closed, 'ERR_INTEGRATION_DELIVERY_UNREACHABLE'],
    ] as const) {
      const seen = await read(hook, token)
      assert.lengthOf(seen, 3)
      assert.deepEqual(
        seen.map((d) => [d.ok, d.error, d.detail]),
        Array(3).fill([false, code, null])
      )
      const text = JSON.stringify(seen)
      for (const secret of ['169.254.169.254', 'tk-metadata-secret', '127.0.0.1', 'tk-closed-secret'])
        assert.notInclude(text, secret)
    }
    // the admin, who reads the address whole, reads the raw error too
    const [admin] = await read(blocked, owner.adminToken)
    assert.equal(admin.error, 'ERR_INTEGRATION_DELIVERY_BLOCKED')
    assert.include(admin.detail, '169.254.169.254')

    // a try logged before errors had codes reads as a failure, its text for admins only
    await tenancy.run(owner.company.id, () =>
      tenantInsert('integration_deliveries', {
        integration_id: closed.id,
        ticket_id: 1,
        message_id: 2,
        attempt: 1,
        ok: false,
        error: 'getaddrinfo ENOTFOUND hooks.internal.example',
      })
    )
    const [legacy] = await read(closed, token)
    assert.deepEqual([legacy.error, legacy.detail], ['ERR_INTEGRATION_DELIVERY_FAILED', null])
    const [legacyAdmin] = await read(closed, owner.adminToken)
    assert.equal(legacyAdmin.detail, 'getaddrinfo ENOTFOUND hooks.internal.example')
  })

  test('50 a page, keyset by `before`; bad paging is a 422', async ({ client, assert }) => {
    const owner = await createTenant()
    const hook = await webhook(owner)
    const rows = Array.from({ length: 60 }, (_, i) => ({
      integration_id: hook.id,
      ticket_id: 1,
      message_id: i + 1,
      attempt: 1,
      status_code: 200,
      ok: true,
    }))
    await tenancy.run(owner.company.id, () => tenantInsert('integration_deliveries', rows))
    const url = `/queueIntegration/${hook.id}/deliveries`

    const first = await client.get(url).bearerToken(owner.adminToken)
    first.assertStatus(200)
    const ids = first.body().deliveries.map((d: any) => d.id)
    assert.lengthOf(ids, 50)
    assert.isTrue(first.body().hasMore)
    assert.deepEqual(
      ids,
      [...ids].sort((a: number, b: number) => b - a)
    )
    assert.equal(first.body().deliveries[0].messageId, 60)

    const second = await client.get(url).qs({ before: ids[49] }).bearerToken(owner.adminToken)
    second.assertStatus(200)
    assert.isFalse(second.body().hasMore)
    assert.deepEqual(
      second.body().deliveries.map((d: any) => d.messageId),
      [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    )

    for (const before of ['x', '-1', '1.5', '1e308'])
      (await client.get(url).qs({ before }).bearerToken(owner.adminToken)).assertStatus(422)

    // an integration without tries: an empty page
    const other = await webhook(owner)
    const empty = await client.get(`/queueIntegration/${other.id}/deliveries`).bearerToken(owner.adminToken)
    assert.deepEqual(empty.body(), { deliveries: [], hasMore: false })
  })

  test("another company's integration is a 404; a plan without useIntegrations is a 403", async ({
    client,
    assert,
  }) => {
    const owner = await createTenant()
    const hook = await webhook(owner)
    await tenancy.run(owner.company.id, () =>
      tenantInsert('integration_deliveries', {
        integration_id: hook.id,
        ticket_id: 1,
        message_id: 1,
        attempt: 1,
        status_code: 500,
        ok: false,
        error: 'HTTP 500',
      })
    )
    const stranger = await createTenant()
    const foreign = await client.get(`/queueIntegration/${hook.id}/deliveries`).bearerToken(stranger.adminToken)
    foreign.assertStatus(404)
    assert.equal(foreign.body().error, 'ERR_NO_INTEGRATION_FOUND')
    ;(await client.get('/queueIntegration/999999999/deliveries').bearerToken(owner.adminToken)).assertStatus(404)
    ;(await client.get('/queueIntegration/abc/deliveries').bearerToken(owner.adminToken)).assertStatus(404)

    const off = await createTenant({ plan: await createPlan({ useIntegrations: false }) })
    const offHook = await webhook(off)
    const denied = await client.get(`/queueIntegration/${offHook.id}/deliveries`).bearerToken(off.adminToken)
    denied.assertStatus(403)
    assert.equal(denied.body().error, 'ERR_PLAN_FEATURE_DISABLED')
  })
})
