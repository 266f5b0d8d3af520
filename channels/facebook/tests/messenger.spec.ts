import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createUser, setPlanFlags } from '#tests/helpers/world'
import { inboxWorld, rand, startWorkers, waitFor, waitProcessed } from '#tests/helpers/inbox'
import { openSecret, sealSecret } from '#core/secrets'
import { forgetMetaConnections } from '#channels/meta/connections'
import { resetThrottle } from '#channels/meta/throttle'
import { runTokenHealth } from '#channels/meta/token_health'
import { startFakeGraph, type FakeGraph } from '#channels/meta/tests/fake_graph'
import { APP_ID, VERIFY_TOKEN, messaging, postSigned, useMetaEnv } from '#channels/meta/tests/fixtures'

let fake: FakeGraph
let restoreEnv: () => void
const id = () => String(100000000000 + Math.floor(Math.random() * 1e11))

async function pageWorld(channel: 'facebook' | 'instagram' = 'facebook') {
  const w = await inboxWorld()
  const pageId = id()
  const igId = channel === 'instagram' ? `1784${id()}` : undefined
  const token = `EAAGpage${pageId}`
  const [row] = await db
    .table('whatsapps')
    .insert({
      company_id: w.company.id,
      name: `Page ${pageId}`,
      channel,
      status: 'CONNECTED',
      token: `tok${pageId}${rand()}`.slice(0, 30),
      settings: JSON.stringify({ pageId, ...(igId ? { igId } : {}), pageToken: sealSecret(token) }),
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('*')
  await db.table('whatsapp_queues').insert({ whatsapp_id: row.id, queue_id: w.queue.id })
  forgetMetaConnections()
  return { ...w, conn: row, pageId, igId, token, account: igId ?? pageId }
}

const sends = (pageId: string) => fake.calls.filter((c) => c.path === `/${pageId}/messages` && c.method === 'POST')

test.group('Messenger and Instagram channels', (group) => {
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

  test('POST /facebook exchanges the token, lists pages and Instagram accounts, subscribes and connects each', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const p1 = id()
    const p2 = id()
    const ig = `1784${id()}`
    fake.pages.splice(
      0,
      fake.pages.length,
      { id: p1, name: 'Loja Centro', access_token: `EAAGpagetoken-${p1}`, ig: { id: ig, username: 'loja.centro' } },
      { id: p2, name: 'Loja Sul', access_token: `EAAGpagetoken-${p2}` }
    )
    const userId = id()
    const r = await client
      .post('/facebook')
      .bearerToken(w.adminToken)
      .json({ facebookUserId: userId, facebookUserToken: 'EAAGshort-lived-user-token-123', addInstagram: true })
    r.assertStatus(201)
    assert.sameMembers(
      r.body().connections.map((c: any) => `${c.channel}:${c.name}`),
      ['facebook:Loja Centro', 'facebook:Loja Sul', 'instagram:loja.centro']
    )
    const exchange = fake.calls.find((c) => c.path === '/oauth/access_token')!
    assert.equal(exchange.query.grant_type, 'fb_exchange_token')
    assert.equal(exchange.query.client_id, APP_ID)
    assert.equal(exchange.query.fb_exchange_token, 'EAAGshort-lived-user-token-123')
    const accounts = fake.calls.find((c) => c.path === `/${userId}/accounts`)!
    assert.equal(accounts.auth, 'Bearer long-EAAGshort-lived-user-token-123')
    assert.include(accounts.query.fields, 'instagram_business_account')
    const subs = fake.calls.filter((c) => /subscribed_apps$/.test(c.path)).map((c) => c.path)
    assert.sameMembers(subs, [`/${p1}/subscribed_apps`, `/${p2}/subscribed_apps`])
    const rows = await db
      .from('whatsapps')
      .where('company_id', w.company.id)
      .whereIn('channel', ['facebook', 'instagram'])
    assert.lengthOf(rows, 3)
    for (const row of rows) {
      const s = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings
      assert.notInclude(JSON.stringify(s), 'EAAGpagetoken-')
      assert.match(openSecret(s.pageToken), /^EAAGpagetoken-/)
    }
    // signing in again refreshes the same connections
    const again = await client
      .post('/facebook')
      .bearerToken(w.adminToken)
      .json({ facebookUserId: userId, facebookUserToken: 'EAAGshort-lived-user-token-456', addInstagram: true })
    again.assertStatus(201)
    assert.lengthOf(
      await db.from('whatsapps').where('company_id', w.company.id).whereIn('channel', ['facebook', 'instagram']),
      3
    )
    // another company cannot take these pages over
    const other = await inboxWorld()
    const taken = await client
      .post('/facebook')
      .bearerToken(other.adminToken)
      .json({ facebookUserId: userId, facebookUserToken: 'EAAGshort-lived-user-token-789', addInstagram: true })
    taken.assertStatus(201)
    assert.lengthOf(taken.body().connections, 0)
    assert.lengthOf(taken.body().skipped, 3)
  })

  test('POST /facebook: plan flags, admins only, bad tokens', async ({ client, assert }) => {
    const w = await inboxWorld()
    fake.pages.splice(0, fake.pages.length, {
      id: id(),
      name: 'P',
      access_token: 'EAAGx',
      ig: { id: `1784${id()}`, username: 'p' },
    })
    const body = { facebookUserId: id(), facebookUserToken: 'EAAGshort-lived-user-token-abc', addInstagram: true }
    const plan = (await db.from('companies').where('id', w.company.id).firstOrFail()).plan_id
    await setPlanFlags(plan, { useInstagram: false })
    const noIg = await client.post('/facebook').bearerToken(w.adminToken).json(body)
    noIg.assertStatus(403)
    noIg.assertBodyContains({ error: 'ERR_PLAN_FEATURE_DISABLED' })
    await setPlanFlags(plan, { useInstagram: true, useFacebook: false })
    const noFb = await client.post('/facebook').bearerToken(w.adminToken).json(body)
    noFb.assertStatus(403)
    assert.lengthOf(
      await db.from('whatsapps').where('company_id', w.company.id).whereIn('channel', ['facebook', 'instagram']),
      0
    )
    await setPlanFlags(plan, { useFacebook: true })
    const user = await createUser(w.company)
    const notAdmin = await client.post('/facebook').bearerToken(user.token).json(body)
    notAdmin.assertStatus(403)
    fake.failNext(/^\/oauth\/access_token$/, { code: 190, status: 400, message: 'Invalid OAuth access token' })
    const bad = await client.post('/facebook').bearerToken(w.adminToken).json(body)
    bad.assertStatus(422)
    bad.assertBodyContains({ error: 'ERR_META_TOKEN_INVALID' })
    const invalid = await client
      .post('/facebook')
      .bearerToken(w.adminToken)
      .json({ facebookUserId: 'abc', facebookUserToken: 'x' })
    invalid.assertStatus(422)
  })

  test('webhooks: handshake, and 401 for a missing or bad signature with nothing stored', async ({
    client,
    assert,
  }) => {
    const w = await pageWorld()
    for (const ch of ['facebook', 'instagram']) {
      const ok = await client.get(
        `/channels/${ch}/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=42`
      )
      ok.assertStatus(200)
      assert.equal(ok.text(), '42')
      ;(
        await client.get(`/channels/${ch}/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=42`)
      ).assertStatus(401)
    }
    const payload = messaging('page', w.pageId, [
      { sender: { id: rand() }, message: { mid: `m_${rand()}`, text: 'forged' } },
    ])
    ;(await postSigned(client, '/channels/facebook/webhook', payload, null)).assertStatus(401)
    ;(await postSigned(client, '/channels/facebook/webhook', payload, 'sha256=' + 'f'.repeat(64))).assertStatus(401)
    const n = await db.from('inbound_events').where('company_id', w.company.id).count('* as n')
    assert.equal(Number(n[0].n), 0)
  })

  test('Messenger inbound: text, attachment, echoes, reaction, profile; replies with the 24 h window and HUMAN_AGENT', async ({
    client,
    assert,
  }) => {
    const w = await pageWorld()
    const psid = rand()
    fake.profiles.set(psid, {
      first_name: 'Joana',
      last_name: 'Lima',
      profile_pic: 'https://cdn.example.test/joana.jpg',
    })
    const mid = `m_${rand()}`
    const hook = '/channels/facebook/webhook'
    const payload = messaging('page', w.pageId, [
      { sender: { id: psid }, message: { mid, text: 'Olá, página!' } },
      {
        sender: { id: psid },
        message: {
          mid: `m_${rand()}`,
          attachments: [{ type: 'image', payload: { url: 'https://cdn.example.test/img.jpg' } }],
        },
      },
      // sent by a person from Meta's own inbox: an echo of another app
      {
        sender: { id: w.pageId },
        recipient: { id: psid },
        message: { mid: `m_${rand()}`, is_echo: true, app_id: 999, text: 'Respondido pelo Meta Business' },
      },
      // our own send coming back: skipped (the outbox stored it)
      {
        sender: { id: w.pageId },
        recipient: { id: psid },
        message: { mid: `m_${rand()}`, is_echo: true, app_id: Number(APP_ID), text: 'nosso' },
      },
      { sender: { id: psid }, reaction: { mid, action: 'react', emoji: '😀', reaction: 'smile' } },
    ])
    const r = await postSigned(client, hook, payload)
    r.assertStatus(200)
    assert.equal(r.body().received, 4)
    ;(await postSigned(client, hook, payload)).assertStatus(200)
    await waitProcessed(w.company.id)
    const contact = await waitFor(async () => {
      await waitProcessed(w.company.id)
      const c = await db.from('contacts').where({ company_id: w.company.id, number: psid }).first()
      return c?.name === 'Joana Lima' ? c : null
    })
    assert.equal(contact.name, 'Joana Lima')
    const rows = await db.from('messages').where({ company_id: w.company.id, whatsapp_id: w.conn.id }).orderBy('id')
    assert.lengthOf(rows, 4, 'redelivery and our own echo add nothing')
    assert.isTrue(rows.some((m: any) => m.body === 'Olá, página!' && !m.from_me))
    assert.isTrue(rows.some((m: any) => m.body === 'Respondido pelo Meta Business' && m.from_me))
    assert.isTrue(rows.some((m: any) => m.media_type === 'image'))
    assert.isFalse(rows.some((m: any) => m.body === 'nosso'))

    // reply inside the window
    const ticket = await db.from('tickets').where({ company_id: w.company.id, contact_id: contact.id }).firstOrFail()
    await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: w.admin.id })
    const sent = await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'Oi Joana!' })
    sent.assertStatus(201)
    const first = await waitFor(async () => sends(w.pageId).find((c) => c.body?.message?.text === 'Oi Joana!'))
    assert.deepEqual(first.body.recipient, { id: psid })
    assert.equal(first.body.messaging_type, 'RESPONSE')
    assert.equal(first.auth, `Bearer ${w.token}`)
    const msgId = sent.body().messages?.[0]?.id ?? sent.body().id
    const stored = await waitFor(async () => {
      const m = await db.from('messages').where('id', msgId).first()
      return m?.ack >= 1 ? m : null
    })
    // delivery and read webhooks move the ack
    await postSigned(
      client,
      hook,
      messaging('page', w.pageId, [{ sender: { id: psid }, delivery: { mids: [stored.wid], watermark: Date.now() } }])
    )
    await waitProcessed(w.company.id)
    assert.equal((await db.from('messages').where('id', msgId).firstOrFail()).ack, 2)
    await postSigned(
      client,
      hook,
      messaging('page', w.pageId, [{ sender: { id: psid }, read: { watermark: Date.now() + 1000 } }])
    )
    await waitProcessed(w.company.id)
    assert.equal((await db.from('messages').where('id', msgId).firstOrFail()).ack, 3)

    // a reaction to the person's message
    const inbound = await db.from('messages').where({ company_id: w.company.id, wid: mid }).firstOrFail()
    ;(
      await client.post(`/messages/${inbound.id}/reaction`).bearerToken(w.adminToken).json({ emoji: '👍' })
    ).assertStatus(201)
    const reacted = await waitFor(async () => sends(w.pageId).find((c) => c.body?.sender_action === 'react'))
    assert.deepEqual(reacted.body.payload, { message_id: mid, reaction: '👍' })

    // two days later: a human agent's reply goes with the HUMAN_AGENT tag
    await db
      .from('meta_windows')
      .where({ company_id: w.company.id, whatsapp_id: w.conn.id })
      .update({ last_inbound_at: new Date(Date.now() - 48 * 3600_000) })
    const window = await client.get(`/meta/window/${ticket.id}`).bearerToken(w.adminToken)
    window.assertBodyContains({ applies: true, channel: 'facebook', open: false, templates: false })
    assert.isAbove(Date.parse(window.body().humanAgentUntil), Date.now())
    await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'Ainda aqui' })
    const tagged = await waitFor(async () => sends(w.pageId).find((c) => c.body?.message?.text === 'Ainda aqui'))
    assert.deepInclude(tagged.body, { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' })

    // eight days later: refused, nothing sent
    await db
      .from('meta_windows')
      .where({ company_id: w.company.id, whatsapp_id: w.conn.id })
      .update({ last_inbound_at: new Date(Date.now() - 8 * 24 * 3600_000) })
    const late = await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'Tarde' })
    late.assertStatus(422)
    late.assertBodyContains({ error: 'ERR_META_WINDOW_CLOSED' })
    assert.isUndefined(sends(w.pageId).find((c) => c.body?.message?.text === 'Tarde'))
  })

  test('Instagram inbound: story mention and story reply; media reply uploaded; plan flag drops events', async ({
    client,
    assert,
  }) => {
    const w = await pageWorld('instagram')
    const igsid = rand()
    const hook = '/channels/instagram/webhook'
    const r = await postSigned(
      client,
      hook,
      messaging('instagram', w.account, [
        {
          sender: { id: igsid },
          message: {
            mid: `ig_${rand()}`,
            attachments: [{ type: 'story_mention', payload: { url: 'https://lookaside.example.test/story' } }],
          },
        },
        {
          sender: { id: igsid },
          message: {
            mid: `ig_${rand()}`,
            text: 'Amei!',
            reply_to: { story: { url: 'https://lookaside.example.test/s2', id: '1' } },
          },
        },
      ])
    )
    r.assertStatus(200)
    assert.equal(r.body().received, 2)
    await waitProcessed(w.company.id)
    const rows = await db.from('messages').where({ company_id: w.company.id, whatsapp_id: w.conn.id }).orderBy('id')
    assert.isTrue(rows.some((m: any) => m.body === '[story mention]' && m.media_type === 'image'))
    assert.isTrue(rows.some((m: any) => String(m.body).startsWith('Amei!') && String(m.body).includes('[story]')))
    const contact = await db.from('contacts').where({ company_id: w.company.id, number: igsid }).firstOrFail()
    const ticket = await db.from('tickets').where({ company_id: w.company.id, contact_id: contact.id }).firstOrFail()
    await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: w.admin.id })
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
    media.assertStatus(201)
    const upload = await waitFor(async () => sends(w.pageId).find((c) => c.raw.includes('filedata')))
    assert.include(upload.raw, '"type":"image"')
    assert.include(upload.raw, `{"id":"${igsid}"}`)

    const plan = (await db.from('companies').where('id', w.company.id).firstOrFail()).plan_id
    await setPlanFlags(plan, { useInstagram: false })
    forgetMetaConnections()
    const dropped = await postSigned(
      client,
      hook,
      messaging('instagram', w.account, [{ sender: { id: igsid }, message: { mid: `ig_${rand()}`, text: 'x' } }])
    )
    dropped.assertStatus(200)
    assert.equal(dropped.body().received, 0)
  })
  test('the daily token check disconnects a page whose token was revoked', async ({ assert }) => {
    const w = await pageWorld()
    fake.tokens.set(w.token, { valid: false, message: 'The user has not authorized application' })
    await runTokenHealth()
    assert.equal((await db.from('whatsapps').where('id', w.conn.id).firstOrFail()).status, 'DISCONNECTED')
    const health = await db.from('connection_health').where('whatsapp_id', w.conn.id).firstOrFail()
    assert.include(health.last_error, 'not authorized')
  })
})
