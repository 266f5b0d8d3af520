import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { createConnection, inboxWorld, rand } from '#tests/helpers/inbox'

test.group('contacts import from chats', () => {
  test('the conversations of a WhatsApp connection become contacts; existing ones are kept', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const wa = await tenancy.run(w.company.id, () =>
      Whatsapp.create({ name: `WA ${rand()}`, channel: 'whatsapp', status: 'CONNECTED', settings: {} } as any)
    )
    const known = rand()
    await db.table('contacts').insert({ company_id: w.company.id, name: 'Já Conhecido', number: known })
    const fresh = rand()
    const lid = String(Math.floor(Math.random() * 1e14))
    await db.table('wa_lid_map').insert({ company_id: w.company.id, lid, pn: rand() })
    await db.table('wa_chats').multiInsert([
      { whatsapp_id: wa.id, company_id: w.company.id, jid: `${known}@s.whatsapp.net`, name: 'Outro Nome' },
      { whatsapp_id: wa.id, company_id: w.company.id, jid: `${fresh}@s.whatsapp.net`, name: 'Nova Pessoa' },
      { whatsapp_id: wa.id, company_id: w.company.id, jid: `${lid}@lid`, name: null },
      { whatsapp_id: wa.id, company_id: w.company.id, jid: '120363000000000777@g.us', name: 'Grupo Vendas' },
    ])
    const r = await client.post('/contacts/import/chats').bearerToken(w.adminToken).json({ whatsappId: wa.id })
    r.assertStatus(200)
    assert.deepEqual(r.body(), { total: 4, created: 3 })
    const kept = await db.from('contacts').where({ company_id: w.company.id, number: known }).firstOrFail()
    assert.equal(kept.name, 'Já Conhecido')
    const added = await db.from('contacts').where({ company_id: w.company.id, number: fresh }).firstOrFail()
    assert.equal(added.name, 'Nova Pessoa')
    const group = await db
      .from('contacts')
      .where({ company_id: w.company.id, number: '120363000000000777' })
      .firstOrFail()
    assert.isTrue(group.is_group)
    assert.isNotNull(await db.from('contacts').where({ company_id: w.company.id, lid }).first())
    assert.lengthOf(await db.from('tickets').where('company_id', w.company.id), 0)

    // a channel without a chat list (API) says so; unknown connection → 404
    const api = await createConnection(w.company)
    const unsupported = await client
      .post('/contacts/import/chats')
      .bearerToken(w.adminToken)
      .json({ whatsappId: api.id })
    unsupported.assertStatus(422)
    unsupported.assertBodyContains({ error: 'ERR_IMPORT_CHATS_UNSUPPORTED' })
    const missing = await client
      .post('/contacts/import/chats')
      .bearerToken(w.adminToken)
      .json({ whatsappId: 999999999 })
    missing.assertStatus(404)
    const bad = await client.post('/contacts/import/chats').bearerToken(w.adminToken).json({ whatsappId: 'x' })
    bad.assertStatus(422)
  })
})
