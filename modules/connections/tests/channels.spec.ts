/**
 * Channels declared by their manifest (issue 13, item 5): GET /modules lists
 * the plan's channels with label, icon and fields; a connection's channel
 * settings are validated with the channel's schema and never echo secrets;
 * the core gates a channel's webhook on its plan flag; the API channel's
 * callback can be set through the API; reading a chat sends read receipts
 * through the driver, in a job. The sample channel (tests/fixtures/sample-channel,
 * loaded by PLUGIN_EXTRA_DIRS) proves a channel is one folder.
 */
import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import { createHmac } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { channelRegistry, type ReadKey } from '#core/channels'
import { createPlan, createTenant, superSession } from '#tests/helpers/world'
import { jobs } from '#core/jobs'

const rand = () => String(5500000000000 + Math.floor(Math.random() * 999999999))

async function startWorkers() {
  if (!jobs.workersRunning) await jobs.startWorkers()
}

async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 15000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await fn()
    if (value) return value
    if (Date.now() > until) throw new Error('waitFor: timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** the pipeline has handled every inbound event of the company */
const waitProcessed = (companyId: number) =>
  waitFor(async () => {
    const [{ n }] = await db
      .from('inbound_events')
      .where('company_id', companyId)
      .whereNot('status', 'done')
      .count('* as n')
    return Number(n) === 0
  }, 20000)

const sign = (secret: string, ts: number, raw: string) =>
  'sha256=' + createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex')

function apiWebhook(client: any, token: string, secret: string, body: unknown) {
  const ts = Math.floor(Date.now() / 1000)
  return client
    .post(`/channels/api/webhook/${token}`)
    .header('x-balcao-timestamp', String(ts))
    .header('x-balcao-signature', sign(secret, ts, JSON.stringify(body)))
    .json(body)
}

async function receiver() {
  const calls: { headers: Record<string, any>; body: string }[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      calls.push({ headers: req.headers, body })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: `ext-${calls.length}` }))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as any).port
  return { calls, url: `http://127.0.0.1:${port}/hook`, close: () => new Promise((r) => server.close(r)) }
}

const stored = async (id: number) => (await db.from('whatsapps').where('id', id).firstOrFail()).settings

test.group('channels declared by their manifest', (group) => {
  group.each.setup(() => startWorkers())

  test('GET /modules lists the channels the plan offers, with label, icon and fields', async ({ client, assert }) => {
    const { adminToken } = await createTenant({ plan: await createPlan({ useSampleChannel: true }) })
    const r = await client.get('/modules').bearerToken(adminToken)
    r.assertStatus(200)
    const channels = r.body().channels as any[]
    const names = channels.map((c) => c.name)
    for (const n of ['whatsapp', 'facebook', 'instagram', 'api', 'sample']) assert.include(names, n)
    const api = channels.find((c) => c.name === 'api')
    assert.equal(api.icon, 'code')
    assert.deepEqual(api.label, { pt: 'API', en: 'API', es: 'API' })
    assert.deepEqual(
      api.fields.map((f: any) => [f.name, f.type]),
      [
        ['callbackUrl', 'url'],
        ['secret', 'password'],
      ]
    )
    const sample = channels.find((c) => c.name === 'sample')
    assert.equal(sample.feature, 'useSampleChannel')
    assert.equal(sample.label.es, 'Canal de ejemplo')
    assert.deepEqual(
      sample.fields.find((f: any) => f.name === 'region').options.map((o: any) => o.value),
      ['br', 'eu']
    )

    // useSampleChannel is declared off by default: a plan that never saved it does not offer the channel
    const narrow = await createTenant({ plan: await createPlan({ useExternalApi: false }) })
    const other = (await client.get('/modules').bearerToken(narrow.adminToken)).body().channels.map((c: any) => c.name)
    assert.notInclude(other, 'sample')
    assert.notInclude(other, 'api')
    assert.include(other, 'whatsapp')
  })

  test('a channel from a fixture folder: its settings form validates (422), stores no unknown keys, hides secrets', async ({
    client,
    assert,
  }) => {
    const { adminToken } = await createTenant({ plan: await createPlan({ useSampleChannel: true }) })
    const missing = await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Sample', channel: 'sample' })
    missing.assertStatus(422)
    assert.includeMembers(
      missing.body().fields.map((f: any) => f.field),
      ['settings.endpoint', 'settings.apiKey']
    )
    const bad = await client
      .post('/whatsapp')
      .bearerToken(adminToken)
      .json({ name: 'Sample', channel: 'sample', settings: { endpoint: 'not a url', apiKey: 'short', region: 'mars' } })
    bad.assertStatus(422)
    assert.sameMembers(
      bad.body().fields.map((f: any) => f.field),
      ['settings.endpoint', 'settings.apiKey', 'settings.region']
    )
    const unknownChannel = await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'X', channel: 'telex' })
    unknownChannel.assertStatus(422)

    const ok = await client
      .post('/whatsapp')
      .bearerToken(adminToken)
      .json({
        name: 'Sample',
        channel: 'sample',
        settings: { endpoint: 'https://example.test/in', apiKey: 'sample-key-123', region: 'eu', junk: 'x' },
      })
    ok.assertStatus(201)
    const body = ok.body()
    assert.deepEqual(body.channelSettings, { endpoint: 'https://example.test/in', region: 'eu' })
    assert.deepEqual(body.channelSecrets, { apiKey: true })
    assert.notInclude(JSON.stringify(body), 'sample-key-123')
    assert.deepEqual(await stored(body.id), {
      endpoint: 'https://example.test/in',
      apiKey: 'sample-key-123',
      region: 'eu',
    })

    // an empty secret keeps the stored one; other keys change; an empty value clears an optional field
    const upd = await client
      .put(`/whatsapp/${body.id}`)
      .bearerToken(adminToken)
      .json({ settings: { endpoint: 'https://example.test/v2', apiKey: '', region: '' } })
    upd.assertStatus(200)
    assert.deepEqual(await stored(body.id), { endpoint: 'https://example.test/v2', apiKey: 'sample-key-123' })
    const list = (await client.get('/whatsapp').bearerToken(adminToken)).body()
    assert.notInclude(JSON.stringify(list), 'sample-key-123')
    const badUpd = await client
      .put(`/whatsapp/${body.id}`)
      .bearerToken(adminToken)
      .json({ settings: { endpoint: 'ftp://example.test' } })
    badUpd.assertStatus(422)
    assert.deepEqual(await stored(body.id), { endpoint: 'https://example.test/v2', apiKey: 'sample-key-123' })
  })

  test("the core gates a channel's webhook on its plan flag (403 ERR_PLAN_FEATURE_DISABLED)", async ({ client }) => {
    const make = async (useSampleChannel: boolean) => {
      const { company } = await createTenant({ plan: await createPlan({ useSampleChannel }) })
      return tenancy.run(company.id, () =>
        Whatsapp.create({
          name: 'S',
          channel: 'sample',
          status: 'CONNECTED',
          settings: { apiKey: 'k-12345678' },
        } as any)
      )
    }
    const on = await make(true)
    const off = await make(false)
    const call = (w: Whatsapp) =>
      client.post(`/channels/sample/webhook/${w.token}`).header('x-sample-key', 'k-12345678').json({ hi: 1 })
    ;(await call(on)).assertStatus(202)
    const refused = await call(off)
    refused.assertStatus(403)
    refused.assertBodyContains({ error: 'ERR_PLAN_FEATURE_DISABLED' })
    // an unknown token is the channel's to answer, as a bad key
    ;(
      await client
        .post(`/channels/sample/webhook/${'Q'.repeat(30)}`)
        .header('x-sample-key', 'x')
        .json({})
    ).assertStatus(401)
  })

  test("a plugin's own plan flag and error code need no core edit: plans, GET /modules, gate and texts", async ({
    client,
    assert,
  }) => {
    const { adminToken } = await createTenant({ plan: await createPlan({ useSampleChannel: true }) })
    const manifest = (await client.get('/modules').bearerToken(adminToken)).body()
    assert.deepInclude(manifest.planFlags, {
      name: 'useSampleChannel',
      label: { pt: 'Canal de exemplo', en: 'Sample channel', es: 'Canal de ejemplo' },
    })
    assert.isTrue(manifest.flags.useSampleChannel)
    assert.equal(manifest.errors.ERR_SAMPLE_KEY_MISMATCH.es, 'La clave del canal de ejemplo no coincide.')

    // the super user's plan payloads carry the flag like the spec's own
    const { token } = await superSession()
    const created = await client
      .post('/plans')
      .bearerToken(token)
      .json({ name: `Sample ${Date.now()}`, users: 1, connections: 1, queues: 1, amount: 1, useSampleChannel: true })
    created.assertStatus(201)
    assert.isTrue(created.body().useSampleChannel)
    assert.isTrue(created.body().useKanban)
    const off = await client.put(`/plans/${created.body().id}`).bearerToken(token).json({ useSampleChannel: false })
    assert.isFalse(off.body().useSampleChannel)
    assert.isTrue(off.body().useKanban)

    // its error code is translated by the core like any other
    const { company } = await createTenant({ plan: await createPlan({ useSampleChannel: true }) })
    const w = await tenancy.run(company.id, () =>
      Whatsapp.create({ name: 'S', channel: 'sample', status: 'CONNECTED', settings: { apiKey: 'k-12345678' } } as any)
    )
    const wrong = await client
      .post(`/channels/sample/webhook/${w.token}`)
      .header('x-sample-key', 'k-wrong-key')
      .header('accept-language', 'es')
      .json({})
    wrong.assertStatus(401)
    wrong.assertBodyContains({
      error: 'ERR_SAMPLE_KEY_MISMATCH',
      message: 'La clave del canal de ejemplo no coincide.',
    })
  })

  test("an API connection's callback URL and secret are set through PUT /whatsapp/:id; outbound messages reach it", async ({
    client,
    assert,
  }) => {
    const { company, admin, adminToken } = await createTenant()
    const rx = await receiver()
    try {
      const created = await client
        .post('/whatsapp')
        .bearerToken(adminToken)
        .json({ name: 'Integração', channel: 'api' })
      created.assertStatus(201)
      const id = created.body().id
      const bad = await client
        .put(`/whatsapp/${id}`)
        .bearerToken(adminToken)
        .json({ settings: { callbackUrl: 'javascript:alert(1)', secret: 'short' } })
      bad.assertStatus(422)
      const secret = 'a-callback-secret-from-the-ui'
      const put = await client
        .put(`/whatsapp/${id}`)
        .bearerToken(adminToken)
        .json({ settings: { callbackUrl: rx.url, secret, evil: 'x' } })
      put.assertStatus(200)
      assert.equal(put.body().channelSettings.callbackUrl, rx.url)
      assert.isTrue(put.body().channelSecrets.secret)
      assert.notInclude(JSON.stringify(put.body()), secret)
      assert.deepEqual(await stored(id), { callbackUrl: rx.url, secret })

      const token = created.body().token
      const number = rand()
      ;(await apiWebhook(client, token, secret, { id: 'ui-in-1', from: { number }, body: 'oi' })).assertStatus(202)
      await waitProcessed(company.id)
      const ticket = await db.from('tickets').where({ company_id: company.id, whatsapp_id: id }).firstOrFail()
      await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: admin.id })
      const sent = await client.post(`/messages/${ticket.id}`).bearerToken(adminToken).json({ body: 'Resposta' })
      sent.assertStatus(201)
      await waitFor(async () => rx.calls.length > 0 || null, 20000)
      const payload = JSON.parse(rx.calls[0].body)
      assert.equal(payload.body, 'Resposta')
      const ts = Number(rx.calls[0].headers['x-balcao-timestamp'])
      assert.equal(rx.calls[0].headers['x-balcao-signature'], sign(secret, ts, rx.calls[0].body))
    } finally {
      await rx.close()
    }
  })

  test("reading a chat sends read receipts through the driver's markRead, in a job", async ({ client, assert }) => {
    const { company, admin, adminToken } = await createTenant()
    const secret = 'read-receipts-secret-12345'
    const w = await tenancy.run(company.id, () =>
      Whatsapp.create({ name: 'R', channel: 'api', status: 'CONNECTED', settings: { secret } } as any)
    )
    const reads: { connection: number; keys: ReadKey[] }[] = []
    const real = channelRegistry.driver('api')!
    const restore = channelRegistry.swap({
      ...real,
      async markRead(connection, keys) {
        reads.push({ connection: connection.id, keys })
      },
    })
    try {
      const number = rand()
      for (const mid of ['rr-1', 'rr-2'])
        (await apiWebhook(client, w.token, secret, { id: mid, from: { number }, body: mid })).assertStatus(202)
      await waitProcessed(company.id)
      const ticket = await db.from('tickets').where({ company_id: company.id, whatsapp_id: w.id }).firstOrFail()
      await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: admin.id })
      assert.isAbove((await db.from('tickets').where('id', ticket.id).firstOrFail()).unread_messages, 0)
      ;(await client.get(`/messages/${ticket.id}`).bearerToken(adminToken)).assertStatus(200)
      await waitFor(async () => reads.length > 0 || null, 20000)
      assert.equal(reads[0].connection, w.id)
      assert.sameMembers(
        reads[0].keys.map((k) => k.providerId),
        ['rr-1', 'rr-2']
      )
      assert.equal(reads[0].keys[0].chat.number, number)
      assert.equal((await db.from('tickets').where('id', ticket.id).firstOrFail()).unread_messages, 0)
      // reading again sends nothing more
      ;(await client.get(`/messages/${ticket.id}`).bearerToken(adminToken)).assertStatus(200)
      await new Promise((r) => setTimeout(r, 500))
      assert.lengthOf(reads, 1)
    } finally {
      restore()
    }
  })
})
