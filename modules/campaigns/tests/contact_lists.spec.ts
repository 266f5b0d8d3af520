import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { channelRegistry } from '#core/channels'
import { Whatsapp } from '#core/models'
import { tenancy } from '#core/tenancy'
import { createPlan, createTenant, createUser, setPlanFlags, uid } from '#tests/helpers/world'
import { startWorkers, waitFor } from '#tests/helpers/inbox'

test.group('campaigns: contact lists', () => {
  test('an admin creates, reads, renames, lists and deletes a list with its contactsCount', async ({
    client,
    assert,
  }) => {
    const { adminToken } = await createTenant()
    const created = await client.post('/contact-lists').bearerToken(adminToken).json({ name: '  Clientes VIP ' })
    created.assertStatus(201)
    assert.equal(created.body().name, 'Clientes VIP')
    assert.equal(created.body().contactsCount, 0)
    const id = created.body().id

    for (const number of ['5511999990001', '+55 (11) 99999-0002']) {
      ;(
        await client
          .post('/contact-list-items')
          .bearerToken(adminToken)
          .json({ name: 'Ana Souza', number, contactListId: id })
      ).assertStatus(201)
    }
    const shown = await client.get(`/contact-lists/${id}`).bearerToken(adminToken)
    assert.equal(shown.body().contactsCount, 2)

    ;(
      await client.put(`/contact-lists/${id}`).bearerToken(adminToken).json({ name: 'Clientes Ouro' })
    ).assertBodyContains({ name: 'Clientes Ouro' })
    const page = await client.get('/contact-lists').qs({ searchParam: 'ouro', pageNumber: 1 }).bearerToken(adminToken)
    assert.deepEqual(
      page.body().records.map((r: any) => r.id),
      [id]
    )
    assert.isFalse(page.body().hasMore)
    const none = await client.get('/contact-lists').qs({ searchParam: 'prata' }).bearerToken(adminToken)
    assert.lengthOf(none.body().records, 0)
    const all = await client.get('/contact-lists/list').bearerToken(adminToken)
    assert.deepEqual(
      all.body().map((r: any) => [r.id, r.contactsCount]),
      [[id, 2]]
    )

    ;(await client.delete(`/contact-lists/${id}`).bearerToken(adminToken)).assertStatus(204)
    ;(await client.get(`/contact-lists/${id}`).bearerToken(adminToken)).assertStatus(404)
  })

  test('list names are 2-50 characters; unknown ids answer ERR_NO_CONTACT_LIST_FOUND', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    for (const name of ['', 'x', 'y'.repeat(51), 12]) {
      const r = await client.post('/contact-lists').bearerToken(adminToken).json({ name })
      r.assertStatus(422)
      assert.equal(r.body().error, 'ERR_VALIDATION')
      assert.deepEqual(
        r.body().fields.map((f: any) => f.field),
        ['name']
      )
    }
    for (const id of ['abc', '0', '99999999999', '2147483647']) {
      const r = await client.get(`/contact-lists/${id}`).bearerToken(adminToken)
      r.assertStatus(404)
      assert.equal(r.body().error, 'ERR_NO_CONTACT_LIST_FOUND')
    }
  })

  test('a plain user reads lists but may not write them', async ({ client, assert }) => {
    const tenant = await createTenant()
    const { token } = await createUser(tenant.company)
    const list = await client.post('/contact-lists').bearerToken(tenant.adminToken).json({ name: 'Lista' })
    ;(await client.get('/contact-lists').bearerToken(token)).assertStatus(200)
    const denied = await client.post('/contact-lists').bearerToken(token).json({ name: 'Minha' })
    denied.assertStatus(403)
    assert.equal(denied.body().error, 'ERR_NO_PERMISSION')
    ;(await client.delete(`/contact-lists/${list.body().id}`).bearerToken(token)).assertStatus(403)
  })

  test('the plan flag useCampaigns gates every call on the server', async ({ client, assert }) => {
    const plan = await createPlan()
    const { adminToken } = await createTenant({ plan })
    ;(await client.get('/contact-lists').bearerToken(adminToken)).assertStatus(200)
    await setPlanFlags(plan.id, { useCampaigns: false })
    for (const [method, url] of [
      ['get', '/contact-lists'],
      ['post', '/contact-lists'],
      ['get', '/contact-list-items'],
      ['get', '/campaigns'],
      ['get', '/campaign-settings'],
      ['post', '/campaigns/1/cancel'],
    ] as const) {
      const r = await (client as any)[method](url).bearerToken(adminToken).json({})
      assert.equal(r.status(), 403, `${method} ${url}`)
      assert.equal(r.body().error, 'ERR_PLAN_FEATURE_DISABLED')
    }
  })
})

test.group('campaigns: contact list items', () => {
  async function listOf(client: any, token: string) {
    return (
      await client
        .post('/contact-lists')
        .bearerToken(token)
        .json({ name: `Lista ${uid()}` })
    ).body().id as number
  }

  test('items are created with digits only, searched, paged, updated and deleted', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const listId = await listOf(client, adminToken)
    const created = await client
      .post('/contact-list-items')
      .bearerToken(adminToken)
      .json({ name: 'Bruno Lima', number: '+55 (21) 98888-7777', email: 'bruno@example.test', contactListId: listId })
    created.assertStatus(201)
    assert.equal(created.body().number, '5521988887777')
    // no channel can check numbers: unknown, not invalid
    assert.isNull(created.body().isWhatsappValid)
    const itemId = created.body().id
    for (let i = 0; i < 45; i++) {
      await client
        .post('/contact-list-items')
        .bearerToken(adminToken)
        .json({
          name: `Pessoa ${String(i).padStart(2, '0')}`,
          number: `55119000000${String(i).padStart(2, '0')}`,
          contactListId: listId,
        })
    }
    const page1 = await client
      .get('/contact-list-items')
      .qs({ contactListId: listId, pageNumber: 1 })
      .bearerToken(adminToken)
    assert.lengthOf(page1.body().contacts, 40)
    assert.isTrue(page1.body().hasMore)
    const page2 = await client
      .get('/contact-list-items')
      .qs({ contactListId: listId, pageNumber: 2 })
      .bearerToken(adminToken)
    assert.lengthOf(page2.body().contacts, 6)
    assert.isFalse(page2.body().hasMore)
    const search = await client
      .get('/contact-list-items')
      .qs({ contactListId: listId, searchParam: 'bruno' })
      .bearerToken(adminToken)
    assert.deepEqual(
      search.body().contacts.map((c: any) => c.id),
      [itemId]
    )
    const byNumber = await client
      .get('/contact-list-items')
      .qs({ contactListId: listId, searchParam: '98888' })
      .bearerToken(adminToken)
    assert.deepEqual(
      byNumber.body().contacts.map((c: any) => c.id),
      [itemId]
    )

    const updated = await client
      .put(`/contact-list-items/${itemId}`)
      .bearerToken(adminToken)
      .json({ name: 'Bruno L.', email: '' })
    updated.assertStatus(200)
    assert.equal(updated.body().name, 'Bruno L.')
    assert.isNull(updated.body().email)
    ;(await client.get(`/contact-list-items/${itemId}`).bearerToken(adminToken)).assertBodyContains({
      name: 'Bruno L.',
    })
    ;(await client.delete(`/contact-list-items/${itemId}`).bearerToken(adminToken)).assertStatus(204)
    const gone = await client.get(`/contact-list-items/${itemId}`).bearerToken(adminToken)
    gone.assertStatus(404)
    assert.equal(gone.body().error, 'ERR_NO_CONTACT_LIST_ITEM_FOUND')
  })

  test('a number twice in one list is refused, in another list it is fine', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const a = await listOf(client, adminToken)
    const b = await listOf(client, adminToken)
    const item = { name: 'Carla', number: '5531977776666' }
    ;(
      await client
        .post('/contact-list-items')
        .bearerToken(adminToken)
        .json({ ...item, contactListId: a })
    ).assertStatus(201)
    const dup = await client
      .post('/contact-list-items')
      .bearerToken(adminToken)
      .json({ ...item, number: '+55 31 97777-6666', contactListId: a })
    dup.assertStatus(409)
    assert.equal(dup.body().error, 'ERR_CONTACT_LIST_ITEM_DUPLICATED')
    ;(
      await client
        .post('/contact-list-items')
        .bearerToken(adminToken)
        .json({ ...item, contactListId: b })
    ).assertStatus(201)
    // and an update onto a number the list has
    const other = await client
      .post('/contact-list-items')
      .bearerToken(adminToken)
      .json({ name: 'Davi', number: '5531955554444', contactListId: a })
    const moved = await client
      .put(`/contact-list-items/${other.body().id}`)
      .bearerToken(adminToken)
      .json({ number: '5531977776666' })
    moved.assertStatus(409)
    const count = await client.get(`/contact-lists/${a}`).bearerToken(adminToken)
    assert.equal(count.body().contactsCount, 2)
  })

  test('bad items answer ERR_VALIDATION with the fields', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const listId = await listOf(client, adminToken)
    const r = await client
      .post('/contact-list-items')
      .bearerToken(adminToken)
      .json({ name: 'A', number: '12-34', email: 'not-an-email', contactListId: listId })
    r.assertStatus(422)
    assert.sameMembers(
      r.body().fields.map((f: any) => f.field),
      ['name', 'number', 'email']
    )
    const letters = await client
      .post('/contact-list-items')
      .bearerToken(adminToken)
      .json({ name: 'Ana', number: 'abcdefghij', contactListId: listId })
    assert.deepEqual(
      letters.body().fields.map((f: any) => f.field),
      ['number']
    )
    const noList = await client
      .post('/contact-list-items')
      .bearerToken(adminToken)
      .json({ name: 'Ana', number: '5511999990000' })
    assert.deepEqual(
      noList.body().fields.map((f: any) => f.field),
      ['contactListId']
    )
    const unknownList = await client
      .post('/contact-list-items')
      .bearerToken(adminToken)
      .json({ name: 'Ana', number: '5511999990000', contactListId: 2147483000 })
    unknownList.assertStatus(404)
    assert.equal(unknownList.body().error, 'ERR_NO_CONTACT_LIST_FOUND')
    const missingQs = await client.get('/contact-list-items').bearerToken(adminToken)
    missingQs.assertStatus(422)
  })

  test('deleting an item needs contacts-page:deleteContact (admins)', async ({ client }) => {
    const tenant = await createTenant()
    const { token } = await createUser(tenant.company)
    const listId = await listOf(client, tenant.adminToken)
    const item = await client
      .post('/contact-list-items')
      .bearerToken(tenant.adminToken)
      .json({ name: 'Eva', number: '5541933332222', contactListId: listId })
    ;(await client.get('/contact-list-items').qs({ contactListId: listId }).bearerToken(token)).assertStatus(200)
    ;(await client.delete(`/contact-list-items/${item.body().id}`).bearerToken(token)).assertStatus(403)
    ;(await client.delete(`/contact-list-items/${item.body().id}`).bearerToken(tenant.adminToken)).assertStatus(204)
  })

  test("another company's list and items are invisible", async ({ client, assert }) => {
    const owner = await createTenant()
    const intruder = await createTenant()
    const listId = await listOf(client, owner.adminToken)
    const item = await client
      .post('/contact-list-items')
      .bearerToken(owner.adminToken)
      .json({ name: 'Fabi', number: '5551911110000', contactListId: listId })
    ;(
      await client.get('/contact-list-items').qs({ contactListId: listId }).bearerToken(intruder.adminToken)
    ).assertStatus(404)
    ;(
      await client
        .post('/contact-list-items')
        .bearerToken(intruder.adminToken)
        .json({ name: 'Fabi', number: '5551911110001', contactListId: listId })
    ).assertStatus(404)
    ;(
      await client.put(`/contact-list-items/${item.body().id}`).bearerToken(intruder.adminToken).json({ name: 'Hack' })
    ).assertStatus(404)
    const mine = await client.get('/contact-lists/list').bearerToken(intruder.adminToken)
    assert.deepEqual(mine.body(), [])
  })
})

test.group('campaigns: which list items are on WhatsApp', (group) => {
  group.each.setup(() => startWorkers())

  test('a connected channel that checks numbers marks each item; a number it does not know is never sent to; without one they stay unknown', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const list = await client.post('/contact-lists').bearerToken(adminToken).json({ name: 'Verificar' })
    const add = (number: string) =>
      client
        .post('/contact-list-items')
        .bearerToken(adminToken)
        .json({ name: 'Cliente', number, contactListId: list.body().id })
    const valueOf = async (id: number) =>
      (await db.from('contact_list_items').where('id', id).first()).is_whatsapp_valid

    // no connection can check yet: the item stays unknown (and is still a recipient)
    const early = await add('5511999991001')
    early.assertStatus(201)
    await new Promise((r) => setTimeout(r, 500))
    assert.isNull(await valueOf(early.body().id))

    // a connected connection whose channel checks numbers (a double of WhatsApp's "on WhatsApp" lookup)
    const asked: string[] = []
    const restore = channelRegistry.swap({
      name: 'api',
      async start() {},
      async stop() {},
      async send() {
        return { providerId: 'x', ack: 1 }
      },
      async checkNumber(_c, number) {
        asked.push(number)
        return !number.endsWith('0000')
      },
    })
    try {
      await tenancy.run(company.id, () => Whatsapp.create({ name: 'Loja', channel: 'api', status: 'CONNECTED' }))
      const known = await add('5511999991002')
      const unknown = await add('5511999990000')
      await waitFor(
        async () => (await valueOf(unknown.body().id)) !== null && (await valueOf(known.body().id)) !== null
      )
      assert.isTrue(await valueOf(known.body().id))
      assert.isFalse(await valueOf(unknown.body().id))
      // the earlier unknown item is checked along with the next ones
      assert.isTrue(await valueOf(early.body().id))
      assert.includeMembers(asked, ['5511999991002', '5511999990000'])
    } finally {
      restore()
    }
  })
})
