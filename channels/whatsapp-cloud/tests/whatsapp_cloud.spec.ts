import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { storage } from '#core/storage'
import {
  createConnection,
  inboxWorld,
  rand,
  startWorkers,
  stopWorkers,
  waitFor,
  waitProcessed,
} from '#tests/helpers/inbox'
import { setPlanFlags } from '#tests/helpers/world'
import { openSecret, sealSecret } from '#core/secrets'
import { forgetMetaConnections } from '#channels/meta/connections'
import { pauseOf, resetThrottle } from '#channels/meta/throttle'
import { runTokenHealth } from '#channels/meta/token_health'
import { startFakeGraph, type FakeGraph } from '#channels/meta/tests/fake_graph'
import { VERIFY_TOKEN, postSigned, useMetaEnv, waMessages, waStatus } from '#channels/meta/tests/fixtures'
import { jobs } from '#core/jobs'
import { META_QUEUE, recoverMedia, runMediaJob } from '../media_job.js'
import { runMarkRead } from '#core/channels'
import { connectionRef } from '#core/pipeline'
import { Whatsapp } from '#core/models'
import { tenancy } from '#core/tenancy'
import { whatsappCloudDriver } from '../driver.js'

const HOOK = '/channels/whatsappapi/webhook'
let fake: FakeGraph
let restoreEnv: () => void

const phoneId = () => String(100000000000000 + Math.floor(Math.random() * 1e13))

async function cloudWorld(options: { token?: string } = {}) {
  const w = await inboxWorld()
  const phone = phoneId()
  const token = options.token ?? `EAAG-system-user-${phone}`
  const waba = phoneId()
  const conn = await createConnection(w.company, {
    channel: 'whatsappapi',
    name: `Cloud ${phone}`,
    settings: { phoneNumberId: phone, wabaId: waba, systemUserToken: sealSecret(token) },
  } as any)
  await db.table('whatsapp_queues').insert({ whatsapp_id: conn.id, queue_id: w.queue.id })
  forgetMetaConnections()
  return { ...w, conn, phone, token, waba }
}

async function messagesOf(companyId: number, whatsappId: number) {
  return db.from('messages').where({ company_id: companyId, whatsapp_id: whatsappId }).orderBy('id')
}

/** opens the contact's ticket for the admin, as an agent accepting it would */
async function openTicket(w: Awaited<ReturnType<typeof cloudWorld>>, number: string) {
  const contact = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
  const ticket = await db.from('tickets').where({ company_id: w.company.id, contact_id: contact.id }).firstOrFail()
  await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: w.admin.id })
  return ticket
}

async function say(client: any, w: Awaited<ReturnType<typeof cloudWorld>>, number: string, text = 'Oi!') {
  const id = `wamid.IN${rand()}`
  const r = await postSigned(
    client,
    HOOK,
    waMessages(w.phone, number, 'Ana', [{ id, type: 'text', text: { body: text } }])
  )
  r.assertStatus(200)
  await waitProcessed(w.company.id)
  return id
}

const graphSends = (phone: string) => fake.calls.filter((c) => c.path === `/${phone}/messages` && c.method === 'POST')

test.group('WhatsApp Cloud API channel', (group) => {
  group.setup(async () => {
    fake = await startFakeGraph()
    restoreEnv = useMetaEnv(fake.url)
    return async () => {
      restoreEnv()
      await fake.close()
    }
  })
  group.each.setup(async () => {
    await startWorkers()
    fake.reset()
    resetThrottle()
  })

  test('webhook handshake echoes the challenge only for the right verify token', async ({ client, assert }) => {
    const ok = await client.get(`${HOOK}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`)
    ok.assertStatus(200)
    assert.equal(ok.text(), '1158201444')
    const wrong = await client.get(`${HOOK}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444`)
    wrong.assertStatus(401)
    assert.notInclude(wrong.text(), '1158201444')
    const mode = await client.get(`${HOOK}?hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=7`)
    mode.assertStatus(401)
    const none = await client.get(HOOK)
    none.assertStatus(401)
  })

  test('a missing or bad signature is refused with 401 and nothing is stored', async ({ client, assert }) => {
    const w = await cloudWorld()
    const payload = waMessages(w.phone, rand(), 'Eve', [
      { id: `wamid.X${rand()}`, type: 'text', text: { body: 'forged' } },
    ])
    const unsigned = await postSigned(client, HOOK, payload, null)
    unsigned.assertStatus(401)
    unsigned.assertBodyContains({ error: 'ERR_INVALID_SIGNATURE' })
    const bad = await postSigned(client, HOOK, payload, 'sha256=' + '0'.repeat(64))
    bad.assertStatus(401)
    const otherSecret = await postSigned(client, HOOK, payload, 'sha256=' + 'ab'.repeat(32))
    otherSecret.assertStatus(401)
    const count = await db.from('inbound_events').where('company_id', w.company.id).count('* as n')
    assert.equal(Number(count[0].n), 0)
    const held = await db.from('meta_pending_media').where('company_id', w.company.id).count('* as n')
    assert.equal(Number(held[0].n), 0)
  })

  test('inbound text, location, contacts, interactive, button, reaction and media; redelivery is a no-op', async ({
    client,
    assert,
  }) => {
    const w = await cloudWorld()
    const number = rand()
    const textId = `wamid.T${rand()}`
    const payload = waMessages(w.phone, number, 'Sheena Nelson', [
      { id: textId, type: 'text', text: { body: 'Does it come in another color?' } },
      {
        id: `wamid.L${rand()}`,
        type: 'location',
        location: { latitude: -23.5, longitude: -46.6, name: 'Loja', address: 'Rua A' },
      },
      {
        id: `wamid.C${rand()}`,
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Bia', first_name: 'Bia' },
            phones: [{ phone: '+55 11 98888-7777', wa_id: '5511988887777', type: 'CELL' }],
          },
        ],
      },
      {
        id: `wamid.I${rand()}`,
        type: 'interactive',
        context: { from: w.phone, id: 'wamid.OUT1' },
        interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Sim, quero' } },
      },
      { id: `wamid.B${rand()}`, type: 'button', button: { payload: 'p1', text: 'Parar promoções' } },
      { id: `wamid.R${rand()}`, type: 'reaction', reaction: { message_id: textId, emoji: '👍' } },
      {
        id: `wamid.M${rand()}`,
        type: 'image',
        image: { caption: 'a foto', mime_type: 'image/png', sha256: 'x', id: 'media-abc1' },
      },
    ])
    const r = await postSigned(client, HOOK, payload)
    r.assertStatus(200)
    assert.equal(r.body().received, 7)
    const again = await postSigned(client, HOOK, payload)
    again.assertStatus(200)
    await waitFor(async () => (await messagesOf(w.company.id, w.conn.id)).length >= 7, 20000)
    await waitProcessed(w.company.id)
    await new Promise((res) => setTimeout(res, 500))
    await waitProcessed(w.company.id)
    const rows = await messagesOf(w.company.id, w.conn.id)
    assert.lengthOf(rows, 7, 'the redelivered webhook added nothing')
    const byWid = new Map(rows.map((m: any) => [m.wid, m]))
    assert.equal(byWid.get(textId).body, 'Does it come in another color?')
    const location = rows.find((m: any) => m.media_type === 'locationMessage')
    assert.include(location.body, 'maps.google.com/maps?q=-23.5%2C-46.6')
    const card = rows.find((m: any) => m.media_type === 'contactMessage')
    assert.include(card.body, 'FN:Bia')
    assert.include(card.body, 'waid=5511988887777')
    assert.isTrue(rows.some((m: any) => m.body === 'Sim, quero'))
    assert.isTrue(rows.some((m: any) => m.body === 'Parar promoções'))
    const reaction = rows.find((m: any) => m.media_type === 'reactionMessage' || m.body === '👍')
    assert.exists(reaction)
    const image = rows.find((m: any) => m.media_type === 'image')
    assert.match(image.media_url, new RegExp(`^c${w.company.id}/whatsappapi/${w.conn.id}/`))
    assert.isTrue(await storage.disk().exists(image.media_url))
    // the media was fetched with the connection's token through the Graph media endpoint
    const mediaCall = fake.calls.find((c) => c.path === '/media-abc1')
    assert.equal(mediaCall?.auth, `Bearer ${w.token}`)
    const contact = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
    assert.equal(contact.name, 'Sheena Nelson')
    // the job drops its pending row after it handed the event in, which the drainers may process first
    await waitFor(
      async () => (await db.from('meta_pending_media').where('company_id', w.company.id)).length === 0,
      10000
    )
  })

  test('media that cannot be downloaded still arrives, marked unavailable', async ({ client, assert }) => {
    const w = await cloudWorld()
    fake.failNext(/^\/media-gone$/, { code: 100, status: 404 }, 10)
    const id = `wamid.G${rand()}`
    const payload = waMessages(w.phone, rand(), 'Ana', [
      { id, type: 'document', document: { filename: 'x.pdf', id: 'media-gone', mime_type: 'application/pdf' } },
    ])
    await postSigned(client, HOOK, payload).then((r: any) => r.assertStatus(200))
    const held = await db
      .from('meta_pending_media')
      .where({ company_id: w.company.id, provider_message_id: id })
      .firstOrFail()
    // the last attempt: the job gives the message up without its file
    await db
      .from('meta_pending_media')
      .where('id', held.id)
      .update({ created_at: new Date(Date.now() - 3600_000) })
    const outcome = await runMediaJob({ companyId: w.company.id, id: Number(held.id) }, {
      attemptsMade: 5,
      opts: { attempts: 6 },
    } as any)
    assert.equal(outcome, 'unavailable')
    await waitProcessed(w.company.id)
    const m = await waitFor(() => db.from('messages').where({ company_id: w.company.id, wid: id }).first())
    assert.equal(m.media_type, 'document')
    assert.isNull(m.media_url)
  })

  test('a held download whose job was lost is queued again by the sweep once stale, and the message arrives with its file', async ({
    client,
    assert,
  }) => {
    const w = await cloudWorld()
    const id = `wamid.LOST${rand()}`
    // no worker runs: the job waits in the queue; then it is lost (as Redis restarted empty)
    await stopWorkers()
    await postSigned(
      client,
      HOOK,
      waMessages(w.phone, rand(), 'Ana', [
        { id, type: 'image', image: { caption: 'a nota', mime_type: 'image/png', id: 'media-lost1' } },
      ])
    ).then((r: any) => r.assertStatus(200))
    const held = await db
      .from('meta_pending_media')
      .where({ company_id: w.company.id, provider_message_id: id })
      .firstOrFail()
    const jobId = `wacm-${held.id}`
    assert.equal(await jobs.queue(META_QUEUE).remove(jobId), 1)
    await startWorkers()

    // held for less than a minute: the sweep leaves it (its job may still be on its way)
    await recoverMedia()
    assert.isUndefined(await jobs.queue(META_QUEUE).getJob(jobId))
    // stale: queued again under the same id, downloaded, and the message goes in with its file
    await db
      .from('meta_pending_media')
      .where('id', held.id)
      .update({ created_at: new Date(Date.now() - 120_000) })
    assert.isAtLeast(await recoverMedia(), 1)
    // the job ran: the file stored, the message handed in, the row released
    await waitFor(async () => !(await db.from('meta_pending_media').where('id', held.id).first()))
    await waitProcessed(w.company.id)
    const m = await db.from('messages').where({ company_id: w.company.id, wid: id }).firstOrFail()
    assert.equal(m.media_type, 'image')
    assert.equal(m.body, 'a nota')
    assert.match(m.media_url, new RegExp(`^c${w.company.id}/whatsappapi/${w.conn.id}/`))
    assert.isTrue(await storage.disk().exists(m.media_url))
    assert.lengthOf(
      fake.calls.filter((c) => c.path === '/media-lost1'),
      1
    )
  })

  test('outbound text with reply context, media and reaction through the outbox; statuses move acks; failures show Meta code', async ({
    client,
    assert,
  }) => {
    const w = await cloudWorld()
    const number = rand()
    const inId = await say(client, w, number, 'quero comprar')
    const ticket = await openTicket(w, number)
    const inbound = await db.from('messages').where({ company_id: w.company.id, wid: inId }).firstOrFail()

    const text = await client
      .post(`/messages/${ticket.id}`)
      .bearerToken(w.adminToken)
      .json({ body: 'Claro!', quotedMsg: { id: inbound.id } })
    text.assertStatus(201)
    const textMsgId = text.body().messages?.[0]?.id ?? text.body().id
    const sent = await waitFor(async () => {
      const m = await db.from('messages').where('id', textMsgId).first()
      return m?.ack >= 1 ? m : null
    })
    const textCall = graphSends(w.phone).find((c) => c.body?.type === 'text')!
    assert.equal(textCall.auth, `Bearer ${w.token}`)
    assert.deepInclude(textCall.body, { messaging_product: 'whatsapp', to: number, type: 'text' })
    assert.equal(textCall.body.text.body, 'Claro!')
    assert.equal(textCall.body.context.message_id, inId)
    assert.match(sent.wid, /^wamid\.FAKE/)

    // statuses: delivered then read (a late "sent" never moves it back)
    for (const status of ['delivered', 'read', 'sent'] as const) {
      await postSigned(client, HOOK, waStatus(w.phone, sent.wid, number, status)).then((r: any) => r.assertStatus(200))
    }
    await waitProcessed(w.company.id)
    assert.equal((await db.from('messages').where('id', textMsgId).firstOrFail()).ack, 3)

    // media: uploaded to /{phone}/media, then sent by id
    const media = await client
      .post(`/messages/${ticket.id}`)
      .bearerToken(w.adminToken)
      .file(
        'medias',
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64'
        ),
        { filename: 'foto.png', contentType: 'image/png' }
      )
      .field('body', 'veja')
    media.assertStatus(201)
    await waitFor(async () => graphSends(w.phone).find((c) => c.body?.type === 'image'))
    const upload = fake.calls.find((c) => c.path === `/${w.phone}/media`)
    assert.exists(upload)
    const imageCall = graphSends(w.phone).find((c) => c.body?.type === 'image')!
    assert.match(imageCall.body.image.id, /^media-up-/)
    assert.equal(imageCall.body.image.caption, 'veja')

    // media hosted elsewhere: Meta fetches the link, this server never does
    const hosted = await client
      .post(`/messages/${ticket.id}`)
      .bearerToken(w.adminToken)
      .json({ mediaUrl: 'https://cdn.example.test/catalogo.pdf', body: 'catálogo' })
    hosted.assertStatus(201)
    const linkCall = await waitFor(async () => graphSends(w.phone).find((c) => c.body?.type === 'document'))
    assert.equal(linkCall.body.document.link, 'https://cdn.example.test/catalogo.pdf')

    // reaction on the customer's message
    const react = await client.post(`/messages/${inbound.id}/reaction`).bearerToken(w.adminToken).json({ emoji: '❤️' })
    react.assertStatus(201)
    const reactionCall = await waitFor(async () => graphSends(w.phone).find((c) => c.body?.type === 'reaction'))
    assert.deepEqual(reactionCall.body.reaction, { message_id: inId, emoji: '❤️' })

    // a message Meta refuses later: failed status with Meta's code on the message
    const text2 = await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'e agora?' })
    const id2 = text2.body().messages?.[0]?.id ?? text2.body().id
    const m2 = await waitFor(async () => {
      const m = await db.from('messages').where('id', id2).first()
      return m?.ack >= 1 ? m : null
    })
    await postSigned(
      client,
      HOOK,
      waStatus(w.phone, m2.wid, number, 'failed', { code: 131026, title: 'Message undeliverable' })
    )
    await waitProcessed(w.company.id)
    const failed = await db.from('messages').where('id', id2).firstOrFail()
    assert.include(String(failed.send_error ?? ''), '131026')

    // an immediate refusal by Meta is final and shows its code
    fake.failNext(new RegExp(`^/${w.phone}/messages$`), { code: 131009, message: 'Parameter value is not valid' })
    const text3 = await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'terceira' })
    const id3 = text3.body().messages?.[0]?.id ?? text3.body().id
    const m3 = await waitFor(() => db.from('messages').where('id', id3).whereNotNull('send_error').first())
    assert.include(m3.send_error, 'ERR_META_SEND_FAILED')
    assert.include(m3.send_error, '131009')
  })

  test('outside the 24-hour window free-form sends are refused; templates sync and send at any time', async ({
    client,
    assert,
  }) => {
    const w = await cloudWorld()
    const number = rand()
    await say(client, w, number, 'oi')
    const ticket = await openTicket(w, number)
    // the contact wrote 25 hours ago
    await db
      .from('meta_windows')
      .where({ company_id: w.company.id, whatsapp_id: w.conn.id })
      .update({ last_inbound_at: new Date(Date.now() - 25 * 3600_000) })

    const window = await client.get(`/meta/window/${ticket.id}`).bearerToken(w.adminToken)
    window.assertStatus(200)
    window.assertBodyContains({ applies: true, channel: 'whatsappapi', open: false, templates: true })

    // refused before anything is stored: the agent sees the reason at once
    const free = await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'tarde demais' })
    free.assertStatus(422)
    free.assertBodyContains({ error: 'ERR_META_WINDOW_CLOSED' })
    assert.isNull(await db.from('messages').where({ ticket_id: ticket.id, body: 'tarde demais' }).first())
    // and a free-form message reaching the driver some other way (a bot, a queued send) is refused there, for good
    const viaDriver = await whatsappCloudDriver
      .send(connectionRef(await tenancy.run(w.company.id, () => Whatsapp.findOrFail(w.conn.id))), {
        id: 'x1',
        messageId: 0,
        ticketId: ticket.id,
        kind: 'text',
        to: { number, isGroup: false },
        body: 'bot',
      })
      .catch((e) => e)
    assert.equal(viaDriver.code, 'ERR_META_WINDOW_CLOSED')
    assert.isTrue(viaDriver.details.permanent)
    assert.lengthOf(graphSends(w.phone), 0)

    fake.templates.splice(
      0,
      fake.templates.length,
      {
        name: 'order_update',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu.' }],
      },
      {
        name: 'promo',
        language: 'pt_BR',
        status: 'REJECTED',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Promo' }],
      }
    )
    const synced = await client.post(`/whatsappapi/${w.conn.id}/templates/sync`).bearerToken(w.adminToken)
    synced.assertStatus(200)
    assert.lengthOf(synced.body().templates, 2)
    const listed = await client.get(`/whatsappapi/${w.conn.id}/templates`).bearerToken(w.adminToken)
    const order = listed.body().templates.find((t: any) => t.name === 'order_update')
    assert.deepInclude(order, { language: 'pt_BR', status: 'APPROVED', variables: 2 })

    // Meta's review changes arrive on the WABA's webhook
    const review = await postSigned(client, HOOK, {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: w.waba,
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: 'PAUSED',
                message_template_id: 1,
                message_template_name: 'order_update',
                message_template_language: 'pt_BR',
                reason: 'NONE',
              },
            },
          ],
        },
      ],
    })
    review.assertStatus(200)
    const paused = (await client.get(`/whatsappapi/${w.conn.id}/templates`).bearerToken(w.adminToken)).body()
    assert.equal(paused.templates.find((t: any) => t.name === 'order_update').status, 'PAUSED')
    await db
      .from('wa_cloud_templates')
      .where({ whatsapp_id: w.conn.id, name: 'order_update' })
      .update({ status: 'APPROVED' })

    const rejected = await client
      .post('/whatsappapi/templates/send')
      .bearerToken(w.adminToken)
      .json({ ticketId: ticket.id, name: 'promo', language: 'pt_BR' })
    rejected.assertStatus(422)
    rejected.assertBodyContains({ error: 'ERR_META_TEMPLATE_NOT_FOUND' })
    const wrongParams = await client
      .post('/whatsappapi/templates/send')
      .bearerToken(w.adminToken)
      .json({ ticketId: ticket.id, name: 'order_update', language: 'pt_BR', variables: ['Ana'] })
    wrongParams.assertStatus(422)

    const sent = await client
      .post('/whatsappapi/templates/send')
      .bearerToken(w.adminToken)
      .json({ ticketId: ticket.id, name: 'order_update', language: 'pt_BR', variables: ['Ana', '#123'] })
    sent.assertStatus(201)
    const m = await waitFor(async () => {
      const row = await db.from('messages').where('id', sent.body().messageId).first()
      return row?.ack >= 1 ? row : null
    })
    assert.equal(m.body, 'Olá Ana, seu pedido #123 saiu.')
    const call = graphSends(w.phone).find((c) => c.body?.type === 'template')!
    assert.deepEqual(call.body.template, {
      name: 'order_update',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: '#123' },
          ],
        },
      ],
    })
  })

  test('throughput errors back off and the message is retried', async ({ client, assert }) => {
    const w = await cloudWorld()
    const number = rand()
    await say(client, w, number)
    const ticket = await openTicket(w, number)
    fake.failNext(new RegExp(`^/${w.phone}/messages$`), { code: 130429, message: 'Rate limit hit' })
    const r = await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'devagar' })
    const id = r.body().messages?.[0]?.id ?? r.body().id
    await waitFor(async () => graphSends(w.phone).length >= 1)
    assert.isAbove(pauseOf(`wa:${w.conn.id}`), 0)
    const m = await waitFor(async () => {
      const row = await db.from('messages').where('id', id).first()
      return row?.ack >= 1 ? row : null
    }, 20000)
    assert.isNull(m.send_error)
    assert.lengthOf(graphSends(w.phone), 2)

    // the pair limit pauses that recipient only
    fake.failNext(new RegExp(`^/${w.phone}/messages$`), { code: 131056, message: 'pair rate limit' })
    const r2 = await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'de novo' })
    const id2 = r2.body().messages?.[0]?.id ?? r2.body().id
    await waitFor(async () => graphSends(w.phone).length >= 3)
    assert.isAbove(pauseOf(`wa:${w.conn.id}:${number}`), 0)
    await waitFor(async () => {
      const row = await db.from('messages').where('id', id2).first()
      return row?.ack >= 1 ? row : null
    }, 20000)
  })

  test('the daily token check disconnects a connection whose token expired', async ({ assert }) => {
    const w = await cloudWorld()
    fake.tokens.set(w.token, { valid: false, message: 'Error validating access token: Session has expired' })
    await runTokenHealth()
    const row = await db.from('whatsapps').where('id', w.conn.id).firstOrFail()
    assert.equal(row.status, 'DISCONNECTED')
    // the reason is the connection's health error (the connections screen and the admins' alert show it)
    const health = await db.from('connection_health').where('whatsapp_id', w.conn.id).firstOrFail()
    assert.include(health.last_error, 'Session has expired')
    const debug = fake.calls.find((c) => c.path === '/debug_token' && c.query.input_token === w.token)
    assert.exists(debug)
    fake.tokens.delete(w.token)
    await runTokenHealth()
    assert.equal((await db.from('whatsapps').where('id', w.conn.id).firstOrFail()).status, 'CONNECTED')
  })

  test('connection settings: the token is checked with Meta on save and stored sealed', async ({ client, assert }) => {
    const w = await inboxWorld()
    const phone = phoneId()
    fake.phoneNumbers.splice(0, fake.phoneNumbers.length, phone)
    const token = 'EAAG-a-long-system-user-token-0001'
    const created = await client
      .post('/whatsapp')
      .bearerToken(w.adminToken)
      .json({
        name: `Cloud ${phone}`,
        channel: 'whatsappapi',
        settings: { phoneNumberId: phone, wabaId: '987654321098', systemUserToken: token },
      })
    created.assertStatus(201)
    const row = await db.from('whatsapps').where({ company_id: w.company.id, channel: 'whatsappapi' }).firstOrFail()
    const settings = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings
    assert.notInclude(JSON.stringify(settings), token)
    assert.equal(openSecret(settings.systemUserToken), token)
    assert.notInclude(JSON.stringify(created.body()), token)
    const check = fake.calls.find((c) => c.path === '/987654321098/phone_numbers')
    assert.equal(check?.auth, `Bearer ${token}`)

    // an edit that leaves the token blank keeps the stored one (checked again with Meta)
    const edited = await client
      .put(`/whatsapp/${row.id}`)
      .bearerToken(w.adminToken)
      .json({ name: 'Cloud renamed', settings: { systemUserToken: '' } })
    assert.isBelow(edited.status(), 300, edited.text())
    const after = await db.from('whatsapps').where('id', row.id).firstOrFail()
    const afterSettings = typeof after.settings === 'string' ? JSON.parse(after.settings) : after.settings
    assert.equal(openSecret(afterSettings.systemUserToken), token)

    fake.tokens.set('EAAG-revoked-token-000000000', { valid: false })
    const bad = await client
      .post('/whatsapp')
      .bearerToken(w.adminToken)
      .json({
        name: 'Bad',
        channel: 'whatsappapi',
        settings: { phoneNumberId: phone, wabaId: '987654321098', systemUserToken: 'EAAG-revoked-token-000000000' },
      })
    bad.assertStatus(422)
  })

  test('plan flag useWhatsapp: events of a company without it are dropped; its routes answer 403', async ({
    client,
    assert,
  }) => {
    const w = await cloudWorld()
    const company = await db.from('companies').where('id', w.company.id).firstOrFail()
    await setPlanFlags(company.plan_id, { useWhatsapp: false })
    forgetMetaConnections()
    const r = await postSigned(
      client,
      HOOK,
      waMessages(w.phone, rand(), 'Ana', [{ id: `wamid.P${rand()}`, type: 'text', text: { body: 'x' } }])
    )
    r.assertStatus(200)
    assert.equal(r.body().received, 0)
    const count = await db.from('inbound_events').where('company_id', w.company.id).count('* as n')
    assert.equal(Number(count[0].n), 0)
    const list = await client.get(`/whatsappapi/${w.conn.id}/templates`).bearerToken(w.adminToken)
    list.assertStatus(403)
  })
  test('session start checks the token and shows the number; read marks go to Meta', async ({ client, assert }) => {
    const w = await cloudWorld()
    await db.from('whatsapps').where('id', w.conn.id).update({ status: 'DISCONNECTED' })
    const start = await client.post(`/whatsappsession/${w.conn.id}`).bearerToken(w.adminToken)
    assert.isBelow(start.status(), 300)
    const row = await waitFor(async () => {
      const r = await db.from('whatsapps').where('id', w.conn.id).first()
      return r?.status === 'CONNECTED' ? r : null
    })
    assert.equal(row.number, '551133330000')

    const number = rand()
    const inId = await say(client, w, number, 'oi')
    await runMarkRead({
      companyId: w.company.id,
      whatsappId: w.conn.id,
      keys: [{ chat: { number, isGroup: false }, providerId: inId }],
    })
    const read = graphSends(w.phone).find((c) => c.body?.status === 'read')
    assert.deepEqual(read?.body, { messaging_product: 'whatsapp', status: 'read', message_id: inId })

    fake.tokens.set(w.token, { valid: false })
    await client.post(`/whatsappsession/${w.conn.id}`).bearerToken(w.adminToken)
    await waitFor(async () => (await db.from('whatsapps').where('id', w.conn.id).first())?.status === 'DISCONNECTED')
  })
})
