import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { rateLimiter } from '#core/http'
import { channelHooks, connectionRef } from '#core/pipeline'
import { forgetChannelPlans } from '#core/channels'
import { createConnection, inboxWorld, startWorkers, stopWorkers, waitFor, waitProcessed } from '#tests/helpers/inbox'
import { setPlanFlags } from '#tests/helpers/world'
import { startFakeBotApi, type FakeBotApi } from './fake_bot_api.js'
import { telegramDriver, polling } from '../driver.js'
import { stopPolling } from '../poller.js'
import { openSecret, sealSecret } from '#core/secrets'
import { pauseOf, resetThrottle } from '../throttle.js'
import { jobs } from '#core/jobs'
import { TELEGRAM_QUEUE, recoverMedia, runMediaJob } from '../media_job.js'
import { SECRET_HEADER } from '../webhook_controller.js'
import { ensureSessions } from '../sessions.js'

let fake: FakeBotApi
let nextUpdate = 1
let nextUser = 900000000
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

const newToken = () =>
  `${100000 + Math.floor(Math.random() * 899999)}:AAH${Math.random().toString(36).slice(2)}${'x'.repeat(30)}`

async function telegramWorld(options: { allowGroup?: boolean } = {}) {
  const w = await inboxWorld()
  const token = newToken()
  fake.bot(token)
  const conn = await createConnection(w.company, {
    channel: 'telegram',
    name: `Telegram ${token.slice(0, 6)}`,
    allowGroup: Boolean(options.allowGroup),
    settings: { botToken: sealSecret(token) },
  } as any)
  await db.table('whatsapp_queues').insert({ whatsapp_id: conn.id, queue_id: w.queue.id })
  return { ...w, conn, token }
}

type World = Awaited<ReturnType<typeof telegramWorld>>

/** starts the connection in webhook mode (a public APP_URL) and answers the key and secret Telegram got */
async function startWebhook(w: World) {
  const previous = process.env.APP_URL
  process.env.APP_URL = 'https://balcao.example'
  try {
    await telegramDriver.start(connectionRef(w.conn), channelHooks)
  } finally {
    if (previous === undefined) delete process.env.APP_URL
    else process.env.APP_URL = previous
  }
  const hook = fake.webhooks.get(w.token)!
  return { url: hook.url, secret: hook.secret, key: hook.url.split('/').pop()! }
}

const hook = (client: any, key: string, secret: string | null, update: unknown) => {
  const r = client.post(`/channels/telegram/webhook/${key}`)
  if (secret !== null) r.header(SECRET_HEADER, secret)
  return r.json(update)
}

function privateUpdate(userId: number, fields: Record<string, unknown>, messageId = nextUpdate) {
  return {
    update_id: nextUpdate++,
    message: {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: userId, type: 'private', first_name: 'Ana' },
      from: { id: userId, is_bot: false, first_name: 'Ana', last_name: 'Silva', username: 'anasilva' },
      ...fields,
    },
  }
}

const messagesOf = (w: World) =>
  db.from('messages').where({ company_id: w.company.id, whatsapp_id: w.conn.id }).orderBy('id')

async function openTicket(w: World, number: string) {
  const contact = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
  const ticket = await db.from('tickets').where({ company_id: w.company.id, contact_id: contact.id }).firstOrFail()
  await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: w.admin.id })
  return ticket
}

const sends = (token: string, method?: string) =>
  fake.calls.filter((c) => c.token === token && (method ? c.method === method : /^send/.test(c.method)))

test.group('Telegram channel', (group) => {
  group.setup(async () => {
    fake = await startFakeBotApi()
    // set for the whole run: a job retried after this group still talks to a loopback address, never Telegram
    process.env.TELEGRAM_API_URL = fake.url
    return async () => {
      await fake.close()
      process.env.TELEGRAM_API_URL = 'http://127.0.0.1:9'
    }
  })
  group.each.setup(async () => {
    await startWorkers()
    resetThrottle()
  })

  test('the bot token is checked with getMe on save and stored sealed; a refused token is a 422', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const token = newToken()
    fake.bot(token)
    const created = await client
      .post('/whatsapp')
      .bearerToken(w.adminToken)
      .json({ name: 'Meu bot', channel: 'telegram', settings: { botToken: token } })
    created.assertStatus(201)
    assert.notInclude(JSON.stringify(created.body()), token)
    const row = await db.from('whatsapps').where({ company_id: w.company.id, channel: 'telegram' }).firstOrFail()
    const settings = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings
    assert.notInclude(JSON.stringify(settings), token)
    assert.equal(openSecret(settings.botToken), token)
    assert.exists(fake.calls.find((c) => c.token === token && c.method === 'getMe'))

    // an edit leaving the token blank keeps the stored one
    const edited = await client
      .put(`/whatsapp/${row.id}`)
      .bearerToken(w.adminToken)
      .json({ name: 'Bot renomeado', settings: { botToken: '' } })
    assert.isBelow(edited.status(), 300, edited.text())
    const after = await db.from('whatsapps').where('id', row.id).firstOrFail()
    const afterSettings = typeof after.settings === 'string' ? JSON.parse(after.settings) : after.settings
    assert.equal(openSecret(afterSettings.botToken), token)

    for (const bad of [newToken(), 'not-a-token']) {
      const r = await client
        .post('/whatsapp')
        .bearerToken(w.adminToken)
        .json({ name: 'Bad bot', channel: 'telegram', settings: { botToken: bad } })
      r.assertStatus(422)
      assert.include(JSON.stringify(r.body()), 'settings.botToken')
    }
  })

  test('webhook: set with a secret on start; a wrong or missing secret is a 401 and nothing is stored; redelivery is a no-op', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(() => rateLimiter.resetAll())
    const w = await telegramWorld()
    const { url, secret, key } = await startWebhook(w)
    assert.match(url, /^https:\/\/balcao\.example\/channels\/telegram\/webhook\/[A-Za-z0-9_-]{20,64}$/)
    assert.notInclude(url, w.conn.token)
    assert.isAtLeast(secret.length, 32)
    assert.equal((await db.from('whatsapps').where('id', w.conn.id).firstOrFail()).status, 'CONNECTED')

    const userId = nextUser++
    const update = privateUpdate(userId, { text: 'Olá pelo Telegram' })
    for (const [k, s] of [
      [key, 'wrong-secret-value'],
      [key, null],
      ['unknownkeyunknownkeyunknown', secret],
    ] as const) {
      const r = await hook(client, k, s, update)
      r.assertStatus(401)
      r.assertBodyContains({ error: 'ERR_INVALID_SIGNATURE' })
    }
    const stored = await db.from('inbound_events').where({ company_id: w.company.id, whatsapp_id: w.conn.id })
    assert.lengthOf(stored, 0)

    const ok = await hook(client, key, secret, update)
    ok.assertStatus(200)
    const again = await hook(client, key, secret, update)
    again.assertStatus(200)
    await waitProcessed(w.company.id)
    const contact = await db
      .from('contacts')
      .where({ company_id: w.company.id, number: String(userId) })
      .firstOrFail()
    assert.equal(contact.name, 'Ana Silva')
    const msgs = await messagesOf(w)
    assert.lengthOf(msgs, 1)
    assert.equal(msgs[0].body, 'Olá pelo Telegram')
    assert.equal(msgs[0].wid, `${userId}:${update.message.message_id}`)

    const invalid = await hook(client, key, secret, { message: {} })
    invalid.assertStatus(422)
  })

  test('inbound kinds: photo, document, voice into private storage; location, contact, edit; group tickets when allowed; profile photo', async ({
    client,
    assert,
  }) => {
    const w = await telegramWorld({ allowGroup: true })
    const { secret, key } = await startWebhook(w)
    const userId = nextUser++
    fake.file('ph-big', PNG, 'photos/file_1.jpg')
    fake.file('doc-1', Buffer.from('%PDF-1.4 fake'), 'documents/file_2.pdf')
    fake.file('voice-1', Buffer.from('OggS fake'), 'voice/file_3.oga')
    fake.file('avatar-m', PNG, 'profile_photos/file_4.jpg')
    fake.photos(userId, ['avatar-s', 'avatar-m'])

    const updates = [
      privateUpdate(userId, {
        photo: [
          { file_id: 'ph-small', width: 90, height: 90 },
          { file_id: 'ph-big', width: 800, height: 800 },
        ],
        caption: 'minha foto',
      }),
      privateUpdate(userId, { document: { file_id: 'doc-1', file_name: 'pedido.pdf', mime_type: 'application/pdf' } }),
      privateUpdate(userId, { voice: { file_id: 'voice-1', duration: 2, mime_type: 'audio/ogg' } }),
      privateUpdate(userId, { location: { latitude: -23.55, longitude: -46.63 } }),
      privateUpdate(userId, { contact: { phone_number: '+55 11 98888-7777', first_name: 'João', last_name: 'Souza' } }),
      privateUpdate(userId, { text: 'texto original' }),
    ]
    for (const u of updates) (await hook(client, key, secret, u)).assertStatus(200)
    const textUpdate = updates[5]
    const edit = {
      update_id: nextUpdate++,
      edited_message: {
        ...textUpdate.message,
        edit_date: Math.floor(Date.now() / 1000) + 5,
        text: 'texto corrigido',
      },
    }
    ;(await hook(client, key, secret, edit)).assertStatus(200)

    const msgs = await waitFor(async () => {
      await waitProcessed(w.company.id)
      const rows = await messagesOf(w)
      return rows.length === 6 && rows.filter((r) => r.media_url).length === 3 ? rows : null
    }, 30000)
    const byWid = new Map(msgs.map((m) => [m.wid, m]))
    const wid = (u: any) => `${userId}:${u.message.message_id}`
    const photo = byWid.get(wid(updates[0]))!
    assert.equal(photo.media_type, 'image')
    assert.equal(photo.body, 'minha foto')
    assert.match(photo.media_url, new RegExp(`^c${w.company.id}/telegram/${w.conn.id}/.+\\.jpg$`))
    const doc = byWid.get(wid(updates[1]))!
    assert.equal(doc.media_type, 'document')
    assert.match(doc.media_url, /\.pdf$/)
    const voice = byWid.get(wid(updates[2]))!
    assert.equal(voice.media_type, 'audio')
    assert.match(voice.media_url, /\.ogg$/)
    assert.equal(byWid.get(wid(updates[3]))!.media_type, 'locationMessage')
    assert.include(byWid.get(wid(updates[3]))!.body, 'maps.google.com/maps?q=-23.55%2C-46.63')
    const vcard = byWid.get(wid(updates[4]))!
    assert.equal(vcard.media_type, 'contactMessage')
    assert.include(vcard.body, 'FN:João Souza')
    assert.include(vcard.body, 'waid=5511988887777')
    const edited = await waitFor(async () => {
      const m = await db
        .from('messages')
        .where('id', byWid.get(wid(textUpdate))!.id)
        .first()
      return m?.is_edited ? m : null
    })
    assert.equal(edited.body, 'texto corrigido')
    // no Telegram file URL (it carries the token) is ever stored
    assert.notInclude(JSON.stringify(msgs), w.token)

    // the profile photo, fetched by its job into storage
    const contact = await waitFor(async () => {
      const c = await db
        .from('contacts')
        .where({ company_id: w.company.id, number: String(userId) })
        .first()
      return c?.url_picture ? c : null
    }, 20000)
    assert.match(contact.url_picture, new RegExp(`^c${w.company.id}/telegram/`))

    // a group message: a group ticket, the member as participant
    const groupId = -1001234567890 - Math.floor(Math.random() * 1000)
    const member = nextUser++
    const groupUpdate = {
      update_id: nextUpdate++,
      message: {
        message_id: 5,
        date: Math.floor(Date.now() / 1000),
        chat: { id: groupId, type: 'supergroup', title: 'Clientes VIP' },
        from: { id: member, is_bot: false, first_name: 'Bia' },
        text: 'oi grupo',
      },
    }
    ;(await hook(client, key, secret, groupUpdate)).assertStatus(200)
    await waitProcessed(w.company.id)
    const groupContact = await db
      .from('contacts')
      .where({ company_id: w.company.id, number: String(groupId) })
      .firstOrFail()
    assert.isTrue(groupContact.is_group)
    assert.equal(groupContact.name, 'Clientes VIP')
    const ticket = await db
      .from('tickets')
      .where({ company_id: w.company.id, contact_id: groupContact.id })
      .firstOrFail()
    assert.isTrue(ticket.is_group)
  })

  test('a held file whose job was lost is queued again by the sweep once stale, and the message arrives with it', async ({
    client,
    assert,
  }) => {
    const w = await telegramWorld()
    const { secret, key } = await startWebhook(w)
    const userId = nextUser++
    fake.file('lost-doc', Buffer.from('%PDF-1.4 lost'), 'documents/file_9.pdf')
    const u = privateUpdate(userId, { document: { file_id: 'lost-doc', file_name: 'nota.pdf' }, caption: 'a nota' })
    // no worker runs: the job waits in the queue; then it is lost (as Redis restarted empty)
    await stopWorkers()
    ;(await hook(client, key, secret, u)).assertStatus(200)
    const held = await db
      .from('telegram_pending_media')
      .where({ company_id: w.company.id, whatsapp_id: w.conn.id })
      .firstOrFail()
    const jobId = `tgm-${held.id}`
    assert.equal(await jobs.queue(TELEGRAM_QUEUE).remove(jobId), 1)
    await startWorkers()

    // held for less than a minute: the sweep leaves it (its job may still be on its way)
    await recoverMedia()
    assert.isUndefined(await jobs.queue(TELEGRAM_QUEUE).getJob(jobId))
    // stale: queued again under the same id, downloaded, and the message goes in with its file
    await db
      .from('telegram_pending_media')
      .where('id', held.id)
      .update({ created_at: new Date(Date.now() - 120_000) })
    assert.isAtLeast(await recoverMedia(), 1)
    await waitFor(async () => !(await db.from('telegram_pending_media').where('id', held.id).first()))
    await waitProcessed(w.company.id)
    const m = await db
      .from('messages')
      .where({ company_id: w.company.id, wid: `${userId}:${u.message.message_id}` })
      .firstOrFail()
    assert.equal(m.media_type, 'document')
    assert.equal(m.body, 'a nota')
    assert.match(m.media_url, new RegExp(`^c${w.company.id}/telegram/${w.conn.id}/.+\\.pdf$`))
    assert.lengthOf(
      fake.calls.filter((c) => c.token === w.token && c.method === 'getFile'),
      1
    )
  })

  test('a file Telegram no longer serves: the message still arrives, its media marked unavailable; groups dropped when not allowed', async ({
    client,
    assert,
  }) => {
    const w = await telegramWorld()
    const { secret, key } = await startWebhook(w)
    const userId = nextUser++
    const u = privateUpdate(userId, { document: { file_id: 'gone-file', file_name: 'velho.pdf' }, caption: 'segue' })
    ;(await hook(client, key, secret, u)).assertStatus(200)
    const held = await waitFor(() =>
      db.from('telegram_pending_media').where({ company_id: w.company.id, whatsapp_id: w.conn.id }).first()
    )
    // the last attempt: no more retries, the message goes in without its file
    const outcome = await runMediaJob({ companyId: w.company.id, id: Number(held.id) }, {
      attemptsMade: 5,
      opts: { attempts: 6 },
    } as any)
    assert.equal(outcome, 'unavailable')
    await waitProcessed(w.company.id)
    const m = await waitFor(() =>
      db
        .from('messages')
        .where({ company_id: w.company.id, wid: `${userId}:${u.message.message_id}` })
        .first()
    )
    assert.equal(m.media_type, 'document')
    assert.isNull(m.media_url)
    assert.equal(m.body, 'segue')

    const groupId = -1009876543210 - Math.floor(Math.random() * 1000)
    const groupUpdate = {
      update_id: nextUpdate++,
      message: {
        message_id: 9,
        date: Math.floor(Date.now() / 1000),
        chat: { id: groupId, type: 'group', title: 'Sem grupos' },
        from: { id: nextUser++, is_bot: false, first_name: 'Rui' },
        text: 'oi',
      },
    }
    ;(await hook(client, key, secret, groupUpdate)).assertStatus(200)
    await waitProcessed(w.company.id)
    assert.notExists(
      await db
        .from('contacts')
        .where({ company_id: w.company.id, number: String(groupId) })
        .first()
    )
  })

  test('outbound: text with reply, media by upload, acked sent; 429 waits retry_after; a blocked bot fails at once', async ({
    client,
    assert,
  }) => {
    const w = await telegramWorld()
    const { secret, key } = await startWebhook(w)
    const userId = nextUser++
    const inbound = privateUpdate(userId, { text: 'quero comprar' })
    ;(await hook(client, key, secret, inbound)).assertStatus(200)
    await waitProcessed(w.company.id)
    const ticket = await openTicket(w, String(userId))
    const inMsg = await db
      .from('messages')
      .where({ company_id: w.company.id, wid: `${userId}:${inbound.message.message_id}` })
      .firstOrFail()

    const text = await client
      .post(`/messages/${ticket.id}`)
      .bearerToken(w.adminToken)
      .json({ body: 'Claro!', quotedMsg: { id: inMsg.id } })
    text.assertStatus(201)
    const textId = text.body().messages?.[0]?.id ?? text.body().id
    const sent = await waitFor(async () => {
      const m = await db.from('messages').where('id', textId).first()
      return m?.ack >= 1 ? m : null
    })
    const call = sends(w.token, 'sendMessage')[0]
    assert.equal(String(call.params.chat_id), String(userId))
    assert.equal(call.params.text, 'Claro!')
    assert.equal(call.params.reply_to_message_id, inbound.message.message_id)
    assert.match(sent.wid, new RegExp(`^${userId}:\\d+$`))
    assert.equal(sent.ack, 1)

    const media = await client
      .post(`/messages/${ticket.id}`)
      .bearerToken(w.adminToken)
      .file('medias', PNG, { filename: 'foto.png', contentType: 'image/png' })
      .field('body', 'veja')
    media.assertStatus(201)
    const photoCall = await waitFor(async () => sends(w.token, 'sendPhoto')[0])
    assert.equal(photoCall.files.photo?.size, PNG.length)
    assert.equal(photoCall.params.caption, 'veja')

    const doc = await client
      .post(`/messages/${ticket.id}`)
      .bearerToken(w.adminToken)
      .file('medias', Buffer.from('%PDF-1.4 x'), { filename: 'orcamento.pdf', contentType: 'application/pdf' })
    doc.assertStatus(201)
    const docCall = await waitFor(async () => sends(w.token, 'sendDocument')[0])
    assert.equal(docCall.files.document?.name, 'orcamento.pdf')

    // 429: the send waits Telegram's retry_after, then goes
    fake.failNext('sendMessage', { status: 429, description: 'Too Many Requests: retry after 2', retryAfter: 2 })
    const before = sends(w.token, 'sendMessage').length
    const slow = await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'depois do 429' })
    slow.assertStatus(201)
    const slowId = slow.body().messages?.[0]?.id ?? slow.body().id
    await waitFor(async () => {
      const m = await db.from('messages').where('id', slowId).first()
      return m?.ack >= 1 ? m : null
    }, 20000)
    const tries = sends(w.token, 'sendMessage').slice(before)
    assert.lengthOf(tries, 2)
    assert.isAtLeast(tries[1].at - tries[0].at, 1900)

    // a bot the person blocked: failed at once with Telegram's reason, no retries
    fake.failNext('sendMessage', { status: 403, description: 'Forbidden: bot was blocked by the user' })
    const blocked = await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'oi?' })
    const blockedId = blocked.body().messages?.[0]?.id ?? blocked.body().id
    const failed = await waitFor(async () => {
      const m = await db.from('messages').where('id', blockedId).first()
      return m?.send_error ? m : null
    }, 20000)
    assert.include(failed.send_error, 'ERR_TELEGRAM_REFUSED')
  })

  test('rate limits: one message a second per chat, paced in the driver; a long retry_after goes back to the outbox', async ({
    assert,
  }) => {
    const w = await telegramWorld()
    const ref = connectionRef(w.conn)
    const chat = String(nextUser++)
    const msg = (n: number) => ({
      id: `m${n}`,
      messageId: n,
      ticketId: 1,
      kind: 'text' as const,
      to: { number: chat, isGroup: false },
      body: `n${n}`,
    })
    const started = Date.now()
    await Promise.all([telegramDriver.send(ref, msg(1)), telegramDriver.send(ref, msg(2))])
    const [a, b] = sends(w.token, 'sendMessage').slice(-2)
    assert.isAtLeast(b.at - a.at, 900)
    assert.isAtLeast(Date.now() - started, 900)

    fake.failNext('sendMessage', { status: 429, retryAfter: 60 })
    await assert.rejects(() => telegramDriver.send(ref, msg(3)), /ERR_TELEGRAM_THROTTLED/)
    assert.isAbove(pauseOf(`tg:${w.conn.id}:${chat}`), 50_000)
    // while paused, the next send gives its slot back at once instead of holding the job
    await assert.rejects(() => telegramDriver.send(ref, msg(4)), /ERR_TELEGRAM_THROTTLED/)
  })

  test('long polling without a public URL: no webhook, updates read with getUpdates into the pipeline', async ({
    assert,
    cleanup,
  }) => {
    const previous = { url: process.env.APP_URL, timeout: process.env.TELEGRAM_POLL_TIMEOUT }
    process.env.APP_URL = 'http://localhost:3333'
    process.env.TELEGRAM_POLL_TIMEOUT = '0'
    const w = await telegramWorld()
    cleanup(async () => {
      await stopPolling(w.conn.id)
      for (const [k, v] of [
        ['APP_URL', previous.url],
        ['TELEGRAM_POLL_TIMEOUT', previous.timeout],
      ] as const) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
    })
    const userId = nextUser++
    fake.push(w.token, privateUpdate(userId, { text: 'por polling 1' }))
    fake.push(w.token, privateUpdate(userId, { text: 'por polling 2' }))
    await telegramDriver.start(connectionRef(w.conn), channelHooks)
    assert.isTrue(polling(w.conn.id))
    assert.exists(fake.calls.find((c) => c.token === w.token && c.method === 'deleteWebhook'))
    assert.notExists(fake.calls.find((c) => c.token === w.token && c.method === 'setWebhook'))
    const msgs = await waitFor(async () => {
      await waitProcessed(w.company.id)
      const rows = await messagesOf(w)
      return rows.length === 2 ? rows : null
    }, 20000)
    assert.deepEqual(
      msgs.map((m) => m.body),
      ['por polling 1', 'por polling 2']
    )
    // the offset moved past what was read: nothing is read twice
    const bot = await db.from('telegram_bots').where('whatsapp_id', w.conn.id).firstOrFail()
    assert.equal(Number(bot.mode === 'polling'), 1)
    assert.isAbove(Number(bot.update_offset), 0)
    const polls = fake.calls.filter((c) => c.token === w.token && c.method === 'getUpdates')
    assert.isAtLeast(Number(polls[polls.length - 1].params.offset), Number(bot.update_offset))

    assert.match(String(bot.poll_owner), /:/)

    await telegramDriver.stop(connectionRef(w.conn))
    assert.isFalse(polling(w.conn.id))
    const released = await db.from('telegram_bots').where('whatsapp_id', w.conn.id).firstOrFail()
    assert.isNull(released.poll_owner)

    // another live process holds the lease: this one does not poll the bot too
    await telegramDriver.start(connectionRef(w.conn), channelHooks)
    await stopPolling(w.conn.id)
    await db
      .from('telegram_bots')
      .where('whatsapp_id', w.conn.id)
      .update({ poll_owner: 'other-host:1:abcd', poll_until: new Date(Date.now() + 60_000) })
    const before = fake.calls.filter((c) => c.token === w.token && c.method === 'getUpdates').length
    await telegramDriver.start(connectionRef(w.conn), channelHooks)
    await waitFor(async () => !polling(w.conn.id))
    assert.equal(fake.calls.filter((c) => c.token === w.token && c.method === 'getUpdates').length, before)
  })

  test('session sweep: a new connection is started (webhook set), a started one is left alone, a stopped one stays stopped', async ({
    assert,
    cleanup,
  }) => {
    const previous = process.env.APP_URL
    process.env.APP_URL = 'https://balcao.example'
    cleanup(() => {
      if (previous === undefined) delete process.env.APP_URL
      else process.env.APP_URL = previous
    })
    const w = await telegramWorld()
    await ensureSessions()
    const first = fake.webhooks.get(w.token)
    assert.match(String(first?.url), /^https:\/\/balcao\.example\/channels\/telegram\/webhook\//)
    assert.equal((await db.from('whatsapps').where('id', w.conn.id).firstOrFail()).status, 'CONNECTED')
    const sets = () => fake.calls.filter((c) => c.token === w.token && c.method === 'setWebhook').length
    assert.equal(sets(), 1)
    await ensureSessions()
    assert.equal(sets(), 1)

    await telegramDriver.stop(connectionRef(w.conn))
    assert.isNull(fake.webhooks.get(w.token))
    await ensureSessions()
    assert.equal(sets(), 1)
    assert.equal((await db.from('telegram_bots').where('whatsapp_id', w.conn.id).firstOrFail()).mode, 'stopped')
  })

  test('plan flag useTelegram: the webhook of a company without it answers 403 and stores nothing', async ({
    client,
    assert,
  }) => {
    const w = await telegramWorld()
    const { secret, key } = await startWebhook(w)
    const company = await db.from('companies').where('id', w.company.id).firstOrFail()
    await setPlanFlags(company.plan_id, { useTelegram: false })
    forgetChannelPlans()
    const r = await hook(client, key, secret, privateUpdate(nextUser++, { text: 'x' }))
    r.assertStatus(403)
    r.assertBodyContains({ error: 'ERR_PLAN_FEATURE_DISABLED' })
    const stored = await db.from('inbound_events').where({ company_id: w.company.id, whatsapp_id: w.conn.id })
    assert.lengthOf(stored, 0)
  })
})
