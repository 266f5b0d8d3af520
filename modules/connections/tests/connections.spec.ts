import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { tenancy } from '#core/tenancy'
import { Company, Queue } from '#core/models'
import { createQueue } from '#tests/helpers/inbox'
import { createPlan, createTenant, createUser, superSession, uid } from '#tests/helpers/world'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

const aQueue = (companyId: number) =>
  tenancy.run(companyId, () => Queue.create({ name: `Fila ${uid()}`, color: `#${uid().slice(0, 6)}` }))

const count = async (companyId: number) =>
  Number((await db.from('whatsapps').where('company_id', companyId).count('* as n').first())?.n ?? 0)

test.group('connections API', () => {
  test('create: defaults of spec 2 §9, 30-character token for admins only, first whatsapp is the default', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const r = await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Atendimento' })
    r.assertStatus(201)
    const w = r.body()
    assert.match(w.token, /^[A-Za-z0-9]{30}$/)
    assert.isTrue(w.isDefault)
    assert.equal(w.maxUseBotQueues, 3)
    assert.equal(w.maxUseBotQueuesNPS, 3)
    assert.equal(w.provider, 'beta')
    assert.equal(w.groupAsTicket, 'disabled')
    assert.lengthOf(w.schedules, 7)
    assert.equal(w.schedules[0].startTimeA, '08:00')
    assert.notProperty(w, 'settings')
    assert.properties(w.health, ['lastConnectedAt', 'reconnectCount', 'lastError'])

    const second = (await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Vendas' })).body()
    assert.isFalse(second.isDefault)

    const { token } = await createUser(company)
    const list = await client.get('/whatsapp').bearerToken(token)
    list.assertStatus(200)
    assert.lengthOf(list.body(), 2)
    for (const c of list.body()) {
      assert.notProperty(c, 'token')
      assert.notProperty(c, 'qrcode')
    }
    const one = await client.get(`/whatsapp/${w.id}`).bearerToken(token)
    assert.notProperty(one.body(), 'token')
    const asAdmin = await client.get(`/whatsapp/${w.id}`).bearerToken(adminToken)
    assert.equal(asAdmin.body().token, w.token)
  })

  test('validation of spec 2 §5: name, redirect queue, NPS expiry, empty timeSendQueue; never a 500, nothing written', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const post = (body: any) => client.post('/whatsapp').bearerToken(adminToken).json(body)
    const cases: [any, number, string][] = [
      [{}, 422, 'ERR_VALIDATION'],
      [{ name: 'A' }, 422, 'ERR_VALIDATION'],
      [{ name: 'x'.repeat(51) }, 422, 'ERR_VALIDATION'],
      [{ name: 'Ok', timeSendQueue: 10 }, 422, 'ERR_WAPP_SEND_QUEUE'],
      [{ name: 'Ok', ratingMessage: 'Nota de 0 a 10', expiresTicketNPS: 0 }, 422, 'ERR_WAPP_EXPIRES_NPS'],
      [{ name: 'Ok', ratingMessage: 'Nota', expiresTicketNPS: '' }, 422, 'ERR_WAPP_EXPIRES_NPS'],
      [{ name: 'Ok', channel: 'telegram' }, 422, 'ERR_VALIDATION'],
      [{ name: 'Ok', token: 'short' }, 422, 'ERR_VALIDATION'],
      [{ name: 'Ok', sendIdQueue: 999999, timeSendQueue: 5 }, 404, 'ERR_NO_QUEUE_FOUND'],
      [{ name: 'Ok', queueIds: ['x'] }, 422, 'ERR_VALIDATION'],
      [{ name: 'Ok', whenExpiresTicket: 7 }, 422, 'ERR_VALIDATION'],
      [
        { name: 'Ok', schedules: [{ weekday: 'Seg', weekdayEn: 'monday', startTimeA: '25:00' }] },
        422,
        'ERR_VALIDATION',
      ],
      [{ name: 'Ok', collectiveVacationMessage: 'Férias!' }, 422, 'ERR_VALIDATION'],
      [{ name: 'Ok', collectiveVacationStart: 'not a date' }, 422, 'ERR_VALIDATION'],
      [{ name: 'Ok', importOldMessages: DateTime.now().minus({ years: 3 }).toISODate() }, 422, 'ERR_WAPP_IMPORT_DATES'],
      [{ name: 'Ok', importOldMessages: DateTime.now().plus({ days: 2 }).toISODate() }, 422, 'ERR_WAPP_IMPORT_DATES'],
      [
        {
          name: 'Ok',
          importOldMessages: DateTime.now().minus({ days: 30 }).toISODate(),
          importRecentMessages: DateTime.now().minus({ days: 60 }).toISODate(),
        },
        422,
        'ERR_WAPP_IMPORT_DATES',
      ],
      [
        {
          name: 'Ok',
          collectiveVacationMessage: 'Férias',
          collectiveVacationStart: DateTime.now().minus({ days: 20 }).toISODate(),
          collectiveVacationEnd: DateTime.now().plus({ days: 5 }).toISODate(),
        },
        422,
        'ERR_VALIDATION',
      ],
    ]
    for (const [body, status, code] of cases) {
      const r = await post(body)
      assert.equal(r.status(), status, JSON.stringify(body) + ' → ' + r.text())
      assert.equal(r.body().error, code, JSON.stringify(body))
    }
    // two queues need a greeting
    const q1 = await aQueue(company.id)
    const q2 = await aQueue(company.id)
    const g = await post({ name: 'Duas filas', queueIds: [q1.id, q2.id] })
    assert.equal(g.body().error, 'ERR_WAPP_GREETING_REQUIRED')
    assert.equal(await count(company.id), 0)

    // empty timeSendQueue becomes 0; good dates are stored
    const ok = await post({
      name: 'Completa',
      timeSendQueue: '',
      queueIds: [q1.id, q2.id],
      greetingMessage: 'Olá! Escolha:',
      sendIdQueue: q1.id,
      ratingMessage: 'Dê uma nota',
      expiresTicketNPS: 30,
      collectiveVacationMessage: 'Estamos de férias',
      collectiveVacationStart: DateTime.now().toISODate(),
      collectiveVacationEnd: DateTime.now().plus({ days: 10 }).toISODate(),
      importOldMessages: DateTime.now().minus({ days: 90 }).toISODate(),
      importRecentMessages: DateTime.now().minus({ days: 1 }).toISODate(),
      importOldMessagesGroups: true,
    })
    ok.assertStatus(201)
    assert.equal(ok.body().timeSendQueue, 0)
    assert.sameMembers(ok.body().queueIds, [q1.id, q2.id])
    assert.isTrue(ok.body().importOldMessages)
    assert.isNotNull(ok.body().importRecentMessages)
    // another company's queue is refused
    const other = await createTenant()
    const foreignQueue = await aQueue(other.company.id)
    const f = await post({ name: 'Fila alheia', queueIds: [foreignQueue.id] })
    assert.equal(f.status(), 404)
  })

  test('names are unique per channel; tokens unique platform-wide', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Loja' })
    const dup = await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'loja' })
    assert.equal(dup.status(), 409)
    assert.equal(dup.body().error, 'ERR_WAPP_NAME_EXISTS')
    const t =
      'A'.repeat(15) +
      uid()
        .replace(/[^A-Za-z0-9]/g, 'x')
        .padEnd(15, 'b')
    const a = await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Com token', token: t })
    a.assertStatus(201)
    const other = await createTenant()
    const b = await client.post('/whatsapp').bearerToken(other.adminToken).json({ name: 'Outro', token: t })
    assert.equal(b.body().error, 'ERR_WAPP_TOKEN_EXISTS')
    assert.notInclude(b.text(), 'Com token')
  })

  test('default connection rules: switch, refuse switching off, promote after delete', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const a = (await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Primeira' })).body()
    const b = (await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Segunda' })).body()
    const off = await client.put(`/whatsapp/${a.id}`).bearerToken(adminToken).json({ isDefault: false })
    assert.equal(off.body().error, 'ERR_NO_OTHER_WHATSAPP')
    const sw = await client.put(`/whatsapp/${b.id}`).bearerToken(adminToken).json({ isDefault: true })
    sw.assertStatus(200)
    assert.isTrue(sw.body().isDefault)
    const list = (await client.get('/whatsapp').bearerToken(adminToken)).body()
    assert.deepEqual(
      list.filter((w: any) => w.isDefault).map((w: any) => w.id),
      [b.id]
    )
    ;(await client.delete(`/whatsapp/${b.id}`).bearerToken(adminToken)).assertStatus(204)
    const after = (await client.get(`/whatsapp/${a.id}`).bearerToken(adminToken)).body()
    assert.isTrue(after.isDefault)
  })

  test('plan limits: channel flags and connections limit (company override first)', async ({ client, assert }) => {
    const plan = await createPlan({ connections: 1, useFacebook: false })
    const { company, adminToken } = await createTenant({ plan })
    const fb = await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Face', channel: 'facebook' })
    assert.equal(fb.status(), 403)
    assert.equal(fb.body().error, 'ERR_PLAN_FEATURE_DISABLED')
    ;(await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Uma' })).assertStatus(201)
    const two = await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Duas' })
    assert.equal(two.body().error, 'ERR_PLAN_CONNECTIONS_LIMIT')
    await db.from('companies').where('id', company.id).update({ connections_limit: 2 })
    ;(await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Duas' })).assertStatus(201)
    // concurrent creates cannot pass the limit together
    await db.from('companies').where('id', company.id).update({ connections_limit: 3 })
    const burst = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        client
          .post('/whatsapp')
          .bearerToken(adminToken)
          .json({ name: `Corrida ${i}` })
      )
    )
    assert.equal(burst.filter((r) => r.status() === 201).length, 1)
    assert.equal(await count(company.id), 3)
  })

  test('non-admins cannot change connections or sessions', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const w = (await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Principal' })).body()
    const { token } = await createUser(company)
    for (const [m, url] of [
      ['post', '/whatsapp'],
      ['put', `/whatsapp/${w.id}`],
      ['delete', `/whatsapp/${w.id}`],
      ['post', `/whatsappsession/${w.id}`],
      ['put', `/whatsappsession/${w.id}`],
      ['delete', `/whatsappsession/${w.id}`],
      ['post', '/whatsapp-restart'],
      ['post', `/closedimported/${w.id}`],
    ] as const) {
      const r = await (client as any)[m](url).bearerToken(token).json({ name: 'Hack' })
      assert.equal(r.status(), 403, `${m} ${url}`)
    }
    assert.equal((await client.get(`/whatsapp/${w.id}`).bearerToken(adminToken)).body().name, 'Principal')
  })

  test('super user: /whatsapp/all with per-company counts and no tokens; whatsapp-admin per company', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const w = (await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Central' })).body()
    const { token } = await superSession()
    const all = await client.get('/whatsapp/all').qs({ session: 0 }).bearerToken(token)
    all.assertStatus(200)
    assert.notInclude(all.text(), w.token)
    const row = all.body().companies.find((c: any) => c.companyId === company.id)
    assert.deepEqual([row.total, row.connected, row.disconnected], [1, 0, 1])
    const mine = await client.get(`/whatsapp-admin/${company.id}`).bearerToken(token)
    assert.deepEqual(
      mine.body().map((c: any) => c.id),
      [w.id]
    )
    const put = await client.put(`/whatsapp-admin/${w.id}`).bearerToken(token).json({ name: 'Central 2' })
    put.assertStatus(200)
    assert.notProperty(put.body(), 'token')
    const denied = await client.get('/whatsapp/all').bearerToken(adminToken)
    assert.equal(denied.status(), 403)
  })

  test('greeting media: images and video only, served by signed URL; replaced and removed', async ({
    client,
    assert,
  }) => {
    const { adminToken } = await createTenant()
    const w = (await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Mídia' })).body()
    const bad = await client
      .post(`/whatsapp/${w.id}/media-upload`)
      .bearerToken(adminToken)
      .file('file', Buffer.from('MZ'), { filename: 'virus.exe' })
    assert.equal(bad.body().error, 'ERR_INVALID_FILE_TYPE')
    const ok = await client
      .post(`/whatsapp/${w.id}/media-upload`)
      .bearerToken(adminToken)
      .file('file', png, { filename: 'boas-vindas.png' })
    ok.assertStatus(200)
    assert.match(ok.body().greetingMediaUrl, /^\/media\/c\d+\/connections\/\d+\/.+\.png\?cid=\d+&exp=\d+&sig=/)
    assert.equal(ok.body().greetingMediaName, 'boas-vindas.png')
    const media = await client.get(ok.body().greetingMediaUrl)
    media.assertStatus(200)
    const del = await client.delete(`/whatsapp/${w.id}/media-upload`).bearerToken(adminToken)
    assert.isNull(del.body().greetingMediaUrl)
  })

  test('closedimported closes the pending tickets opened by the import and clears the status', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const w = (await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Importada' })).body()
    await db.from('whatsapps').where('id', w.id).update({ status_import_messages: 'renderButtonCloseTickets' })
    await db
      .from('connection_imports')
      .where('whatsapp_id', w.id)
      .update({ state: 'done', started_at: new Date(Date.now() - 60_000), finished_at: new Date() })
    const [contact] = await db
      .table('contacts')
      .insert({ company_id: company.id, name: 'Cliente', number: `55${Date.now()}` })
      .returning('id')
    const [ticket] = await db
      .table('tickets')
      .insert({
        company_id: company.id,
        uuid: crypto.randomUUID(),
        status: 'pending',
        contact_id: contact.id ?? contact,
        whatsapp_id: w.id,
      })
      .returning('id')
    const r = await client.post(`/closedimported/${w.id}`).bearerToken(adminToken)
    r.assertStatus(200)
    assert.equal(r.body().closed, 1)
    const t = await db
      .from('tickets')
      .where('id', ticket.id ?? ticket)
      .first()
    assert.equal(t.status, 'closed')
    const logs = await db.from('ticket_logs').where({ ticket_id: ticket.id ?? ticket, type: 'closed' })
    assert.lengthOf(logs, 1)
    const after = (await client.get(`/whatsapp/${w.id}`).bearerToken(adminToken)).body()
    assert.isNull(after.statusImportMessages)
  })

  test('bad ids and foreign ids are 404, never 500', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const other = await createTenant()
    const foreign = (await client.post('/whatsapp').bearerToken(other.adminToken).json({ name: 'Alheia' })).body()
    for (const id of ['abc', '0', '-1', '99999999999', String(foreign.id)]) {
      const r = await client.get(`/whatsapp/${id}`).bearerToken(adminToken)
      assert.equal(r.status(), 404, id)
      const s = await client.delete(`/whatsappsession/${id}`).bearerToken(adminToken)
      assert.equal(s.status(), 404, id)
    }
    const junk = await client
      .put(`/whatsapp/${foreign.id}`)
      .bearerToken(adminToken)
      .json({ name: 'x'.repeat(10_000) })
    assert.include([404, 422], junk.status())
  })
})

test.group('connections API · the super user across companies (all-connections dialog)', () => {
  const session = (whatsappId: number) => db.from('wa_sessions').where('whatsapp_id', whatsappId).first()

  test("creates under the target company's plan, reads the QR, commands the session and deletes; never the token", async ({
    client,
    assert,
  }) => {
    // the target's plan: one connection, no Facebook (the super user's own plan has every flag on)
    const plan = await createPlan({ connections: 1, useFacebook: false })
    const target = await createTenant({ plan })
    const { user: superUser, token } = await superSession()
    const ownBefore = await count(superUser.companyId)
    const theirQueue = await createQueue(target.company, `Fila alvo ${uid()}`)
    const ownQueue = await createQueue(await Company.findOrFail(superUser.companyId), `Fila própria ${uid()}`)

    const options = await client.get(`/whatsapp-admin/${target.company.id}/channels`).bearerToken(token)
    options.assertStatus(200)
    const names = options.body().channels.map((c: any) => c.name)
    assert.include(names, 'whatsapp')
    assert.notInclude(names, 'facebook')
    assert.equal(options.body().scheduleType, 'disabled')
    // the editor's queue options are the target company's, never the super user's own
    const queueIds = options.body().queues.map((q: any) => q.id)
    assert.include(queueIds, theirQueue.id)
    assert.notInclude(queueIds, ownQueue.id)

    const fb = await client
      .post('/whatsapp')
      .bearerToken(token)
      .json({ name: 'Face', channel: 'facebook', companyId: target.company.id })
    assert.equal(fb.status(), 403)
    assert.equal(fb.body().error, 'ERR_PLAN_FEATURE_DISABLED')

    const made = await client
      .post('/whatsapp')
      .bearerToken(token)
      .json({ name: 'Filial', companyId: target.company.id })
    made.assertStatus(201)
    const w = made.body()
    assert.equal(w.companyId, target.company.id)
    assert.notProperty(w, 'token')
    assert.isTrue(w.isDefault)
    const stored = await db.from('whatsapps').where('id', w.id).first()
    assert.equal(stored.company_id, target.company.id)
    assert.match(stored.token, /^[A-Za-z0-9]{30}$/)
    assert.equal(await count(superUser.companyId), ownBefore)
    // a new WhatsApp connection starts at once, in the target company's session row
    assert.equal((await session(w.id)).company_id, target.company.id)

    // the target company's limit applies, not the super user's
    const second = await client
      .post('/whatsapp')
      .bearerToken(token)
      .json({ name: 'Segunda', companyId: target.company.id })
    assert.equal(second.status(), 403)
    assert.equal(second.body().error, 'ERR_PLAN_CONNECTIONS_LIMIT')
    assert.equal(await count(target.company.id), 1)

    // the QR dialog's read: the live code, not the token
    await db.from('whatsapps').where('id', w.id).update({ status: 'qrcode', qrcode: '2@CODE,xyz' })
    const qr = await client.get(`/whatsapp/${w.id}`).bearerToken(token)
    qr.assertStatus(200)
    assert.equal(qr.body().qrcode, '2@CODE,xyz')
    assert.notProperty(qr.body(), 'token')
    assert.notInclude(qr.text(), stored.token)

    // session commands: retry, new QR, disconnect
    const generation = Number((await session(w.id)).generation)
    const retry = await client.post(`/whatsappsession/${w.id}`).bearerToken(token)
    retry.assertStatus(200)
    assert.notProperty(retry.body(), 'token')
    assert.equal((await session(w.id)).desired, 'run')
    const fresh = await client.put(`/whatsappsession/${w.id}`).bearerToken(token)
    fresh.assertStatus(200)
    assert.isAbove(Number((await session(w.id)).generation), generation)
    const off = await client.delete(`/whatsappsession/${w.id}`).bearerToken(token)
    off.assertStatus(200)
    assert.equal((await session(w.id)).desired, 'logout')
    assert.notInclude(off.text(), stored.token)

    // edit through the super user's PUT, then delete: the company's admin sees it gone
    ;(await client.put(`/whatsapp-admin/${w.id}`).bearerToken(token).json({ name: 'Filial 2' })).assertStatus(200)
    ;(await client.delete(`/whatsapp/${w.id}`).bearerToken(token)).assertStatus(204)
    assert.equal(await count(target.company.id), 0)
    const left = await client.get('/whatsapp').bearerToken(target.adminToken)
    assert.deepEqual(left.body(), [])
    // and the freed slot takes a new one
    ;(
      await client.post('/whatsapp').bearerToken(token).json({ name: 'Nova', companyId: target.company.id })
    ).assertStatus(201)

    // a company that does not exist
    const none = await client.post('/whatsapp').bearerToken(token).json({ name: 'Nada', companyId: 2147483000 })
    assert.equal(none.status(), 404)
    assert.equal((await client.get('/whatsapp-admin/2147483000/channels').bearerToken(token)).status(), 404)
  })

  test("an admin cannot touch another company's connection on the routes the super user crosses on", async ({
    client,
    assert,
  }) => {
    const a = await createTenant()
    const b = await createTenant()
    const w = (await client.post('/whatsapp').bearerToken(b.adminToken).json({ name: 'De B' })).body()
    const before = await db.from('whatsapps').where('id', w.id).first()
    const generation = (await session(w.id))?.generation

    const create = await client
      .post('/whatsapp')
      .bearerToken(a.adminToken)
      .json({ name: 'Intrusa', companyId: b.company.id })
    assert.equal(create.status(), 403)
    assert.equal(await count(b.company.id), 1)
    // naming their own company is fine
    const own = await client
      .post('/whatsapp')
      .bearerToken(a.adminToken)
      .json({ name: 'Minha', companyId: a.company.id })
    own.assertStatus(201)
    assert.property(own.body(), 'token')

    for (const [m, url, status] of [
      ['get', `/whatsapp/${w.id}`, 404],
      ['delete', `/whatsapp/${w.id}`, 404],
      ['post', `/whatsappsession/${w.id}`, 404],
      ['put', `/whatsappsession/${w.id}`, 404],
      ['delete', `/whatsappsession/${w.id}`, 404],
      ['put', `/whatsapp-admin/${w.id}`, 403],
      ['get', `/whatsapp-admin/${b.company.id}`, 403],
      ['get', `/whatsapp-admin/${b.company.id}/channels`, 403],
    ] as const) {
      const r = await (client as any)[m](url).bearerToken(a.adminToken).json({ name: 'Hack' })
      assert.equal(r.status(), status, `${m} ${url}`)
      assert.notInclude(r.text(), 'De B', `${m} ${url}`)
    }
    const after = await db.from('whatsapps').where('id', w.id).first()
    assert.deepEqual([after.name, after.status, after.company_id], [before.name, before.status, before.company_id])
    assert.equal((await session(w.id))?.generation, generation)

    // the super user's reach is only these routes: media, import and restart stay in the caller's company
    const { token } = await superSession()
    const media = await client
      .post(`/whatsapp/${w.id}/media-upload`)
      .bearerToken(token)
      .file('file', png, { filename: 'greeting.png' })
    assert.equal(media.status(), 404)
    assert.equal((await client.post(`/closedimported/${w.id}`).bearerToken(token)).status(), 404)
    assert.equal((await client.put(`/whatsapp/${w.id}`).bearerToken(token).json({ name: 'Pelo PUT' })).status(), 404)
    assert.equal((await db.from('whatsapps').where('id', w.id).first()).name, 'De B')
  })
})
