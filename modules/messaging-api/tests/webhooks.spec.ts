import { test } from '@japa/runner'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { createHmac, timingSafeEqual } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { rateLimiter } from '#core/http'
import { setPlanFlags } from '#tests/helpers/world'
import {
  ingest,
  inboxWorld,
  message,
  rand,
  recordingDriver,
  startWorkers,
  waitFor,
  waitProcessed,
} from '#tests/helpers/inbox'

/** A local receiver standing in for the company's system (loopback only); answer(n) gives the n-th call's status. */
async function receiver(answer: (n: number) => number = () => 200) {
  const calls: { headers: IncomingMessage['headers']; body: string }[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      calls.push({ headers: req.headers, body })
      res.writeHead(answer(calls.length), { 'content-type': 'text/plain' })
      res.end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as any).port
  return { calls, url: `http://127.0.0.1:${port}/events`, close: () => new Promise((r) => server.close(r)) }
}

/** What the company's system does to trust a delivery. */
function verified(secret: string, call: { headers: IncomingMessage['headers']; body: string }) {
  const ts = String(call.headers['x-balcao-timestamp'])
  const expected = Buffer.from('sha256=' + createHmac('sha256', secret).update(`${ts}.${call.body}`).digest('hex'))
  const given = Buffer.from(String(call.headers['x-balcao-signature']))
  return expected.length === given.length && timingSafeEqual(expected, given)
}

test.group('messaging API: outgoing webhooks', (group) => {
  group.each.setup(async () => {
    await rateLimiter.resetAll()
    await startWorkers()
    process.env.MESSAGING_API_WEBHOOK_BACKOFF_MS = '100'
    return () => {
      delete process.env.MESSAGING_API_WEBHOOK_BACKOFF_MS
    }
  })

  test('events are delivered signed; a failing receiver is retried with backoff; the log shows it', async ({
    client,
    assert,
    cleanup,
  }) => {
    const driver = recordingDriver()
    cleanup(() => {
      driver.restore()
    })
    const rx = await receiver((n) => (n === 1 ? 500 : 200))
    cleanup(async () => {
      await rx.close()
    })
    const w = await inboxWorld()
    const created = await client
      .post('/messages-api/webhooks')
      .bearerToken(w.adminToken)
      .json({ url: rx.url, events: ['message.received', 'ticket.closed', 'message.status'] })
    created.assertStatus(201)
    const { id, secret } = created.body()
    assert.match(secret, /^whsec_/)
    const list = await client.get('/messages-api/webhooks').bearerToken(w.adminToken)
    assert.notProperty(list.body()[0], 'secret')

    const number = rand()
    await ingest(w, message(w.whatsapp.id, number, 'Olá, preciso de ajuda'))
    await waitProcessed(w.company.id)
    // first answer 500, then 200: two calls of one delivery
    await waitFor(async () => rx.calls.length >= 2)
    const received = rx.calls.map((c) => JSON.parse(c.body)).filter((b) => b.event === 'message.received')
    assert.lengthOf(received, 2)
    assert.equal(received[0].id, received[1].id)
    assert.equal(received[0].data.body, 'Olá, preciso de ajuda')
    assert.equal(received[0].companyId, w.company.id)
    for (const call of rx.calls) {
      assert.isTrue(verified(secret, call))
      assert.equal(call.headers['x-balcao-event'], 'message.received')
    }
    assert.isFalse(verified('whsec_wrong', rx.calls[0]))

    const log = await waitFor(async () => {
      const r = await client.get(`/messages-api/webhooks/${id}/deliveries`).bearerToken(w.adminToken)
      return r.body().deliveries[0]?.status === 'success' ? r : null
    })
    const [d] = log.body().deliveries
    assert.equal(d.attempts, 2)
    assert.equal(d.responseCode, 200)
    assert.equal(d.event, 'message.received')

    // resend: one more call of the same delivery
    const before = rx.calls.length
    ;(await client.post(`/messages-api/deliveries/${d.id}/resend`).bearerToken(w.adminToken)).assertStatus(200)
    await waitFor(async () => rx.calls.length > before)
    assert.equal(JSON.parse(rx.calls.at(-1)!.body).id, d.id)

    // a message sent through the API with closeTicket: message.status and ticket.closed follow
    const sent = await client
      .post('/api/messages/send')
      .header('authorization', `Bearer ${w.whatsapp.token}`)
      .json({ number, body: 'Resolvido', closeTicket: true })
    sent.assertStatus(202)
    await waitFor(async () => rx.calls.some((c) => JSON.parse(c.body).event === 'ticket.closed'))
    const closed = rx.calls.map((c) => JSON.parse(c.body)).find((b) => b.event === 'ticket.closed')
    assert.equal(closed.data.ticketId, sent.body().ticketId)
    const status = await waitFor(
      async () =>
        rx.calls.map((c) => JSON.parse(c.body)).find((b) => b.event === 'message.status' && b.data.status === 'sent'),
      20000
    )
    assert.equal(status.data.messageId, sent.body().messageId)
  })

  test('a receiver that keeps failing: the delivery ends failed after its attempts; inactive hooks get nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    const rx = await receiver(() => 503)
    cleanup(async () => {
      await rx.close()
    })
    const w = await inboxWorld()
    const created = await client
      .post('/messages-api/webhooks')
      .bearerToken(w.adminToken)
      .json({ url: rx.url, events: ['message.received'] })
    const id = created.body().id
    await ingest(w, message(w.whatsapp.id, rand(), 'oi'))
    await waitProcessed(w.company.id)
    const log = await waitFor(async () => {
      const r = await client.get(`/messages-api/webhooks/${id}/deliveries`).bearerToken(w.adminToken)
      return r.body().deliveries[0]?.status === 'failed' ? r : null
    }, 30000)
    assert.equal(log.body().deliveries[0].attempts, 6)
    assert.equal(log.body().deliveries[0].responseCode, 503)
    assert.lengthOf(rx.calls, 6)

    ;(await client.put(`/messages-api/webhooks/${id}`).bearerToken(w.adminToken).json({ active: false })).assertStatus(
      200
    )
    await ingest(w, message(w.whatsapp.id, rand(), 'de novo'))
    await waitProcessed(w.company.id)
    await new Promise((r) => setTimeout(r, 500))
    assert.lengthOf(rx.calls, 6)
    const rows = await db.from('messaging_api_deliveries').where('webhook_id', id)
    assert.lengthOf(rows, 1)

    // active again, but the plan lost the external API: no events either
    ;(await client.put(`/messages-api/webhooks/${id}`).bearerToken(w.adminToken).json({ active: true })).assertStatus(
      200
    )
    await setPlanFlags(w.company.planId, { useExternalApi: false })
    await ingest(w, message(w.whatsapp.id, rand(), 'sem plano'))
    await waitProcessed(w.company.id)
    await new Promise((r) => setTimeout(r, 500))
    assert.lengthOf(await db.from('messaging_api_deliveries').where('webhook_id', id), 1)
  })

  test('ticket.created: once per new ticket, from the inbox or from the API', async ({ client, assert, cleanup }) => {
    const driver = recordingDriver()
    cleanup(() => {
      driver.restore()
    })
    const rx = await receiver()
    cleanup(async () => {
      await rx.close()
    })
    const w = await inboxWorld()
    ;(
      await client
        .post('/messages-api/webhooks')
        .bearerToken(w.adminToken)
        .json({ url: rx.url, events: ['ticket.created'] })
    ).assertStatus(201)
    const number = rand()
    await ingest(w, message(w.whatsapp.id, number, 'primeira'))
    await ingest(w, message(w.whatsapp.id, number, 'segunda'))
    await waitProcessed(w.company.id)
    const sent = await client
      .post('/api/messages/send')
      .header('authorization', `Bearer ${w.whatsapp.token}`)
      .json({ number: rand(), body: 'novo contato' })
    sent.assertStatus(202)
    await waitFor(async () => rx.calls.length >= 2)
    await new Promise((r) => setTimeout(r, 800))
    const created = rx.calls.map((c) => JSON.parse(c.body))
    assert.lengthOf(created, 2)
    assert.isTrue(created.every((b) => b.event === 'ticket.created'))
    assert.include(
      created.map((b) => b.data.ticketId),
      sent.body().ticketId
    )
  })

  test('webhook validation, and another company sees none of it', async ({ client, assert }) => {
    const w = await inboxWorld()
    const other = await inboxWorld()
    const bad = [
      { url: 'ftp://example.test/x', events: ['message.received'] },
      { url: 'not a url', events: ['message.received'] },
      { url: 'https://example.test/x', events: [] },
      { url: 'https://example.test/x', events: ['message.deleted'] },
    ]
    for (const body of bad) {
      const r = await client.post('/messages-api/webhooks').bearerToken(w.adminToken).json(body)
      r.assertStatus(422)
    }
    const creds = await client
      .post('/messages-api/webhooks')
      .bearerToken(w.adminToken)
      .json({ url: 'https://user:pass@example.test/x', events: ['ticket.created'] })
    creds.assertStatus(422)
    creds.assertBodyContains({ error: 'ERR_WEBHOOK_URL_NOT_ALLOWED' })
    const ok = await client
      .post('/messages-api/webhooks')
      .bearerToken(w.adminToken)
      .json({ url: 'https://hooks.example.test/in', events: ['ticket.created'] })
    ok.assertStatus(201)
    const id = ok.body().id
    ;(await client.get(`/messages-api/webhooks/${id}/secret`).bearerToken(other.adminToken)).assertStatus(404)
    ;(
      await client.put(`/messages-api/webhooks/${id}`).bearerToken(other.adminToken).json({ active: false })
    ).assertStatus(404)
    ;(await client.delete(`/messages-api/webhooks/${id}`).bearerToken(other.adminToken)).assertStatus(404)
    assert.deepEqual((await client.get('/messages-api/webhooks').bearerToken(other.adminToken)).body(), [])
    ;(await client.delete(`/messages-api/webhooks/${id}`).bearerToken(w.adminToken)).assertStatus(200)
  })
})
