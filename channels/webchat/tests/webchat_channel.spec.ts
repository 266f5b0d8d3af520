import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { rateLimiter } from '#core/http'
import { inboxWorld, startWorkers, waitFor, waitProcessed } from '#tests/helpers/inbox'
import { setPlanFlags } from '#tests/helpers/world'
import { memoCache } from '#core/cache'
import { forgetKeys } from '../keys.js'
import { SITE, webchatConnection, widget } from './fixtures.js'

const base = () => `http://127.0.0.1:${process.env.PORT}`

/** Reads a visitor's SSE stream as the browser's EventSource does, collecting its message events. */
function openStream(key: string, visitor: string, origin = SITE) {
  const events: any[] = []
  const controller = new AbortController()
  const ready = fetch(`${base()}/channels/webchat/${key}/stream?visitor=${encodeURIComponent(visitor)}`, {
    headers: { origin, accept: 'text/event-stream' },
    signal: controller.signal,
  }).then(async (res) => {
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) return
          buffer += decoder.decode(value, { stream: true })
          let cut: number
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut)
            buffer = buffer.slice(cut + 2)
            const data = block.split('\n').find((l) => l.startsWith('data: '))
            if (block.includes('event: message') && data) events.push(JSON.parse(data.slice(6)))
          }
        }
      } catch {
        // aborted
      }
    })()
    return res
  })
  return { events, ready, close: () => controller.abort() }
}

test.group('webchat channel', (group) => {
  group.each.setup(async () => {
    await startWorkers()
    await rateLimiter.resetAll()
    forgetKeys()
  })

  test('a visitor gets a signed token; a forged, foreign or revoked token is refused', async ({ client, assert }) => {
    const w = await inboxWorld()
    const { key, whatsapp } = await webchatConnection(w.company, {}, w.queue.id)
    const other = await webchatConnection(w.company)

    const s = await widget(client, 'post', key, 'session', { body: {} })
    s.assertStatus(201)
    const token = s.body().visitor as string
    assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    s.assertHeader('access-control-allow-origin', SITE)

    // the same token again is the same visitor
    const again = await widget(client, 'post', key, 'session', { body: { visitor: token } })
    again.assertStatus(200)
    assert.equal(again.body().visitor, token)

    ;(await widget(client, 'get', key, 'messages', { visitor: token })).assertStatus(200)
    const [payload, sig] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, v: '9' + '1'.repeat(17) })).toString('base64url') + '.' + sig
    const bad = await widget(client, 'get', key, 'messages', { visitor: forged })
    bad.assertStatus(401)
    bad.assertBodyContains({ error: 'ERR_WEBCHAT_INVALID_VISITOR' })
    // refusals after the origin check stay readable by the widget (it forgets a dead token)
    bad.assertHeader('access-control-allow-origin', SITE)
    // a token of one connection does not open another
    ;(await widget(client, 'get', other.key, 'messages', { visitor: token })).assertStatus(401)
    ;(await widget(client, 'get', key, 'messages')).assertStatus(401)
    // deleting the visitor revokes the token
    await db.from('webchat_visitors').where('whatsapp_id', whatsapp.id).delete()
    ;(await widget(client, 'get', key, 'messages', { visitor: token })).assertStatus(401)
  })

  test('origins: only the allowed websites get answers and CORS headers; unknown keys are 401', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const { key } = await webchatConnection(w.company, { allowedOrigins: `${SITE}, https://other.example.test/` })
    const ok = await widget(client, 'get', key, 'config')
    ok.assertStatus(200)
    ok.assertHeader('access-control-allow-origin', SITE)
    ;(await widget(client, 'get', key, 'config', { origin: 'https://other.example.test' })).assertStatus(200)

    for (const origin of [
      'https://evil.example.test',
      'http://shop.example.test',
      'https://shop.example.test:8443',
      null,
    ]) {
      const r = await widget(client, 'post', key, 'session', { origin, body: {} })
      r.assertStatus(403)
      r.assertBodyContains({ error: 'ERR_WEBCHAT_ORIGIN_REFUSED' })
      assert.isUndefined(r.header('access-control-allow-origin'))
    }
    const pre = await client
      .options(`/channels/webchat/${key}/messages`)
      .header('origin', SITE)
      .header('access-control-request-method', 'POST')
    pre.assertStatus(204)
    assert.include(pre.header('access-control-allow-headers'), 'x-webchat-visitor')
    const preEvil = await client
      .options(`/channels/webchat/${key}/messages`)
      .header('origin', 'https://evil.example.test')
    preEvil.assertStatus(403)

    const unknown = await widget(client, 'get', 'wc_' + 'A'.repeat(24), 'config')
    unknown.assertStatus(401)
    unknown.assertBodyContains({ error: 'ERR_WEBCHAT_UNKNOWN_KEY' })

    // the script is served to any page, cacheable
    const js = await client.get(`/channels/webchat/${key}/widget.js`)
    js.assertStatus(200)
    assert.include(js.header('content-type'), 'javascript')
    assert.include(js.header('cache-control'), 'max-age')
    assert.include(js.text(), 'balcao-webchat')
  })

  test('pre-chat form: required fields are asked; the name reaches the contact', async ({ client, assert }) => {
    const w = await inboxWorld()
    const { key } = await webchatConnection(
      w.company,
      { preChatName: 'required', preChatEmail: 'optional' },
      w.queue.id
    )
    const cfg = await widget(client, 'get', key, 'config')
    assert.deepEqual(cfg.body().preChat, { name: 'required', email: 'optional' })
    const missing = await widget(client, 'post', key, 'session', { body: { email: 'ana@example.test' } })
    missing.assertStatus(422)
    missing.assertBodyContains({ error: 'ERR_WEBCHAT_PRECHAT_REQUIRED' })
    ;(await widget(client, 'post', key, 'session', { body: { name: 'Ana', email: 'not-an-email' } })).assertStatus(422)
    const s = await widget(client, 'post', key, 'session', { body: { name: 'Ana Souza', email: 'Ana@Example.test' } })
    s.assertStatus(201)
    assert.equal(s.body().email, 'ana@example.test')
    const sent = await widget(client, 'post', key, 'messages', { visitor: s.body().visitor, body: { body: 'Oi!' } })
    sent.assertStatus(202)
    await waitProcessed(w.company.id)
    const contact = await db.from('contacts').where({ company_id: w.company.id, name: 'Ana Souza' }).firstOrFail()
    assert.match(contact.number, /^9\d{17}$/)
  })

  test('inbound through the pipeline creates a ticket once; the agent reply reaches the stream; history after reload', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const { key, whatsapp } = await webchatConnection(w.company, {}, w.queue.id)
    const visitor = (await widget(client, 'post', key, 'session', { body: {} })).body().visitor as string
    const clientId = 'c0ffee00-1111-2222-3333-444455556666'
    const first = await widget(client, 'post', key, 'messages', { visitor, body: { body: 'Quero ajuda', clientId } })
    first.assertStatus(202)
    assert.isFalse(first.body().duplicate)
    // a retried send with the same client id is stored once
    const retry = await widget(client, 'post', key, 'messages', { visitor, body: { body: 'Quero ajuda', clientId } })
    assert.isTrue(retry.body().duplicate)
    await waitProcessed(w.company.id)
    const ticket = await db.from('tickets').where({ company_id: w.company.id, whatsapp_id: whatsapp.id }).firstOrFail()
    assert.equal(Number((await db.from('messages').where('ticket_id', ticket.id).count('* as n'))[0].n), 1)

    const stream = openStream(key, visitor)
    const res = await stream.ready
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('access-control-allow-origin'), SITE)
    try {
      // the stream first replays what is there
      await waitFor(async () => stream.events.find((e) => e.body === 'Quero ajuda' && !e.fromMe), 5000)
      await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: w.admin.id })
      const reply = await client
        .post(`/messages/${ticket.id}`)
        .bearerToken(w.adminToken)
        .json({ body: 'Olá! Em que posso ajudar?' })
      reply.assertStatus(201)
      const got = await waitFor(async () => stream.events.find((e) => e.fromMe), 10000)
      assert.equal(got.body, 'Olá! Em que posso ajudar?')
      const note = await client
        .post(`/messages/${ticket.id}`)
        .bearerToken(w.adminToken)
        .json({ body: 'nota interna', isPrivate: true })
      assert.isBelow(note.status(), 300)
    } finally {
      stream.close()
    }
    // a reload: the history has both sides, never the private note
    const h = await widget(client, 'get', key, 'messages', { visitor })
    h.assertStatus(200)
    assert.deepEqual(
      h.body().messages.map((m: any) => [m.fromMe, m.body]),
      [
        [false, 'Quero ajuda'],
        [true, 'Olá! Em que posso ajudar?'],
      ]
    )
    const after = await widget(client, 'get', key, 'messages', { visitor, qs: { after: h.body().messages[0].id } })
    assert.lengthOf(after.body().messages, 1)
  })

  test('rate limits: messages per visitor, new visitors per address', async ({ client, assert, cleanup }) => {
    process.env.WEBCHAT_MESSAGES_PER_MINUTE = '3'
    process.env.WEBCHAT_NEW_VISITORS_PER_HOUR = '2'
    cleanup(() => {
      delete process.env.WEBCHAT_MESSAGES_PER_MINUTE
      delete process.env.WEBCHAT_NEW_VISITORS_PER_HOUR
    })
    const w = await inboxWorld()
    const { key } = await webchatConnection(w.company, {}, w.queue.id)
    const visitor = (await widget(client, 'post', key, 'session', { body: {} })).body().visitor
    const answers = []
    for (let i = 0; i < 4; i++) {
      answers.push((await widget(client, 'post', key, 'messages', { visitor, body: { body: `m${i}` } })).status())
    }
    assert.deepEqual(answers, [202, 202, 202, 429])
    ;(await widget(client, 'post', key, 'session', { body: {} })).assertStatus(201)
    const third = await widget(client, 'post', key, 'session', { body: {} })
    third.assertStatus(429)
    third.assertBodyContains({ error: 'ERR_TOO_MANY_REQUESTS' })
    // a returning visitor is not a new one
    ;(await widget(client, 'post', key, 'session', { body: { visitor } })).assertStatus(200)
    await waitProcessed(w.company.id)
  })

  test('plan flag, snippet for admins, demo page', async ({ client, assert }) => {
    const w = await inboxWorld()
    const { key, whatsapp } = await webchatConnection(w.company)
    const snip = await client.get(`/channels/webchat/connections/${whatsapp.id}/snippet`).bearerToken(w.adminToken)
    snip.assertStatus(200)
    assert.equal(snip.body().key, key)
    assert.include(snip.body().snippet, `/channels/webchat/${key}/widget.js`)
    assert.deepEqual(snip.body().allowedOrigins, [SITE])
    const demo = await client.get(`/channels/webchat/${key}/demo`)
    demo.assertStatus(200)
    assert.include(demo.text(), `/channels/webchat/${key}/widget.js`)

    await setPlanFlags((await db.from('companies').where('id', w.company.id).firstOrFail()).plan_id, {
      useWebchat: false,
    })
    forgetKeys()
    const off = await widget(client, 'get', key, 'config')
    off.assertStatus(403)
    off.assertBodyContains({ error: 'ERR_PLAN_FEATURE_DISABLED' })
    ;(await client.get(`/channels/webchat/connections/${whatsapp.id}/snippet`).bearerToken(w.adminToken)).assertStatus(
      403
    )
  })

  test('attachments: images and PDFs by their bytes, stored privately, shown back by signed URL', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const { key, whatsapp } = await webchatConnection(w.company, {}, w.queue.id)
    const visitor = (await widget(client, 'post', key, 'session', { body: {} })).body().visitor
    const upload = (name: string, content: Buffer, origin: string | null = SITE) => {
      let req = client.post(`/channels/webchat/${key}/attachments`).header('x-webchat-visitor', visitor)
      if (origin) req = req.header('origin', origin)
      return req.file('file', content, { filename: name })
    }
    // a real 1x1 PNG: the upload's type is also read from its bytes by the body parser
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64'
    )
    const first = await upload('foto.png', png)
    assert.equal(first.status(), 202, JSON.stringify(first.body()))
    ;(await upload('nota.pdf', Buffer.from('%PDF-1.4\n%fake\n'))).assertStatus(202)
    // the bytes decide, not the name: an SVG (script) named .png, an HTML page named .pdf, a PNG named .pdf
    ;(
      await upload('x.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'))
    ).assertStatus(422)
    ;(await upload('x.pdf', Buffer.from('<html><body>hi</body></html>'))).assertStatus(422)
    ;(await upload('x.pdf', png)).assertStatus(422)
    ;(await upload('big.png', Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]))).assertStatus(413)
    ;(await upload('foto.png', png, 'https://evil.example.test')).assertStatus(403)
    await waitProcessed(w.company.id)
    const stored = await db
      .from('messages')
      .where({ company_id: w.company.id, whatsapp_id: whatsapp.id })
      .whereNotNull('media_type')
      .orderBy('id')
    assert.deepEqual(
      stored.map((m) => [m.media_type, m.body]),
      [
        ['image', 'foto.png'],
        ['document', 'nota.pdf'],
      ]
    )
    assert.match(stored[0].media_url, new RegExp(`^c${w.company.id}/webchat/`))
    const h = await widget(client, 'get', key, 'messages', { visitor })
    const shown = h.body().messages[0]
    assert.match(shown.mediaUrl, /^\/media\/c\d+\/webchat\/.+\?cid=\d+&exp=\d+&sig=/)
    const file = await client.get(shown.mediaUrl)
    file.assertStatus(200)
  })

  test("another process's wake (the core's invalidation message) reaches this process's streams at once", async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const { key, whatsapp } = await webchatConnection(w.company, {}, w.queue.id)
    const visitor = (await widget(client, 'post', key, 'session', { body: {} })).body().visitor as string
    await widget(client, 'post', key, 'messages', { visitor, body: { body: 'oi' } })
    await waitProcessed(w.company.id)
    const ticket = await db.from('tickets').where({ company_id: w.company.id, whatsapp_id: whatsapp.id }).firstOrFail()
    const stream = openStream(key, visitor)
    await stream.ready
    try {
      await waitFor(async () => stream.events.find((e) => e.body === 'oi'), 5000)
      // a reply stored by a worker elsewhere: no driver call in this process
      await db.table('messages').insert({
        company_id: w.company.id,
        ticket_id: ticket.id,
        contact_id: ticket.contact_id,
        whatsapp_id: whatsapp.id,
        wid: `elsewhere-${Date.now()}`,
        body: 'respondido por outro processo',
        from_me: true,
        ack: 1,
      })
      const number = JSON.parse(Buffer.from(visitor.split('.')[0], 'base64url').toString()).v
      const started = Date.now()
      memoCache('webchat:wake', 1).forgetLocally(`${whatsapp.id}:${number}`)
      await waitFor(async () => stream.events.find((e) => e.fromMe), 3000)
      // well before the polling fallback (POLL_MS)
      assert.isBelow(Date.now() - started, 3000)
    } finally {
      stream.close()
    }
  })
})
