import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { rateLimiter } from '#core/http'
import { channelRegistry } from '#core/channels'
import { agent, inboxWorld, rand, recordingDriver, startWorkers, waitFor } from '#tests/helpers/inbox'
import { createTenant, setPlanFlags } from '#tests/helpers/world'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

const send = (client: any, token: string | null, body: Record<string, unknown>, key?: string) => {
  let req = client.post('/api/messages/send')
  if (token) req = req.header('authorization', `Bearer ${token}`)
  if (key) req = req.header('idempotency-key', key)
  return req.json(body)
}

const messagesOf = async (companyId: number, number: string) => {
  const contact = await db.from('contacts').where({ company_id: companyId, number }).first()
  if (!contact) return []
  return db.from('messages').where('contact_id', contact.id).orderBy('id')
}

test.group('messaging API: auth, plan and validation', (group) => {
  group.each.setup(async () => {
    await rateLimiter.resetAll()
    await startWorkers()
  })

  test('only a connection token authenticates; the company is the token’s', async ({ client, assert, cleanup }) => {
    const driver = recordingDriver()
    cleanup(() => {
      driver.restore()
    })
    const a = await inboxWorld()
    const b = await inboxWorld()
    const number = rand()

    const none = await send(client, null, { number, body: 'oi' })
    none.assertStatus(401)
    none.assertBodyContains({ error: 'ERR_API_INVALID_TOKEN' })
    ;(await send(client, 'x'.repeat(30), { number, body: 'oi' })).assertStatus(401)
    // a signed-in user's session token is not an API token
    ;(await send(client, a.adminToken, { number, body: 'oi' })).assertStatus(401)
    ;(
      await client
        .post('/api/messages/send')
        .header('authorization', `Basic ${a.whatsapp.token}`)
        .json({ number, body: 'oi' })
    ).assertStatus(401)

    const ok = await send(client, a.whatsapp.token, { number, body: 'Olá pela API' })
    ok.assertStatus(202)
    assert.equal(ok.body().status, 'SUCCESS')
    assert.isNumber(ok.body().messageId)
    assert.isNumber(ok.body().ticketId)
    const ticket = await db.from('tickets').where('id', ok.body().ticketId).first()
    assert.equal(ticket.company_id, a.company.id)
    assert.equal(ticket.whatsapp_id, a.whatsapp.id)
    // b's token lands in b's company only
    const other = await send(client, b.whatsapp.token, { number, body: 'de B' })
    other.assertStatus(202)
    assert.equal((await db.from('tickets').where('id', other.body().ticketId).first()).company_id, b.company.id)
    assert.lengthOf(await messagesOf(a.company.id, number), 1)
    await waitFor(
      async () => driver.sent.some((m) => m.body === 'de B') && driver.sent.some((m) => m.body === 'Olá pela API')
    )

    // status of what this token sent; another connection's token does not see it
    const status = await waitFor(async () => {
      const r = await client
        .get(`/api/messages/${ok.body().messageId}`)
        .header('authorization', `Bearer ${a.whatsapp.token}`)
      return r.body().status === 'sent' ? r : null
    })
    assert.equal(status.body().ticketId, ok.body().ticketId)
    ;(
      await client.get(`/api/messages/${ok.body().messageId}`).header('authorization', `Bearer ${b.whatsapp.token}`)
    ).assertStatus(404)
    ;(await client.get(`/api/messages/abc`).header('authorization', `Bearer ${a.whatsapp.token}`)).assertStatus(404)
  })

  test('plan without useExternalApi: 403 on every call; inactive company: 402', async ({ client, assert }) => {
    const w = await inboxWorld()
    const number = rand()
    const sent = await send(client, w.whatsapp.token, { number, body: 'oi' })
    sent.assertStatus(202)
    await setPlanFlags(w.company.planId, { useExternalApi: false })
    const refused = await send(client, w.whatsapp.token, { number, body: 'oi' })
    refused.assertStatus(403)
    refused.assertBodyContains({ error: 'ERR_PLAN_FEATURE_DISABLED' })
    ;(
      await client.get(`/api/messages/${sent.body().messageId}`).header('authorization', `Bearer ${w.whatsapp.token}`)
    ).assertStatus(403)
    ;(await client.get('/messages-api/usage').bearerToken(w.adminToken)).assertStatus(403)
    assert.lengthOf(await messagesOf(w.company.id, number), 1)

    await setPlanFlags(w.company.planId, { useExternalApi: true })
    await db.from('companies').where('id', w.company.id).update({ status: false })
    ;(await send(client, w.whatsapp.token, { number, body: 'oi' })).assertStatus(402)
  })

  test('every field good and bad', async ({ client, assert }) => {
    const w = await inboxWorld()
    const foreign = await createTenant()
    const t = w.whatsapp.token
    const number = rand()
    for (const bad of ['+55 11 99999-0000', '5511-99999', '', '1234567', '1'.repeat(21), 'abc', null]) {
      const r = await send(client, t, { number: bad, body: 'oi' })
      r.assertStatus(422)
      r.assertBodyContains({ error: 'ERR_API_NUMBER_INVALID' })
      assert.equal(r.body().fields[0].field, 'number')
    }
    ;(await send(client, t, { body: 'oi' })).assertStatus(422)
    const empty = await send(client, t, { number, body: '   ' })
    empty.assertStatus(422)
    empty.assertBodyContains({ error: 'ERR_API_MESSAGE_EMPTY' })
    ;(await send(client, t, { number, body: 'oi', userId: 'abc' })).assertStatus(422)
    ;(await send(client, t, { number, body: 'oi', queueId: -1 })).assertStatus(422)
    ;(await send(client, t, { number, body: 'oi', closeTicket: 'maybe' })).assertStatus(422)
    ;(await send(client, t, { number, body: 12 })).assertStatus(422)
    const otherUser = await send(client, t, { number, body: 'oi', userId: foreign.admin.id })
    otherUser.assertStatus(422)
    otherUser.assertBodyContains({ error: 'ERR_NO_USER_FOUND' })
    const otherQueue = await send(client, t, { number, body: 'oi', queueId: 2147483000 })
    otherQueue.assertBodyContains({ error: 'ERR_NO_QUEUE_FOUND' })
    const badKey = await send(client, t, { number, body: 'oi' }, 'x'.repeat(201))
    badKey.assertStatus(400)
    badKey.assertBodyContains({ error: 'ERR_API_IDEMPOTENCY_KEY' })
    assert.lengthOf(await messagesOf(w.company.id, number), 0)
    // numbers as JSON numbers, '' for unset ids, msdelay ignored
    const ok = await send(client, t, { number: Number(number), body: 'oi', userId: '', queueId: null, msdelay: 500 })
    ok.assertStatus(202)
  })

  test('multipart with medias: sniffed type, limits', async ({ client, assert, cleanup }) => {
    const driver = recordingDriver()
    cleanup(() => {
      driver.restore()
    })
    const w = await inboxWorld()
    const number = rand()
    const auth = `Bearer ${w.whatsapp.token}`
    const ok = await client
      .post('/api/messages/send')
      .header('authorization', auth)
      .field('number', number)
      .field('body', 'Segue a foto')
      .file('medias', PNG, { filename: 'foto.png' })
    ok.assertStatus(202)
    const [msg] = await messagesOf(w.company.id, number)
    assert.equal(msg.media_type, 'image')
    assert.equal(msg.body, 'Segue a foto')
    assert.match(msg.media_url, new RegExp(`^c${w.company.id}/messaging-api/`))
    // (other tests' retried sends may reach this driver too: look for ours)
    const out = await waitFor(async () => driver.sent.find((m) => m.body === 'Segue a foto'))
    assert.equal(out.mediaType, 'image')
    assert.match(out.mediaUrl!, /^\/media\//)

    // content that is not what the name says
    const fake = await client
      .post('/api/messages/send')
      .header('authorization', auth)
      .field('number', number)
      .file('medias', Buffer.from('MZ\x90\x00 not an image'), { filename: 'foto.png' })
    fake.assertStatus(422)
    fake.assertBodyContains({ error: 'ERR_API_MEDIA_TYPE' })
    const exe = await client
      .post('/api/messages/send')
      .header('authorization', auth)
      .field('number', number)
      .file('medias', Buffer.from([0x4d, 0x5a, 0, 0, 1, 2]), { filename: 'app.exe' })
    exe.assertStatus(422)
    let many = client.post('/api/messages/send').header('authorization', auth).field('number', number)
    for (let i = 0; i < 6; i++) many = many.file('medias', PNG, { filename: `f${i}.png` })
    const tooMany = await many
    tooMany.assertStatus(413)
    tooMany.assertBodyContains({ error: 'ERR_API_MEDIA_TOO_LARGE' })
    const big = Buffer.concat([PNG, Buffer.alloc(16 * 1024 * 1024 + 10)])
    const tooBig = await client
      .post('/api/messages/send')
      .header('authorization', auth)
      .field('number', number)
      .file('medias', big, { filename: 'big.png' })
    tooBig.assertStatus(413)
    assert.lengthOf(await messagesOf(w.company.id, number), 1)

    // two files: the caption goes with the first; both answered
    const two = await client
      .post('/api/messages/send')
      .header('authorization', auth)
      .field('number', number)
      .field('body', 'Duas')
      .file('medias', PNG, { filename: 'a.png' })
      .file('medias', Buffer.from('%PDF-1.4\n%%EOF\n'), { filename: 'doc.pdf' })
    two.assertStatus(202)
    assert.lengthOf(two.body().messageIds, 2)
  })
})

test.group('messaging API: number check', (group) => {
  group.each.setup(async () => {
    await rateLimiter.resetAll()
    await startWorkers()
  })

  test('a channel that checks numbers refuses one without an account (404 ERR_CHECK_NUMBER)', async ({
    client,
    assert,
    cleanup,
  }) => {
    const sent: string[] = []
    const restore = channelRegistry.swap({
      name: 'api',
      async start() {},
      async stop() {},
      async send(_c, m) {
        sent.push(m.body)
        return { providerId: `p-${m.id}`, ack: 1 }
      },
      async checkNumber(_c, number) {
        return number.endsWith('0')
      },
    })
    cleanup(() => {
      restore()
    })
    const w = await inboxWorld()
    const missing = await send(client, w.whatsapp.token, { number: '5511999999991', body: 'oi' })
    missing.assertStatus(404)
    missing.assertBodyContains({ error: 'ERR_CHECK_NUMBER' })
    assert.lengthOf(await messagesOf(w.company.id, '5511999999991'), 0)
    ;(await send(client, w.whatsapp.token, { number: '5511999999990', body: 'oi' })).assertStatus(202)
  })
})

test.group('messaging API: tickets', (group) => {
  group.each.setup(async () => {
    await rateLimiter.resetAll()
    await startWorkers()
  })

  test('userId opens the ticket for that agent and queue; another agent gets the conflict', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const number = rand()
    const a = await agent(w)
    const first = await send(client, w.whatsapp.token, {
      number,
      body: 'primeira',
      userId: a.user.id,
      queueId: w.queue.id,
    })
    first.assertStatus(202)
    const t = await db.from('tickets').where('id', first.body().ticketId).first()
    assert.equal(t.status, 'open')
    assert.equal(t.user_id, a.user.id)
    assert.equal(t.queue_id, w.queue.id)

    const b = await agent(w)
    const conflict = await send(client, w.whatsapp.token, { number, body: 'minha vez', userId: b.user.id })
    conflict.assertStatus(409)
    conflict.assertBodyContains({ error: 'ERR_OTHER_OPEN_TICKET' })
    assert.equal(conflict.body().ticket.user.id, a.user.id)
    // the holder, or no agent named: the same ticket
    const same = await send(client, w.whatsapp.token, { number, body: 'de novo', userId: a.user.id })
    same.assertStatus(202)
    assert.equal(same.body().ticketId, first.body().ticketId)
    const plain = await send(client, w.whatsapp.token, { number, body: 'sem agente' })
    assert.equal(plain.body().ticketId, first.body().ticketId)
    assert.lengthOf(await messagesOf(w.company.id, number), 3)
  })

  test('closeTicket closes quietly; sendSignature signs; noRegister stores nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    const driver = recordingDriver()
    cleanup(() => {
      driver.restore()
    })
    const w = await inboxWorld()
    const a = await agent(w)
    const number = rand()
    const closed = await send(client, w.whatsapp.token, {
      number,
      body: 'Pedido enviado',
      closeTicket: true,
      userId: a.user.id,
      sendSignature: true,
    })
    closed.assertStatus(202)
    const t = await db.from('tickets').where('id', closed.body().ticketId).first()
    assert.equal(t.status, 'closed')
    assert.equal(t.unread_messages, 0)
    assert.include(t.last_message, 'Pedido enviado')
    const msgs = await messagesOf(w.company.id, number)
    // no farewell message
    assert.lengthOf(msgs, 1)
    assert.equal(msgs[0].body, `*${a.user.name}:*\nPedido enviado`)

    const quiet = rand()
    const nr = await send(client, w.whatsapp.token, { number: quiet, body: 'só envio', noRegister: true })
    nr.assertStatus(202)
    assert.isNull(nr.body().messageId)
    assert.isNumber(nr.body().requestId)
    await waitFor(async () => driver.sent.some((m) => m.body === 'só envio'))
    assert.equal(driver.sent.find((m) => m.body === 'só envio')!.to.number, quiet)
    assert.isNull(await db.from('contacts').where({ company_id: w.company.id, number: quiet }).first())
  })
})

test.group('messaging API: idempotency, rate limit and usage', (group) => {
  group.each.setup(async () => {
    await rateLimiter.resetAll()
    await startWorkers()
  })

  test('two concurrent identical calls with one Idempotency-Key send once', async ({ client, assert, cleanup }) => {
    const driver = recordingDriver()
    cleanup(() => {
      driver.restore()
    })
    const w = await inboxWorld()
    const number = rand()
    const payload = { number, body: 'uma vez só' }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(client, w.whatsapp.token, payload, 'order-42'))
    )
    const r1 = answers[0]
    for (const r of answers) {
      r.assertStatus(202)
      assert.deepEqual(r.body(), r1.body())
    }
    assert.lengthOf(
      answers.filter((r) => r.header('idempotent-replayed') !== 'true'),
      1
    )
    assert.lengthOf(await messagesOf(w.company.id, number), 1)
    const again = await send(client, w.whatsapp.token, payload, 'order-42')
    assert.equal(again.header('idempotent-replayed'), 'true')
    assert.deepEqual(again.body(), r1.body())
    const changed = await send(client, w.whatsapp.token, { ...payload, body: 'outra' }, 'order-42')
    changed.assertStatus(422)
    changed.assertBodyContains({ error: 'ERR_API_IDEMPOTENCY_MISMATCH' })
    // the key is per connection: another connection may use it
    await waitFor(async () => driver.sent.some((m) => m.body === 'uma vez só'))
    await new Promise((r) => setTimeout(r, 300))
    assert.lengthOf(
      driver.sent.filter((m) => m.body === 'uma vez só'),
      1
    )
    // after 24 h the key is free again
    await db
      .from('messaging_api_requests')
      .where('idempotency_key', 'order-42')
      .update({ created_at: new Date(Date.now() - 25 * 3600_000) })
    const later = await send(client, w.whatsapp.token, payload, 'order-42')
    later.assertStatus(202)
    assert.notEqual(later.body().messageId, r1.body().messageId)
  })

  test('per-token rate limit answers 429 with Retry-After; the page shows the day’s counters', async ({
    client,
    assert,
    cleanup,
  }) => {
    process.env.MESSAGING_API_PER_MINUTE = '3'
    cleanup(() => {
      delete process.env.MESSAGING_API_PER_MINUTE
    })
    const w = await inboxWorld()
    const other = await inboxWorld()
    const number = rand()
    const answers: number[] = []
    for (let i = 0; i < 4; i++) answers.push((await send(client, w.whatsapp.token, { number, body: `n${i}` })).status())
    assert.deepEqual(answers, [202, 202, 202, 429])
    const limited = await send(client, w.whatsapp.token, { number, body: 'mais' })
    assert.equal(limited.body().error, 'ERR_TOO_MANY_REQUESTS')
    assert.isAbove(Number(limited.header('retry-after')), 0)
    // one token's limit is not another's
    ;(await send(client, other.whatsapp.token, { number, body: 'B' })).assertStatus(202)

    const usage = await client.get('/messages-api/usage').bearerToken(w.adminToken)
    usage.assertStatus(200)
    assert.deepEqual(usage.body().today, { requests: 5, sent: 3, failed: 0, limited: 2 })
    assert.equal(usage.body().rows[0].whatsappId, w.whatsapp.id)
    assert.equal(usage.body().rows[0].name, w.whatsapp.name)
    assert.equal(usage.body().limits.perMinute, 3)
    const otherUsage = await client.get('/messages-api/usage').bearerToken(other.adminToken)
    assert.deepEqual(otherUsage.body().today, { requests: 1, sent: 1, failed: 0, limited: 0 })
  })

  test('the page’s routes: admins only; tokens of the own company only', async ({ client, assert }) => {
    const w = await inboxWorld()
    const u = await agent(w)
    ;(await client.get('/messages-api/connections').bearerToken(u.token)).assertStatus(403)
    ;(await client.get('/messages-api/usage').bearerToken(u.token)).assertStatus(403)
    const conns = await client.get('/messages-api/connections').bearerToken(w.adminToken)
    assert.deepEqual(
      conns.body().map((c: any) => [c.id, c.token]),
      [[w.whatsapp.id, w.whatsapp.token]]
    )
    const doc = await client.get('/messages-api/openapi.json').bearerToken(u.token)
    doc.assertStatus(200)
    assert.equal(doc.body().openapi, '3.1.0')
    assert.property(doc.body().paths, '/api/messages/send')
  })
})
