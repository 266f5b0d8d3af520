import { test } from '@japa/runner'
import { tenancy } from '#core/tenancy'
import { companySettings } from '#core/settings'
import db from '@adonisjs/lucid/services/db'
import { listen } from '#tests/helpers/realtime'
import { agent, inboxWorld, rand } from '#tests/helpers/inbox'

test.group('contacts', () => {
  test('create, show, update with extra info; numbers are unique per company', async ({ client, assert }) => {
    const w = await inboxWorld()
    const number = rand()
    const created = await client
      .post('/contacts')
      .bearerToken(w.adminToken)
      .json({
        name: 'João da Silva',
        number: `+${number}`,
        email: 'JOAO@example.test',
        extraInfo: [{ name: 'CPF', value: '123' }],
      })
    created.assertStatus(201)
    assert.equal(created.body().number, number)
    assert.equal(created.body().email, 'joao@example.test')
    assert.deepEqual(
      created.body().extraInfo.map((f: any) => [f.name, f.value]),
      [['CPF', '123']]
    )
    const dup = await client.post('/contacts').bearerToken(w.adminToken).json({ name: 'Outro', number })
    dup.assertStatus(409)
    dup.assertBodyContains({ error: 'ERR_DUPLICATED_CONTACT' })

    // the same number in another company is fine
    const other = await inboxWorld()
    const elsewhere = await client.post('/contacts').bearerToken(other.adminToken).json({ name: 'João', number })
    elsewhere.assertStatus(201)

    const id = created.body().id
    const updated = await client
      .put(`/contacts/${id}`)
      .bearerToken(w.adminToken)
      .json({ name: 'João S.', disableBot: true, extraInfo: [{ name: 'Plano', value: 'ouro' }] })
    updated.assertStatus(200)
    assert.equal(updated.body().name, 'João S.')
    assert.isTrue(updated.body().disableBot)
    assert.deepEqual(
      updated.body().extraInfo.map((f: any) => f.name),
      ['Plano']
    )
    const second = await client.post('/contacts').bearerToken(w.adminToken).json({ name: 'Segundo', number: rand() })
    const clash = await client.put(`/contacts/${second.body().id}`).bearerToken(w.adminToken).json({ number })
    clash.assertStatus(409)
    clash.assertBodyContains({ error: 'ERR_DUPLICATED_CONTACT' })
    const shown = await client.get(`/contacts/${id}`).bearerToken(w.adminToken)
    assert.equal(shown.body().name, 'João S.')
  })

  test('bad input gives ERR_VALIDATION and writes nothing', async ({ client, assert }) => {
    const w = await inboxWorld()
    for (const body of [
      { name: 'A', number: rand() },
      { name: 'Valid', number: '12' },
      { name: 'Valid', number: rand(), email: 'nope' },
      {},
    ]) {
      const r = await client.post('/contacts').bearerToken(w.adminToken).json(body)
      r.assertStatus(422)
      assert.equal(r.body().error, 'ERR_VALIDATION')
    }
    assert.equal(Number((await db.from('contacts').where('company_id', w.company.id).count('* as n'))[0].n), 0)
    const missing = await client.get('/contacts/999999999').bearerToken(w.adminToken)
    missing.assertStatus(404)
    missing.assertBodyContains({ error: 'ERR_NO_CONTACT_FOUND' })
    const junk = await client.get('/contacts/abc').bearerToken(w.adminToken)
    junk.assertStatus(404)
  })

  test('list searches unaccented names and numbers, filters by tag, pages; profile lookup', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const n1 = rand()
    const a = await client.post('/contacts').bearerToken(w.adminToken).json({ name: 'Conceição Araújo', number: n1 })
    await client.post('/contacts').bearerToken(w.adminToken).json({ name: 'Pedro', number: rand() })
    const byName = await client.get('/contacts').bearerToken(w.adminToken).qs({ searchParam: 'conceicao' })
    assert.deepEqual(
      byName.body().contacts.map((c: any) => c.id),
      [a.body().id]
    )
    const byNumber = await client
      .get('/contacts')
      .bearerToken(w.adminToken)
      .qs({ searchParam: n1.slice(-6) })
    assert.deepEqual(
      byNumber.body().contacts.map((c: any) => c.id),
      [a.body().id]
    )
    assert.properties(byNumber.body(), ['contacts', 'count', 'hasMore'])

    const tag = await client.post('/tags').bearerToken(w.adminToken).json({ name: 'cliente-vip' })
    const sync = await client
      .post('/tags/sync')
      .bearerToken(w.adminToken)
      .json({ contactId: a.body().id, tags: [{ id: tag.body().id }] })
    sync.assertStatus(200)
    const tagged = await client
      .get('/contacts')
      .bearerToken(w.adminToken)
      .qs({ contactTag: JSON.stringify([tag.body().id]) })
    assert.deepEqual(
      tagged.body().contacts.map((c: any) => c.id),
      [a.body().id]
    )
    const contactTags = await client.get(`/contactTags/${a.body().id}`).bearerToken(w.adminToken)
    assert.deepEqual(
      contactTags.body().map((t: any) => t.name),
      ['cliente-vip']
    )
    const cleared = await client.post('/tags/sync').bearerToken(w.adminToken).json({ contactId: a.body().id, tags: [] })
    cleared.assertStatus(200)
    assert.lengthOf((await client.get(`/contactTags/${a.body().id}`).bearerToken(w.adminToken)).body(), 0)

    const list = await client.get('/contacts/list').bearerToken(w.adminToken)
    assert.lengthOf(list.body(), 2)
    const profile = await client.get(`/contacts/profile/${n1}`).bearerToken(w.adminToken)
    assert.equal(profile.body().contactId, a.body().id)
    const unknown = await client.get(`/contacts/profile/${rand()}`).bearerToken(w.adminToken)
    assert.equal(unknown.body().contactId, 0)
  })

  test('toggles, block, delete for admins only; lgpdHideNumber masks lists for profile user', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const number = rand()
    const c = await client.post('/contacts').bearerToken(w.adminToken).json({ name: 'Cliente', number })
    const id = c.body().id
    const bot = await client.put(`/contacts/toggleDisableBot/${id}`).bearerToken(w.adminToken)
    assert.deepEqual(bot.body(), { disableBot: true })
    const audio = await client.put(`/contacts/toggleAcceptAudio/${id}`).bearerToken(w.adminToken)
    assert.deepEqual(audio.body(), { acceptAudioMessage: false })
    const blocked = await client.put(`/contacts/block/${id}`).bearerToken(w.adminToken).json({ active: false })
    assert.isFalse(blocked.body().active)
    const badBlock = await client.put(`/contacts/block/${id}`).bearerToken(w.adminToken).json({ active: 'maybe' })
    badBlock.assertStatus(422)

    await tenancy.run(w.company.id, () => companySettings.set('lgpdHideNumber', 'enabled'))
    const u = await agent(w)
    const asUser = await client.get('/contacts').bearerToken(u.token)
    assert.notInclude(JSON.stringify(asUser.body()), number)
    assert.match(asUser.body().contacts[0].number, /^\*+\d\d$/)
    // searching by the hidden number finds nothing
    const probe = await client
      .get('/contacts')
      .bearerToken(u.token)
      .qs({ searchParam: number.slice(0, 8) })
    assert.lengthOf(probe.body().contacts, 0)
    // sending the masked number back does not overwrite the real one
    await client
      .put(`/contacts/${id}`)
      .bearerToken(u.token)
      .json({ name: 'Cliente 2', number: asUser.body().contacts[0].number })
    assert.equal((await db.from('contacts').where('id', id).firstOrFail()).number, number)
    const asAdmin = await client.get('/contacts').bearerToken(w.adminToken)
    assert.equal(asAdmin.body().contacts[0].number, number)

    const denied = await client.delete(`/contacts/${id}`).bearerToken(u.token)
    denied.assertStatus(403)
    const del = await client.delete(`/contacts/${id}`).bearerToken(w.adminToken)
    del.assertStatus(200)
    assert.isNull(await db.from('contacts').where('id', id).first())
  })
})

test.group('tags and quick messages', () => {
  test('tags: create with random colour, name rules, duplicates, list, kanban, update, delete', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const t = await client.post('/tags').bearerToken(w.adminToken).json({ name: 'urgente' })
    t.assertStatus(201)
    assert.match(t.body().color, /^#[0-9a-f]{6}$/)
    assert.equal(t.body().kanban, 0)
    const short = await client.post('/tags').bearerToken(w.adminToken).json({ name: 'ab' })
    short.assertStatus(422)
    const dup = await client.post('/tags').bearerToken(w.adminToken).json({ name: 'URGENTE' })
    dup.assertStatus(409)
    dup.assertBodyContains({ error: 'ERR_TAG_ALREADY_EXISTS' })
    const u = await agent(w)
    const lane = await client.post('/tags').bearerToken(u.token).json({ name: 'lane one', kanban: 1 })
    lane.assertStatus(403)
    const adminLane = await client.post('/tags').bearerToken(w.adminToken).json({ name: 'lane one', kanban: 1 })
    adminLane.assertStatus(201)

    const page = await client.get('/tags').bearerToken(w.adminToken).qs({ searchParam: 'urg' })
    assert.deepEqual(
      page.body().tags.map((x: any) => x.name),
      ['urgente']
    )
    assert.equal(page.body().tags[0].contactsCount, 0)
    const list = await client.get('/tags/list').bearerToken(w.adminToken).qs({ kanban: 0 })
    assert.deepEqual(
      list.body().map((x: any) => x.name),
      ['urgente']
    )
    const kanban = await client.get('/tags/kanban').bearerToken(w.adminToken)
    assert.deepEqual(
      kanban.body().lista.map((x: any) => x.name),
      ['lane one']
    )
    const upd = await client.put(`/tags/${t.body().id}`).bearerToken(w.adminToken).json({ color: '#ff0000' })
    assert.equal(upd.body().color, '#ff0000')
    const badColor = await client.put(`/tags/${t.body().id}`).bearerToken(w.adminToken).json({ color: 'red' })
    badColor.assertStatus(422)
    const notOwner = await client.delete(`/tags/${t.body().id}`).bearerToken(u.token)
    notOwner.assertStatus(403)
    const del = await client.delete(`/tags/${t.body().id}`).bearerToken(w.adminToken)
    del.assertStatus(200)
    const gone = await client.get(`/tags/${t.body().id}`).bearerToken(w.adminToken)
    gone.assertStatus(404)
    const badSync = await client.post('/tags/sync').bearerToken(w.adminToken).json({ contactId: 1, tags: 'x' })
    badSync.assertStatus(422)
  })

  test('a private quick message reaches only its owner live; the others are told to drop it', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const a = await agent(w)
    const b = await agent(w)
    const base = `http://127.0.0.1:${process.env.PORT}`
    const la = listen(base, a.token)
    const lb = listen(base, b.token)
    try {
      for (const [l, who] of [
        [la, a],
        [lb, b],
      ] as const) {
        await l.subscribe(`company/${w.company.id}`)
        await l.subscribe(`company/${w.company.id}/user/${who.user.id}`)
      }
      const r = await client
        .post('/quick-messages')
        .bearerToken(a.token)
        .json({ shortcode: 'privado', message: 'texto secreto do agente', geral: false })
      r.assertStatus(201)
      const own = await la.waitFor((m) => m.action === 'create' && m.record?.id === r.body().id)
      assert.equal(own.record.message, 'texto secreto do agente')
      const drop = await lb.waitFor((m) => m.action === 'delete' && m.id === r.body().id)
      assert.exists(drop)
      assert.isFalse(lb.messages.some((m) => JSON.stringify(m).includes('texto secreto')))
    } finally {
      la.close()
      lb.close()
    }
  })

  test('quick messages: geral is visible to all, otherwise the author only; author or admin edits', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const a = await agent(w)
    const b = await agent(w)
    const hidden = await client
      .post('/quick-messages')
      .bearerToken(a.token)
      .json({ shortcode: 'segredo', message: 'só meu', geral: false })
    hidden.assertStatus(201)
    assert.isFalse(hidden.body().geral)
    const shared = await client
      .post('/quick-messages')
      .bearerToken(a.token)
      .json({ shortcode: 'ola', message: 'Olá!', geral: true })
    // an older client's visao means the same as geral
    const legacy = await client
      .post('/quick-messages')
      .bearerToken(a.token)
      .json({ shortcode: 'tchau', message: 'Até logo', visao: true })
    assert.isTrue(legacy.body().geral)
    const bad = await client.post('/quick-messages').bearerToken(a.token).json({ shortcode: '' })
    bad.assertStatus(422)

    const bList = await client.get('/quick-messages/list').bearerToken(b.token)
    assert.sameMembers(
      bList.body().map((q: any) => q.shortcode),
      ['ola', 'tchau']
    )
    const bPage = await client.get('/quick-messages').bearerToken(b.token).qs({ searchParam: 'ol' })
    assert.deepEqual(
      bPage.body().records.map((q: any) => q.shortcode),
      ['ola']
    )
    const cannotSee = await client.get(`/quick-messages/${hidden.body().id}`).bearerToken(b.token)
    cannotSee.assertStatus(404)
    // visible to all is not editable by all: the author or an admin
    const cannotEdit = await client
      .put(`/quick-messages/${shared.body().id}`)
      .bearerToken(b.token)
      .json({ message: 'hack' })
    cannotEdit.assertStatus(403)
    const adminEdit = await client
      .put(`/quick-messages/${shared.body().id}`)
      .bearerToken(w.adminToken)
      .json({ message: 'Olá, tudo bem?' })
    adminEdit.assertStatus(200)
    const madePrivate = await client
      .put(`/quick-messages/${legacy.body().id}`)
      .bearerToken(a.token)
      .json({ geral: false })
    assert.isFalse(madePrivate.body().geral)
    assert.isFalse(madePrivate.body().visao)
    ;(await client.get(`/quick-messages/${legacy.body().id}`).bearerToken(b.token)).assertStatus(404)

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    const up = await client
      .post(`/quick-messages/${shared.body().id}/media-upload`)
      .bearerToken(a.token)
      .file('file', png, { filename: 'logo.png' })
    up.assertStatus(200)
    assert.isTrue(up.body().isMedia)
    assert.equal(up.body().mediaName, 'logo.png')
    const exe = await client
      .post(`/quick-messages/${shared.body().id}/media-upload`)
      .bearerToken(a.token)
      .file('file', Buffer.from('MZ'), { filename: 'x.exe' })
    exe.assertStatus(422)
    const rm = await client.delete(`/quick-messages/${shared.body().id}/media-upload`).bearerToken(a.token)
    assert.isFalse(rm.body().isMedia)
    const delDenied = await client.delete(`/quick-messages/${shared.body().id}`).bearerToken(b.token)
    delDenied.assertStatus(403)
    const del = await client.delete(`/quick-messages/${shared.body().id}`).bearerToken(a.token)
    del.assertStatus(200)
  })

  test('ticket notes: add, list, delete own; short notes refused', async ({ client, assert }) => {
    const w = await inboxWorld()
    const [c] = await db
      .table('contacts')
      .insert({ company_id: w.company.id, name: 'Nota', number: rand() })
      .returning('id')
    const t = await client
      .post('/tickets')
      .bearerToken(w.adminToken)
      .json({ contactId: c.id, whatsappId: w.whatsapp.id, queueId: w.queue.id })
    const ticketId = t.body().id
    const short = await client.post('/ticket-notes').bearerToken(w.adminToken).json({ note: 'a', ticketId })
    short.assertStatus(422)
    const note = await client
      .post('/ticket-notes')
      .bearerToken(w.adminToken)
      .json({ note: 'Cliente pediu retorno', ticketId, contactId: c.id })
    note.assertStatus(201)
    assert.equal(note.body().user.name, w.admin.name)
    const list = await client.get('/ticket-notes/list').bearerToken(w.adminToken).qs({ ticketId, contactId: c.id })
    assert.deepEqual(
      list.body().map((n: any) => n.note),
      ['Cliente pediu retorno']
    )
    const u = await agent(w)
    const notYours = await client.delete(`/ticket-notes/${note.body().id}`).bearerToken(u.token)
    assert.include([403, 404], notYours.status())
    const del = await client.delete(`/ticket-notes/${note.body().id}`).bearerToken(w.adminToken)
    del.assertStatus(200)
    const badList = await client.get('/ticket-notes/list').bearerToken(w.adminToken).qs({ ticketId: 'x' })
    badList.assertStatus(404)
  })
})
