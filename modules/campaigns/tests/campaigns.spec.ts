import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createConnection } from '#tests/helpers/inbox'
import { createTenant, createUser, uid } from '#tests/helpers/world'

async function setup(client: any) {
  const tenant = await createTenant()
  const conn = await createConnection(tenant.company)
  const list = await client
    .post('/contact-lists')
    .bearerToken(tenant.adminToken)
    .json({ name: `Lista ${uid()}` })
  await client
    .post('/contact-list-items')
    .bearerToken(tenant.adminToken)
    .json({ name: 'Ana', number: '5511999990001', contactListId: list.body().id })
  return { ...tenant, conn, listId: list.body().id as number }
}

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString()

test.group('campaigns: settings', () => {
  test('defaults of spec 3 §9, saved together per company', async ({ client, assert }) => {
    const a = await createTenant()
    const b = await createTenant()
    const defaults = await client.get('/campaign-settings').bearerToken(a.adminToken)
    assert.deepEqual(defaults.body(), {
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      startHour: '09:00',
      endHour: '18:00',
      sabado: false,
      domingo: false,
      variables: [],
      dailyLimit: 0,
      optOutKeywords: ['SAIR', 'STOP', 'PARAR'],
    })
    const saved = await client
      .post('/campaign-settings')
      .bearerToken(a.adminToken)
      .json({
        settings: {
          messageInterval: 30,
          longerIntervalAfter: 10,
          greaterInterval: 120,
          startHour: '08:00',
          endHour: '20:30',
          sabado: true,
          variables: [{ key: 'loja', value: 'Loja Centro' }],
        },
      })
    saved.assertStatus(200)
    assert.include(saved.body(), {
      messageInterval: 30,
      longerIntervalAfter: 10,
      greaterInterval: 120,
      startHour: '08:00',
      endHour: '20:30',
      sabado: true,
      domingo: false,
    })
    assert.deepEqual((await client.get('/campaign-settings').bearerToken(a.adminToken)).body().variables, [
      { key: 'loja', value: 'Loja Centro' },
    ])
    // the other company still reads the defaults
    assert.equal((await client.get('/campaign-settings').bearerToken(b.adminToken)).body().messageInterval, 20)
  })

  test('only the choices of spec 3 §9; a bad batch saves nothing', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const bad = await client
      .post('/campaign-settings')
      .bearerToken(adminToken)
      .json({
        messageInterval: 7,
        longerIntervalAfter: 25,
        greaterInterval: 15,
        startHour: '25:00',
        variables: [{ key: 'a b', value: 'x' }],
      })
    bad.assertStatus(422)
    assert.sameMembers(
      bad.body().fields.map((f: any) => f.field.replace(/\.\d+\..*/, '')),
      ['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'startHour', 'variables']
    )
    const inverted = await client
      .post('/campaign-settings')
      .bearerToken(adminToken)
      .json({ messageInterval: 30, startHour: '18:00', endHour: '09:00' })
    inverted.assertStatus(422)
    assert.equal((await client.get('/campaign-settings').bearerToken(adminToken)).body().messageInterval, 20)
  })

  test('a plain user reads the settings but may not save them', async ({ client }) => {
    const tenant = await createTenant()
    const { token } = await createUser(tenant.company)
    ;(await client.get('/campaign-settings').bearerToken(token)).assertStatus(200)
    ;(await client.post('/campaign-settings').bearerToken(token).json({ messageInterval: 30 })).assertStatus(403)
  })
})

test.group('campaigns: CRUD and status machine', () => {
  test('without a time a campaign is INATIVA; with one PROGRAMADA; comma-joined connections', async ({
    client,
    assert,
  }) => {
    const w = await setup(client)
    const conn2 = await createConnection(w.company)
    const draft = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({ name: 'Rascunho', message1: 'Oi {nome}' })
    draft.assertStatus(201)
    assert.equal(draft.body().status, 'INATIVA')
    const scheduled = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({
        name: 'Natal',
        message1: 'Oi {nome}',
        message3: 'Olá {nome}',
        contactListId: w.listId,
        whatsappId: `${w.conn.id},${conn2.id}`,
        scheduledAt: inHours(3),
        openTicket: 'enabled',
        statusTicket: 'open',
      })
    scheduled.assertStatus(201)
    assert.equal(scheduled.body().status, 'PROGRAMADA')
    assert.equal(scheduled.body().whatsappId, `${w.conn.id},${conn2.id}`)
    assert.equal(scheduled.body().counters.valid, 1)
    assert.deepEqual(scheduled.body().contactList, { id: w.listId, name: scheduled.body().contactList.name })

    const shown = await client.get(`/campaigns/${scheduled.body().id}`).bearerToken(w.adminToken)
    assert.equal(shown.body().name, 'Natal')
    assert.deepEqual(shown.body().shipping, [])
    const list = await client.get('/campaigns').qs({ searchParam: 'nat', pageNumber: 1 }).bearerToken(w.adminToken)
    assert.deepEqual(
      list.body().records.map((r: any) => r.id),
      [scheduled.body().id]
    )
  })

  test('bad campaigns answer ERR_VALIDATION or ERR_CAMPAIGN_NO_RECIPIENTS', async ({ client, assert }) => {
    const w = await setup(client)
    const r = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({ name: 'x', statusTicket: 'maybe', openTicket: 1, whatsappId: 'a,b', scheduledAt: 'tomorrow' })
    r.assertStatus(422)
    assert.sameMembers(
      r.body().fields.map((f: any) => f.field),
      ['name', 'statusTicket', 'openTicket', 'whatsappId']
    )
    const badDate = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({ name: 'Datas', scheduledAt: 'tomorrow' })
    assert.deepEqual(
      badDate.body().fields.map((f: any) => f.field),
      ['scheduledAt']
    )
    const noList = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({ name: 'Sem lista', message1: 'Oi', whatsappId: String(w.conn.id), scheduledAt: inHours(2) })
    noList.assertStatus(422)
    assert.equal(noList.body().error, 'ERR_CAMPAIGN_NO_RECIPIENTS')
    const noMessage = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({ name: 'Muda', contactListId: w.listId, whatsappId: String(w.conn.id), scheduledAt: inHours(2) })
    assert.deepEqual(
      noMessage.body().fields.map((f: any) => f.field),
      ['message1']
    )
    const noConfirmation = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({
        name: 'Confirma',
        message1: 'Oi',
        confirmation: true,
        contactListId: w.listId,
        whatsappId: String(w.conn.id),
        scheduledAt: inHours(2),
      })
    assert.deepEqual(
      noConfirmation.body().fields.map((f: any) => f.field),
      ['confirmationMessage1']
    )
    // another company's connection or list is unknown here
    const other = await setup(client)
    const foreignList = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({ name: 'Alheia', contactListId: other.listId })
    foreignList.assertStatus(404)
    assert.equal(foreignList.body().error, 'ERR_NO_CONTACT_LIST_FOUND')
    const foreignConn = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({ name: 'Alheia', whatsappId: `${w.conn.id},${other.conn.id}` })
    foreignConn.assertStatus(404)
    assert.equal(foreignConn.body().error, 'ERR_NO_WAPP_FOUND')
  })

  test('the server enforces the edit rule: INATIVA, or PROGRAMADA more than 1 h ahead', async ({ client, assert }) => {
    const w = await setup(client)
    const base = { message1: 'Oi', contactListId: w.listId, whatsappId: String(w.conn.id) }
    const far = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({ name: 'Longe', ...base, scheduledAt: inHours(2) })
    ;(
      await client.put(`/campaigns/${far.body().id}`).bearerToken(w.adminToken).json({ name: 'Longe 2' })
    ).assertBodyContains({ name: 'Longe 2', status: 'PROGRAMADA' })
    // clearing the time turns it back into a draft
    const drafted = await client.put(`/campaigns/${far.body().id}`).bearerToken(w.adminToken).json({ scheduledAt: '' })
    assert.equal(drafted.body().status, 'INATIVA')

    const near = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({ name: 'Perto', ...base, scheduledAt: inHours(0.5) })
    const refused = await client.put(`/campaigns/${near.body().id}`).bearerToken(w.adminToken).json({ name: 'Perto 2' })
    refused.assertStatus(409)
    assert.equal(refused.body().error, 'ERR_CAMPAIGN_NOT_EDITABLE')
    assert.equal((await client.get(`/campaigns/${near.body().id}`).bearerToken(w.adminToken)).body().name, 'Perto')

    for (const status of ['EM_ANDAMENTO', 'FINALIZADA', 'CANCELADA']) {
      await db.from('campaigns').where('id', far.body().id).update({ status })
      ;(await client.put(`/campaigns/${far.body().id}`).bearerToken(w.adminToken).json({ name: 'Não' })).assertStatus(
        409
      )
    }
  })

  test('cancel, restart and delete follow spec 3 §4', async ({ client, assert }) => {
    const w = await setup(client)
    const c = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({ name: 'Estados', message1: 'Oi', contactListId: w.listId, whatsappId: String(w.conn.id) })
    const id = c.body().id
    const restartDraft = await client.post(`/campaigns/${id}/restart`).bearerToken(w.adminToken)
    restartDraft.assertStatus(409)
    assert.equal(restartDraft.body().error, 'ERR_CAMPAIGN_INVALID_TRANSITION')
    ;(await client.post(`/campaigns/${id}/cancel`).bearerToken(w.adminToken)).assertStatus(409)

    await db.from('campaigns').where('id', id).update({ status: 'EM_ANDAMENTO' })
    const del = await client.delete(`/campaigns/${id}`).bearerToken(w.adminToken)
    del.assertStatus(409)
    assert.equal(del.body().error, 'ERR_CAMPAIGN_IN_PROGRESS')
    ;(await client.post(`/campaigns/${id}/cancel`).bearerToken(w.adminToken)).assertStatus(204)
    assert.equal((await client.get(`/campaigns/${id}`).bearerToken(w.adminToken)).body().status, 'CANCELADA')
    ;(await client.post(`/campaigns/${id}/restart`).bearerToken(w.adminToken)).assertStatus(204)
    const restarted = await client.get(`/campaigns/${id}`).bearerToken(w.adminToken)
    assert.equal(restarted.body().status, 'EM_ANDAMENTO')
    // restarting writes the recipients a campaign cancelled before its start never had
    assert.deepEqual(
      restarted.body().shipping.map((s: any) => s.number),
      ['5511999990001']
    )
    ;(await client.post(`/campaigns/${id}/cancel`).bearerToken(w.adminToken)).assertStatus(204)
    ;(await client.delete(`/campaigns/${id}`).bearerToken(w.adminToken)).assertStatus(204)
    ;(await client.get(`/campaigns/${id}`).bearerToken(w.adminToken)).assertStatus(404)
  })

  test('a media attachment is stored, shown with a signed URL, replaced and removed; only while editable', async ({
    client,
    assert,
  }) => {
    const w = await setup(client)
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64'
    )
    const c = await client
      .post('/campaigns')
      .bearerToken(w.adminToken)
      .json({ name: 'Com mídia', message1: 'Veja a oferta' })
    const id = c.body().id
    const up = await client
      .post(`/campaigns/${id}/media-upload`)
      .bearerToken(w.adminToken)
      .file('file', png, { filename: 'oferta.png' })
    up.assertStatus(200)
    assert.equal(up.body().mediaName, 'oferta.png')
    assert.match(up.body().mediaPath, /^\/media\//)
    const bad = await client
      .post(`/campaigns/${id}/media-upload`)
      .bearerToken(w.adminToken)
      .file('file', Buffer.from('MZ'), { filename: 'virus.exe' })
    bad.assertStatus(422)
    assert.equal(bad.body().error, 'ERR_INVALID_FILE_TYPE')
    const removed = await client.delete(`/campaigns/${id}/media-upload`).bearerToken(w.adminToken)
    assert.isNull(removed.body().mediaPath)
    await db.from('campaigns').where('id', id).update({ status: 'FINALIZADA' })
    const late = await client
      .post(`/campaigns/${id}/media-upload`)
      .bearerToken(w.adminToken)
      .file('file', png, { filename: 'oferta.png' })
    late.assertStatus(409)
  })

  test('a plain user sees campaigns but may not change them', async ({ client }) => {
    const w = await setup(client)
    const { token } = await createUser(w.company)
    const c = await client.post('/campaigns').bearerToken(w.adminToken).json({ name: 'Só admin', message1: 'Oi' })
    ;(await client.get('/campaigns').bearerToken(token)).assertStatus(200)
    ;(await client.get(`/campaigns/${c.body().id}`).bearerToken(token)).assertStatus(200)
    ;(await client.post('/campaigns').bearerToken(token).json({ name: 'Minha' })).assertStatus(403)
    ;(await client.put(`/campaigns/${c.body().id}`).bearerToken(token).json({ name: 'Minha' })).assertStatus(403)
    ;(await client.delete(`/campaigns/${c.body().id}`).bearerToken(token)).assertStatus(403)
  })
})
