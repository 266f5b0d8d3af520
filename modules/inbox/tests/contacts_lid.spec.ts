import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { inboxWorld, ingest, message, rand, startWorkers, waitProcessed } from '#tests/helpers/inbox'

const LIVE = ['open', 'pending', 'group', 'nps', 'lgpd']
const lidOf = () => `${Math.floor(Math.random() * 1e14)}`

test.group('contacts by LID', (group) => {
  group.each.setup(() => startWorkers())

  test('a person first seen by LID keeps one contact once their number is known', async ({ assert }) => {
    const w = await inboxWorld()
    const lid = lidOf()
    const pn = rand()
    await ingest(w, message(w.whatsapp.id, lid, 'oi, sou eu', { contact: { number: lid, lid, name: 'Bia' } }))
    await waitProcessed(w.company.id)
    const first = await db.from('contacts').where({ company_id: w.company.id, lid }).firstOrFail()
    assert.equal(first.number, lid)

    // the next message carries the number (learnt meanwhile) alongside the LID
    await ingest(w, message(w.whatsapp.id, pn, 'de novo', { contact: { number: pn, lid, name: 'Bia' } }))
    await waitProcessed(w.company.id)
    const rows = await db.from('contacts').where({ company_id: w.company.id }).whereIn('number', [lid, pn])
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].id, first.id)
    assert.equal(rows[0].number, pn)
    const tickets = await db.from('tickets').where('contact_id', first.id)
    assert.lengthOf(tickets, 1)
    assert.equal(Number((await db.from('messages').where('ticket_id', tickets[0].id).count('* as n'))[0].n), 2)

    // a later message by LID alone still lands on that contact
    await ingest(w, message(w.whatsapp.id, lid, 'só o lid', { contact: { number: lid, lid } }))
    await waitProcessed(w.company.id)
    assert.equal(
      Number(
        (await db.from('contacts').where({ company_id: w.company.id }).whereIn('number', [lid, pn]).count('* as n'))[0]
          .n
      ),
      1
    )
  })

  test('a pair learnt from contact sync merges the LID contact into the number one, one live ticket kept', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    const lid = lidOf()
    const pn = rand()
    await ingest(w, message(w.whatsapp.id, pn, 'pelo número', { contact: { number: pn, name: 'Caio' } }))
    await ingest(w, message(w.whatsapp.id, lid, 'pelo lid', { contact: { number: lid, lid } }))
    await waitProcessed(w.company.id)
    const byNumber = await db.from('contacts').where({ company_id: w.company.id, number: pn }).firstOrFail()
    const byLid = await db.from('contacts').where({ company_id: w.company.id, lid }).firstOrFail()
    assert.notEqual(byNumber.id, byLid.id)
    const [tag] = await db
      .table('tags')
      .insert({ company_id: w.company.id, name: `T${lid}`, color: '#112233' })
      .returning('id')
    await db.table('contact_tags').insert({ contact_id: byLid.id, tag_id: tag.id })

    await ingest(w, {
      kind: 'contact',
      whatsappId: w.whatsapp.id,
      providerMessageId: `lid:${lid}`,
      eventId: `lid:${lid}:${pn}`,
      contact: { number: pn, lid },
    })
    await waitProcessed(w.company.id)

    assert.isNull(await db.from('contacts').where('id', byLid.id).first())
    const merged = await db.from('contacts').where('id', byNumber.id).firstOrFail()
    assert.equal(merged.lid, lid)
    assert.equal(merged.name, 'Caio')
    const live = await db.from('tickets').where('contact_id', byNumber.id).whereIn('status', LIVE)
    assert.lengthOf(live, 1)
    const bodies = (await db.from('messages').where('ticket_id', live[0].id).orderBy('id')).map((m) => m.body)
    assert.sameMembers(bodies, ['pelo número', 'pelo lid'])
    assert.lengthOf(await db.from('contact_tags').where({ contact_id: byNumber.id, tag_id: tag.id }), 1)

    // a pair for a number nobody wrote from creates nothing
    await ingest(w, {
      kind: 'contact',
      whatsappId: w.whatsapp.id,
      providerMessageId: 'lid:999',
      eventId: 'lid:999:5511000000000',
      contact: { number: '5511000000000', lid: '999' },
    })
    await waitProcessed(w.company.id)
    assert.isNull(await db.from('contacts').where({ company_id: w.company.id, number: '5511000000000' }).first())
  })
})
