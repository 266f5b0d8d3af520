import { test } from '@japa/runner'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { createHmac } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { rateLimiter } from '#core/http'
import { createConnection, inboxWorld, rand, startWorkers, waitFor, waitProcessed } from '#tests/helpers/inbox'
import { setPlanFlags } from '#tests/helpers/world'

const sign = (secret: string, ts: number, raw: string) =>
  'sha256=' + createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex')

function post(
  client: any,
  token: string,
  secret: string,
  body: unknown,
  opts: { ts?: number; signature?: string } = {}
) {
  const raw = JSON.stringify(body)
  const ts = opts.ts ?? Math.floor(Date.now() / 1000)
  return client
    .post(`/channels/api/webhook/${token}`)
    .header('content-type', 'application/json')
    .header('x-balcao-timestamp', String(ts))
    .header('x-balcao-signature', opts.signature ?? sign(secret, ts, raw))
    .json(body)
}

/** A company whose API connection signs with `secret`. */
async function signedWorld(secret: string) {
  const w = await inboxWorld()
  await db
    .from('whatsapps')
    .where('id', w.whatsapp.id)
    .update({ settings: JSON.stringify({ secret }) })
  return w
}

/** A local receiver standing in for the outside system (loopback only). */
async function receiver(answer: (n: number) => number) {
  const calls: { headers: IncomingMessage['headers']; body: string }[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      calls.push({ headers: req.headers, body })
      const status = answer(calls.length)
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: `ext-${calls.length}` }))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as any).port
  return { calls, url: `http://127.0.0.1:${port}/hook`, close: () => new Promise((r) => server.close(r)) }
}

test.group('API channel', (group) => {
  group.each.setup(async () => {
    await startWorkers()
    // every test starts with no counted attempts and leaves none behind
    await rateLimiter.resetAll()
    return () => rateLimiter.resetAll()
  })

  test('a signed webhook message lands in the inbox once; bad, stale or unknown signatures are refused', async ({
    client,
    assert,
  }) => {
    const secret = 'a-very-long-shared-secret-123'
    const w = await signedWorld(secret)
    const number = rand()
    const event = { id: 'ext-msg-1', from: { number: `+${number}`, name: 'Ana' }, body: 'Olá pelo webhook' }
    const r = await post(client, w.whatsapp.token, secret, event)
    r.assertStatus(202)
    assert.isFalse(r.body().duplicate)
    const again = await post(client, w.whatsapp.token, secret, event)
    again.assertStatus(202)
    assert.isTrue(again.body().duplicate)
    await waitProcessed(w.company.id)
    const contact = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
    assert.equal(contact.name, 'Ana')
    assert.equal(Number((await db.from('messages').where('contact_id', contact.id).count('* as n'))[0].n), 1)

    const badSig = await post(client, w.whatsapp.token, secret, event, { signature: 'sha256=' + '0'.repeat(64) })
    badSig.assertStatus(401)
    badSig.assertBodyContains({ error: 'ERR_INVALID_SIGNATURE' })
    const stale = await post(client, w.whatsapp.token, secret, event, { ts: Math.floor(Date.now() / 1000) - 3600 })
    stale.assertStatus(401)
    const unknown = await post(client, 'Z'.repeat(30), secret, event)
    unknown.assertStatus(401)
    const unsigned = await client.post(`/channels/api/webhook/${w.whatsapp.token}`).json(event)
    unsigned.assertStatus(401)
    const invalid = await post(client, w.whatsapp.token, secret, { id: '', from: {} })
    invalid.assertStatus(422)
  })

  test('a hot limit is counted through local leases: a shared count in 50, never above the limit, a lockout refuses the next lease', async ({
    assert,
  }) => {
    const limit = { key: `lease:${rand()}`, max: 120, windowSeconds: 60 }
    const blocker = { key: `lease-block:${rand()}`, max: 2, windowSeconds: 60 }
    const outcomes = await Promise.all(
      Array.from({ length: 130 }, () =>
        rateLimiter.consumeLeased(blocker, limit).then(
          () => 'ok',
          (e) => String(e.status)
        )
      )
    )
    assert.equal(outcomes.filter((o) => o === 'ok').length, 120)
    assert.equal(outcomes.filter((o) => o === '429').length, 10)

    // several at once: a request of 30 is taken whole or refused, and a refused one leaves the rest usable
    await rateLimiter.resetAll()
    const bulk = { key: `lease-bulk:${rand()}`, max: 100, windowSeconds: 60 }
    const bulkOutcomes = await Promise.all(
      Array.from({ length: 4 }, () =>
        rateLimiter.consumeLeased(blocker, bulk, 30).then(
          () => 'ok',
          (e) => String(e.status)
        )
      )
    )
    assert.deepEqual(bulkOutcomes.sort(), ['429', 'ok', 'ok', 'ok'])
    for (let i = 0; i < 10; i++) await rateLimiter.consumeLeased(blocker, bulk)
    await assert.rejects(() => rateLimiter.consumeLeased(blocker, bulk))

    // a locked-out caller is refused at the next lease, not before the current one is spent
    await rateLimiter.resetAll()
    const small = { key: `lease-small:${rand()}`, max: 1000, windowSeconds: 60 }
    await rateLimiter.consumeLeased(blocker, small)
    await assert.rejects(() => rateLimiter.consume([blocker, blocker, blocker]))
    for (let i = 0; i < 49; i++) await rateLimiter.consumeLeased(blocker, small)
    await assert.rejects(() => rateLimiter.consumeLeased(blocker, small))
  })

  test('webhook rate limits: guessing signatures locks the address out; one connection cannot flood', async ({
    client,
    assert,
    cleanup,
  }) => {
    const secret = 'rate-limited-shared-secret-789'
    const w = await signedWorld(secret)
    const event = { id: 'rl-1', from: { number: rand() }, body: 'oi' }
    for (let i = 0; i < 20; i++) {
      const bad = await post(client, w.whatsapp.token, secret, event, { signature: 'sha256=' + 'f'.repeat(64) })
      bad.assertStatus(401)
    }
    const locked = await post(client, w.whatsapp.token, secret, event, { signature: 'sha256=' + 'f'.repeat(64) })
    locked.assertStatus(429)
    // while locked out, even a right signature is not checked
    const refused = await post(client, w.whatsapp.token, secret, event)
    refused.assertStatus(429)
    refused.assertBodyContains({ error: 'ERR_TOO_MANY_REQUESTS' })
    await rateLimiter.resetAll()

    process.env.API_WEBHOOK_PER_MINUTE = '3'
    cleanup(() => {
      delete process.env.API_WEBHOOK_PER_MINUTE
    })
    const answers = []
    for (let i = 0; i < 4; i++) {
      answers.push((await post(client, w.whatsapp.token, secret, { ...event, id: `rl-flood-${i}` })).status())
    }
    assert.deepEqual(answers, [202, 202, 202, 429])
    await waitProcessed(w.company.id)
    const stored = await db.from('messages').where({ company_id: w.company.id }).whereLike('wid', 'rl-flood-%')
    assert.lengthOf(stored, 3)
  })

  test('a batch of events in one request: stored in order, whole or not at all, counted per event', async ({
    client,
    assert,
    cleanup,
  }) => {
    const secret = 'batched-shared-secret-0123'
    const w = await signedWorld(secret)
    const ana = rand()
    const bia = rand()
    const batch = [
      { id: 'b-1', from: { number: ana, name: 'Ana' }, body: 'primeira' },
      { id: 'b-2', from: { number: bia, name: 'Bia' }, body: 'oi' },
      { id: 'b-3', from: { number: ana }, body: 'segunda' },
      { id: 'b-4', from: { number: ana }, body: 'terceira' },
    ]
    const r = await post(client, w.whatsapp.token, secret, batch)
    r.assertStatus(202)
    assert.deepEqual(
      r.body().events.map((e: any) => e.duplicate),
      [false, false, false, false]
    )
    const again = await post(client, w.whatsapp.token, secret, batch.slice(2))
    assert.deepEqual(
      again.body().events.map((e: any) => e.duplicate),
      [true, true]
    )
    // the same id twice in one request: stored once, the second answered as its duplicate with the same id
    const twice = await post(client, w.whatsapp.token, secret, [
      { id: 'b-9', from: { number: ana }, body: 'quarta' },
      { id: 'b-9', from: { number: ana }, body: 'quarta' },
    ])
    twice.assertStatus(202)
    const [one, two] = twice.body().events
    assert.deepEqual([one.duplicate, two.duplicate], [false, true])
    assert.equal(two.id, one.id)
    await waitProcessed(w.company.id)
    const contact = await db.from('contacts').where({ company_id: w.company.id, number: ana }).firstOrFail()
    const bodies = await db.from('messages').where('contact_id', contact.id).orderBy('id').select('body')
    assert.deepEqual(
      bodies.map((m) => m.body),
      ['primeira', 'segunda', 'terceira', 'quarta']
    )

    // one bad event refuses the request: nothing of it is stored
    const bad = await post(client, w.whatsapp.token, secret, [
      { id: 'b-5', from: { number: ana }, body: 'boa' },
      { id: 'b-6', from: { number: ana }, body: 'tarde', timestamp: 9e11 },
    ])
    bad.assertStatus(422)
    const tooMany = await post(
      client,
      w.whatsapp.token,
      secret,
      Array.from({ length: 101 }, (_, i) => ({ id: `many-${i}`, from: { number: ana }, body: 'x' }))
    )
    tooMany.assertStatus(422)
    const empty = await post(client, w.whatsapp.token, secret, [])
    empty.assertStatus(422)
    const stored = await db
      .from('inbound_events')
      .where({ company_id: w.company.id })
      .whereIn('event_id', ['b-5', 'b-6'])
    assert.lengthOf(stored, 0)

    // the connection's limit counts events, not requests
    await rateLimiter.resetAll()
    process.env.API_WEBHOOK_PER_MINUTE = '5'
    cleanup(() => {
      delete process.env.API_WEBHOOK_PER_MINUTE
    })
    const four = Array.from({ length: 4 }, (_, i) => ({ id: `lim-${i}`, from: { number: bia }, body: `n${i}` }))
    ;(await post(client, w.whatsapp.token, secret, four)).assertStatus(202)
    const over = await post(client, w.whatsapp.token, secret, [
      { id: 'lim-4', from: { number: bia }, body: 'n4' },
      { id: 'lim-5', from: { number: bia }, body: 'n5' },
    ])
    over.assertStatus(429)
    ;(await post(client, w.whatsapp.token, secret, { id: 'lim-6', from: { number: bia }, body: 'n6' })).assertStatus(
      202
    )
    await waitProcessed(w.company.id)
    const limited = await db
      .from('messages')
      .where({ company_id: w.company.id })
      .whereLike('wid', 'lim-%')
      .orderBy('id')
    assert.deepEqual(
      limited.map((m) => m.wid),
      ['lim-0', 'lim-1', 'lim-2', 'lim-3', 'lim-6']
    )
  })

  test('the plan flag useExternalApi is enforced on the webhook', async ({ client }) => {
    const w = await inboxWorld()
    await setPlanFlags((await db.from('companies').where('id', w.company.id).firstOrFail()).plan_id, {
      useExternalApi: false,
    })
    const r = await post(client, w.whatsapp.token, w.whatsapp.token, { id: 'x1', from: { number: rand() }, body: 'hi' })
    r.assertStatus(403)
    r.assertBodyContains({ error: 'ERR_PLAN_FEATURE_DISABLED' })
  })

  test('outbound: POSTed signed to the callback, retried on failure, logged, acked once', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const secret = 'another-long-shared-secret-456'
    const rx = await receiver((n) => (n === 1 ? 500 : 200))
    try {
      const conn = await createConnection(w.company, { settings: { secret, callbackUrl: rx.url } } as any)
      const number = rand()
      await post(client, conn.token, secret, { id: 'in-1', from: { number }, body: 'quero comprar' })
      await waitProcessed(w.company.id)
      const ticket = await db.from('tickets').where({ company_id: w.company.id, whatsapp_id: conn.id }).firstOrFail()
      await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: w.admin.id })
      const sent = await client
        .post(`/messages/${ticket.id}`)
        .bearerToken(w.adminToken)
        .json({ body: 'Claro! Qual produto?' })
      sent.assertStatus(201)
      const id = sent.body().messages[0].id
      const row = await waitFor(async () => {
        const m = await db.from('messages').where('id', id).first()
        return m?.ack >= 1 ? m : null
      }, 20000)
      assert.lengthOf(rx.calls, 2)
      const delivered = rx.calls[1]
      const payload = JSON.parse(delivered.body)
      assert.equal(payload.body, 'Claro! Qual produto?')
      assert.equal(payload.to.number, number)
      assert.equal(delivered.headers['idempotency-key'], payload.id)
      assert.equal(rx.calls[0].headers['idempotency-key'], payload.id)
      const ts = Number(delivered.headers['x-balcao-timestamp'])
      assert.equal(delivered.headers['x-balcao-signature'], sign(secret, ts, delivered.body))
      assert.equal(row.wid, 'ext-2')
      // the log is written beside the send, not before the ack
      const log = await waitFor(async () => {
        const rows = await db.from('api_channel_deliveries').where('whatsapp_id', conn.id).orderBy('id')
        return rows.length >= 2 ? rows : null
      })
      assert.deepEqual(
        log.map((l) => [l.status_code, l.ok]),
        [
          [500, false],
          [200, true],
        ]
      )

      // the outside system reports "read" for the id it returned
      await post(client, conn.token, secret, { type: 'ack', id: 'ext-2', ack: 3, from: { number } })
      await waitProcessed(w.company.id)
      assert.equal((await db.from('messages').where('id', id).firstOrFail()).ack, 3)
    } finally {
      await rx.close()
    }
  })
})
