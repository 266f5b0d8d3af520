/**
 * Issue 12: what a contact writes is never refused for the characters in it,
 * what the webhook accepts can always be stored, a dead event is visible, and
 * the client address comes from a trusted proxy only.
 */
import { test } from '@japa/runner'
import { createHmac } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { inbound } from '#core/pipeline'
import { tenancy } from '#core/tenancy'
import { rateLimiter } from '#core/http'
import { compileTrustProxy } from '#services/trust_proxy'
import { startApiProcess } from '#tests/helpers/processes'
import { inboxWorld, message, rand, startWorkers, waitProcessed } from '#tests/helpers/inbox'
import { setPlanFlags } from '#tests/helpers/world'

function webhook(client: any, token: string, body: unknown) {
  const raw = JSON.stringify(body)
  const ts = Math.floor(Date.now() / 1000)
  return client
    .post(`/channels/api/webhook/${token}`)
    .header('content-type', 'application/json')
    .header('x-balcao-timestamp', String(ts))
    .header('x-balcao-signature', 'sha256=' + createHmac('sha256', token).update(`${ts}.${raw}`).digest('hex'))
    .json(body)
}

test.group('hardening', (group) => {
  group.each.setup(async () => {
    await rateLimiter.resetAll()
    await startWorkers()
  })

  test('a contact message with NUL characters is accepted and stored without them', async ({ client, assert }) => {
    const w = await inboxWorld()
    await setPlanFlags(w.company.planId, { useExternalApi: true })
    const number = rand()
    const r = await webhook(client, w.whatsapp.token, {
      id: 'nul-1',
      from: { number, name: 'A\u0000na' },
      body: 'Olá\u0000 mundo \ud800',
    })
    r.assertStatus(202)
    await waitProcessed(w.company.id)
    const stored = await db.from('messages').where({ company_id: w.company.id, wid: 'nul-1' }).firstOrFail()
    assert.equal(stored.body, 'Olá mundo \ufffd')
    const contact = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
    assert.equal(contact.name, 'Ana')
  })

  test('NUL and lone surrogates elsewhere are refused with a validation error', async ({ client }) => {
    const w = await inboxWorld()
    const login = await client.post('/auth/login').json({ email: 'a\u0000@x.test', password: 'x' })
    login.assertStatus(422)
    login.assertBodyContains({ error: 'ERR_VALIDATION' })
    const search = await client.get('/contacts').qs({ searchParam: 'a\u0000' }).bearerToken(w.adminToken)
    search.assertStatus(422)
    const email = await client
      .post('/users')
      .bearerToken(w.adminToken)
      .json({ name: 'X', email: 'x\ud800@example.test', password: 'pass-123' })
    email.assertStatus(422)
  })

  test('a body that claims gzip and is not answers 400 before sign-in is even checked', async ({ assert }) => {
    const r = await fetch(`http://${process.env.HOST}:${process.env.PORT}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'accept': 'application/json' },
      body: '{"email":"a@b.c","password":"x"}',
    })
    assert.equal(r.status, 400)
    assert.equal(((await r.json()) as any).error, 'ERR_VALIDATION')
  })

  test('the webhook refuses a timestamp that could never be stored instead of accepting it', async ({ client }) => {
    const w = await inboxWorld()
    await setPlanFlags(w.company.planId, { useExternalApi: true })
    const r = await webhook(client, w.whatsapp.token, {
      id: 'ts-1',
      from: { number: rand() },
      body: 'x',
      timestamp: 1e308,
    })
    r.assertStatus(422)
    await assertRejects(() =>
      inbound.ingest(w.company.id, { ...message(w.whatsapp.id, rand(), 'x'), timestamp: 1e308 } as any)
    )
  })

  test('an event that failed every attempt is counted on its connection health (dead letters)', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const { id } = await inbound.ingest(w.company.id, message(w.whatsapp.id, rand(), 'x', { eventId: 'dead-1' } as any))
    await db.from('inbound_events').where('id', id).update({ status: 'failed' })
    const counts = await tenancy.run(w.company.id, () => inbound.failedCounts([w.whatsapp.id]))
    assert.equal(counts.get(w.whatsapp.id), 1)
    const r = await client.get('/whatsapp').bearerToken(w.adminToken)
    r.assertStatus(200)
    const conn = (r.body() as any[]).find((c) => c.id === w.whatsapp.id)
    assert.equal(conn.health.failedEvents, 1)
  })

  test('TRUST_PROXY: addresses, CIDR ranges and loopback; nobody by default', ({ assert }) => {
    assert.isFalse(compileTrustProxy(undefined)('127.0.0.1', 0))
    assert.isFalse(compileTrustProxy('')('10.0.0.1', 0))
    const trust = compileTrustProxy('loopback, 10.1.0.0/16, 192.168.5.7')
    assert.isTrue(trust('127.0.0.1', 0))
    assert.isTrue(trust('::ffff:127.0.0.1', 0))
    assert.isTrue(trust('::1', 0))
    assert.isTrue(trust('10.1.200.3', 0))
    assert.isFalse(trust('10.2.0.1', 0))
    assert.isTrue(trust('192.168.5.7', 0))
    assert.isFalse(trust('192.168.5.8', 0))
  })

  test('behind a trusted proxy each client has its own sign-in limit; untrusted X-Forwarded-For is ignored', async ({
    assert,
  }) => {
    const attempt = (url: string, ip: string) =>
      fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: `nobody-${rand()}@example.test`, password: 'wrong-password' }),
      }).then((r) => r.status)
    const inProcess = `http://${process.env.HOST}:${process.env.PORT}`
    // no TRUST_PROXY: six different forwarded addresses are one client
    const untrusted = []
    for (let i = 0; i < 6; i++) untrusted.push(await attempt(inProcess, `203.0.113.${i}`))
    assert.equal(untrusted.at(-1), 429)
    await rateLimiter.resetAll()
    const api = await startApiProcess({ TRUST_PROXY: 'loopback' })
    try {
      const trusted = []
      for (let i = 0; i < 6; i++) trusted.push(await attempt(api.url, `198.51.100.${i + 10}`))
      assert.notInclude(trusted, 429)
      const same = []
      for (let i = 0; i < 6; i++) same.push(await attempt(api.url, '198.51.100.99'))
      assert.equal(same.at(-1), 429)
    } finally {
      await api.stop()
      await rateLimiter.resetAll()
    }
  }).timeout(90_000)
})

async function assertRejects(fn: () => Promise<unknown>) {
  let threw = false
  try {
    await fn()
  } catch {
    threw = true
  }
  if (!threw) throw new Error('expected a rejection')
}
