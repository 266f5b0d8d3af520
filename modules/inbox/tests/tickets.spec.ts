import { test } from '@japa/runner'
import { realtime } from '#core/realtime'
import { tenancy } from '#core/tenancy'
import { companySettings } from '#core/settings'
import db from '@adonisjs/lucid/services/db'
import { forgetViewers, viewerOf } from '../services/viewer.js'
import { loadTicket } from '../services/ticket_loader.js'
import { updateTicket } from '../services/ticket_update.js'
import { User } from '#core/models'
import {
  agent,
  createQueue,
  inboxWorld,
  ingest,
  message,
  rand,
  recordingDriver,
  startWorkers,
  waitFor,
  waitProcessed,
} from '#tests/helpers/inbox'
import type { InboxWorld } from '#tests/helpers/inbox'

async function pendingTicket(w: InboxWorld, queueId: number | null = w.queue.id, body = 'preciso de ajuda') {
  const number = rand()
  await ingest(w, message(w.whatsapp.id, number, body, { contact: { number, name: `Cliente ${number}` } }))
  await waitProcessed(w.company.id)
  const contact = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
  const t = await db.from('tickets').where({ company_id: w.company.id, contact_id: contact.id }).firstOrFail()
  await db.from('tickets').where('id', t.id).update({ queue_id: queueId })
  return { ...t, queue_id: queueId, contactName: contact.name as string, contactNumber: number }
}

test.group('tickets', (group) => {
  group.each.setup(() => startWorkers())

  test('GET /tickets is scoped on the server: client queueIds cannot widen it', async ({ client, assert }) => {
    const w = await inboxWorld()
    const other = await createQueue(w.company)
    const mine = await pendingTicket(w, w.queue.id)
    const hidden = await pendingTicket(w, other.id)
    const a = await agent(w, [w.queue.id])

    const r = await client
      .get('/tickets')
      .bearerToken(a.token)
      .qs({ status: 'pending', queueIds: JSON.stringify([other.id, w.queue.id]) })
    r.assertStatus(200)
    const ids = r.body().tickets.map((t: any) => t.id)
    assert.include(ids, mine.id)
    assert.notInclude(ids, hidden.id)

    const onlyOther = await client
      .get('/tickets')
      .bearerToken(a.token)
      .qs({ status: 'pending', showAll: 'true', queueIds: JSON.stringify([other.id]) })
    assert.deepEqual(onlyOther.body().tickets, [])

    const admin = await client.get('/tickets').bearerToken(w.adminToken).qs({ status: 'pending', showAll: 'true' })
    const adminIds = admin.body().tickets.map((t: any) => t.id)
    assert.includeMembers(adminIds, [mine.id, hidden.id])
    const t = admin.body().tickets.find((x: any) => x.id === mine.id)
    assert.equal(t.contact.name, mine.contactName)
    assert.equal(t.queue.id, w.queue.id)
    assert.equal(t.unreadMessages, 1)
    assert.properties(admin.body(), ['tickets', 'count', 'hasMore'])

    // the contacts filter narrows to the chosen contacts
    const byContact = await client
      .get('/tickets')
      .bearerToken(w.adminToken)
      .qs({ status: 'pending', showAll: 'true', contacts: JSON.stringify([mine.contact_id]) })
    assert.deepEqual(
      byContact.body().tickets.map((x: any) => x.id),
      [mine.id]
    )
  })

  test('GET /tickets pages by 40 and searches names and unaccented message text', async ({ client, assert }) => {
    const w = await inboxWorld()
    const rows = Array.from({ length: 45 }, (_, i) => ({
      company_id: w.company.id,
      uuid: crypto.randomUUID(),
      status: 'pending',
      contact_id: 0,
      whatsapp_id: w.whatsapp.id,
      queue_id: w.queue.id,
      i,
    }))
    for (const r of rows) {
      const [c] = await db
        .table('contacts')
        .insert({ company_id: w.company.id, name: `Paged ${r.i}`, number: rand() })
        .returning('id')
      r.contact_id = c.id
    }
    await db.table('tickets').multiInsert(rows.map(({ i: _i, ...r }) => r))
    const p1 = await client
      .get('/tickets')
      .bearerToken(w.adminToken)
      .qs({ status: 'pending', showAll: 'true', pageNumber: 1 })
    assert.lengthOf(p1.body().tickets, 40)
    assert.isTrue(p1.body().hasMore)
    const p2 = await client
      .get('/tickets')
      .bearerToken(w.adminToken)
      .qs({ status: 'pending', showAll: 'true', pageNumber: 2 })
    assert.lengthOf(p2.body().tickets, 5)
    assert.isFalse(p2.body().hasMore)

    const t = await pendingTicket(w, w.queue.id, 'Quero falar sobre a promoção de verão')
    const byText = await client
      .get('/tickets')
      .bearerToken(w.adminToken)
      .qs({ status: 'search', searchParam: 'promocao', showAll: 'true' })
    assert.deepEqual(
      byText.body().tickets.map((x: any) => x.id),
      [t.id]
    )
    const byName = await client
      .get('/tickets')
      .bearerToken(w.adminToken)
      .qs({ status: 'search', searchParam: 'paged 44' })
    assert.lengthOf(byName.body().tickets, 1)
    const found = await client.get('/messages-search').bearerToken(w.adminToken).qs({ searchParam: 'promoção' })
    found.assertStatus(200)
    assert.equal(found.body().results[0].ticketId, t.id)
    const short = await client.get('/messages-search').bearerToken(w.adminToken).qs({ searchParam: 'a' })
    short.assertStatus(422)
  })

  test('closed and search views show one row per contact and connection: the newest ticket', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const [c] = await db
      .table('contacts')
      .insert({ company_id: w.company.id, name: 'Historico Repetido', number: rand() })
      .returning('id')
    const base = { company_id: w.company.id, contact_id: c.id, whatsapp_id: w.whatsapp.id, queue_id: w.queue.id }
    const ids: number[] = []
    for (const status of ['closed', 'closed', 'closed']) {
      const [t] = await db
        .table('tickets')
        .insert({ ...base, uuid: crypto.randomUUID(), status })
        .returning('id')
      ids.push(t.id)
    }
    const closed = await client.get('/tickets').bearerToken(w.adminToken).qs({ status: 'closed', showAll: 'true' })
    closed.assertStatus(200)
    const mine = closed.body().tickets.filter((t: any) => t.contactId === c.id)
    assert.deepEqual(
      mine.map((t: any) => t.id),
      [ids[2]]
    )
    assert.equal(closed.body().count, 1)

    const search = await client
      .get('/tickets')
      .bearerToken(w.adminToken)
      .qs({ status: 'search', searchParam: 'historico repetido', showAll: 'true' })
    assert.deepEqual(
      search.body().tickets.map((t: any) => t.id),
      [ids[2]]
    )
  })

  test('two agents accepting the same ticket at once: exactly one wins', async ({ client, assert }) => {
    const w = await inboxWorld()
    const t = await pendingTicket(w)
    const a = await agent(w)
    const b = await agent(w)
    const [ra, rb] = await Promise.all([
      client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'open', userId: a.user.id }),
      client.put(`/tickets/${t.id}`).bearerToken(b.token).json({ status: 'open', userId: b.user.id }),
    ])
    const statuses = [ra.status(), rb.status()].sort()
    assert.deepEqual(statuses, [200, 409])
    const loser = ra.status() === 409 ? ra : rb
    assert.equal(loser.body().error, 'ERR_TICKET_ALREADY_ACCEPTED')
    const winnerId = ra.status() === 200 ? a.user.id : b.user.id
    assert.equal(loser.body().ticket.userId, winnerId)
    const row = await db.from('tickets').where('id', t.id).firstOrFail()
    assert.equal(row.status, 'open')
    assert.equal(row.user_id, winnerId)
    const opens = await db.from('ticket_logs').where({ ticket_id: t.id, type: 'open' })
    assert.lengthOf(opens, 1)
  })

  test('an accept that arrives after another agent accepted: 409 with the holder, never a 404 or a takeover', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const t = await pendingTicket(w)
    const a = await agent(w)
    const hidden = await agent(w) // sees only its own open tickets: the ticket left its view
    const allChat = await agent(w, [w.queue.id], { allUserChat: 'enabled' }) // still sees it, as an open ticket
    const stranger = await agent(w, []) // never saw it: not in its queue
    ;(
      await client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'open', userId: a.user.id })
    ).assertStatus(200)
    for (const late of [hidden, allChat]) {
      const r = await client
        .put(`/tickets/${t.id}`)
        .bearerToken(late.token)
        .json({ status: 'open', userId: late.user.id })
      r.assertStatus(409)
      assert.equal(r.body().error, 'ERR_TICKET_ALREADY_ACCEPTED')
      assert.equal(r.body().ticket.userId, a.user.id)
    }
    const r = await client
      .put(`/tickets/${t.id}`)
      .bearerToken(stranger.token)
      .json({ status: 'open', userId: stranger.user.id })
    r.assertStatus(404)
    assert.equal(r.body().error, 'ERR_NO_TICKET_FOUND')
    const row = await db.from('tickets').where('id', t.id).firstOrFail()
    assert.equal(row.user_id, a.user.id)
    assert.lengthOf(await db.from('ticket_logs').where({ ticket_id: t.id, type: 'open' }), 1)
  })

  test('an ignore, a transfer or a return to the queue does not act on a ticket another agent took meanwhile', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    const other = await createQueue(w.company)
    const a = await agent(w)
    const b = await agent(w, [w.queue.id], { userClosePendingTicket: 'enabled' })
    for (const change of [
      { status: 'closed' as const, sendFarewellMessage: false },
      { isTransfered: true, queueId: other.id, userId: null },
    ]) {
      const t = await pendingTicket(w)
      await tenancy.run(w.company.id, async () => {
        // b read the ticket while it was pending; a accepts it before b's change is written
        const stale = await loadTicket(t.id)
        await db.from('tickets').where('id', t.id).update({ status: 'open', user_id: a.user.id })
        const user = await User.findOrFail(b.user.id)
        const error = await updateTicket(stale, change, { user, viewer: await viewerOf(user, [w.queue.id]) }).then(
          () => null,
          (e) => e
        )
        assert.equal(error?.code, 'ERR_TICKET_STATE_CHANGED', JSON.stringify(change))
        assert.equal(error?.status, 409)
      })
      const row = await db.from('tickets').where('id', t.id).firstOrFail()
      assert.deepEqual([row.status, row.user_id, row.queue_id], ['open', a.user.id, w.queue.id], JSON.stringify(change))
    }
    // a return to the queue decided while a held the ticket, written after it went to b
    const t = await pendingTicket(w)
    await db.from('tickets').where('id', t.id).update({ status: 'open', user_id: a.user.id })
    await tenancy.run(w.company.id, async () => {
      const stale = await loadTicket(t.id)
      await db.from('tickets').where('id', t.id).update({ user_id: b.user.id })
      const user = await User.findOrFail(a.user.id)
      const error = await updateTicket(
        stale,
        { status: 'pending' },
        { user, viewer: await viewerOf(user, [w.queue.id]) }
      ).then(
        () => null,
        (e) => e
      )
      assert.equal(error?.code, 'ERR_TICKET_STATE_CHANGED')
    })
    const row = await db.from('tickets').where('id', t.id).firstOrFail()
    assert.deepEqual([row.status, row.user_id], ['open', b.user.id])
  })

  test('accept, return to queue, close with farewell through the outbox, reopen, logs', async ({ client, assert }) => {
    const w = await inboxWorld()
    // the accept greeting has its own conversation test; here only the farewell is sent
    await tenancy.run(w.company.id, () => companySettings.set('sendGreetingAccepted', 'disabled'))
    await db.from('whatsapps').where('id', w.whatsapp.id).update({ complation_message: 'Obrigado pelo contato!' })
    // only this company's sends: a retry of an earlier test's greeting may reach the swapped driver meanwhile
    const driver = recordingDriver(undefined, { companyId: w.company.id })
    try {
      const t = await pendingTicket(w)
      const a = await agent(w)
      const accepted = await client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'open' })
      accepted.assertStatus(200)
      assert.equal(accepted.body().status, 'open')
      assert.equal(accepted.body().user.id, a.user.id)
      assert.equal(accepted.body().unreadMessages, 0)

      const back = await client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'pending' })
      assert.equal(back.body().status, 'pending')
      assert.isNull(back.body().userId)

      await client
        .put(`/tickets/${t.id}`)
        .bearerToken(a.token)
        .json({ status: 'open' })
        .then((r) => r.assertStatus(200))
      const closed = await client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'closed' })
      closed.assertStatus(200)
      assert.equal(closed.body().status, 'closed')
      await waitFor(async () => driver.sent.length === 1)
      assert.equal(driver.sent[0].body, '\u200eObrigado pelo contato!')
      const farewell = await waitFor(() =>
        db.from('messages').where({ ticket_id: t.id, from_me: true }).where('ack', '>=', 1).first()
      )
      assert.equal(farewell.wid, `prov-${driver.sent[0].id}`)

      const reopened = await client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'open' })
      assert.equal(reopened.body().status, 'open')
      const logs = await client.get(`/tickets-log/${t.id}`).bearerToken(a.token)
      assert.deepEqual(
        logs
          .body()
          .map((l: any) => l.type)
          .reverse(),
        // 'queue': the connection's only queue takes the new ticket at once
        ['create', 'queue', 'open', 'pending', 'open', 'closed', 'reopen']
      )
      assert.equal(logs.body()[0].user.id, a.user.id)
    } finally {
      driver.restore()
    }
  })

  test('close without farewell sends nothing; requiredTag blocks closing untagged tickets', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    await tenancy.run(w.company.id, () => companySettings.set('sendGreetingAccepted', 'disabled'))
    await db.from('whatsapps').where('id', w.whatsapp.id).update({ complation_message: 'Tchau' })
    const t = await pendingTicket(w)
    await client.put(`/tickets/${t.id}`).bearerToken(w.adminToken).json({ status: 'open' })
    await tenancy.run(w.company.id, () => companySettings.set('requiredTag', 'enabled'))
    const refused = await client.put(`/tickets/${t.id}`).bearerToken(w.adminToken).json({ status: 'closed' })
    refused.assertStatus(422)
    refused.assertBodyContains({ error: 'ERR_TAG_REQUIRED' })
    const [tag] = await db
      .table('tags')
      .insert({ company_id: w.company.id, name: 'vip', color: '#000000' })
      .returning('id')
    await db.table('contact_tags').insert({ contact_id: t.contact_id, tag_id: tag.id })
    const ok = await client
      .put(`/tickets/${t.id}`)
      .bearerToken(w.adminToken)
      .json({ status: 'closed', sendFarewellMessage: false, amountUsedBotQueues: 0 })
    ok.assertStatus(200)
    const sent = await db.from('messages').where({ ticket_id: t.id, from_me: true })
    assert.lengthOf(sent, 0)
  })

  test('ignoring a pending ticket needs userClosePendingTicket; transfer writes the private note and logs', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const t = await pendingTicket(w)
    const limited = await agent(w, [w.queue.id], { userClosePendingTicket: 'disabled' })
    const refused = await client.put(`/tickets/${t.id}`).bearerToken(limited.token).json({ status: 'closed' })
    refused.assertStatus(403)

    const a = await agent(w)
    const b = await agent(w)
    await client
      .put(`/tickets/${t.id}`)
      .bearerToken(a.token)
      .json({ status: 'open' })
      .then((r) => r.assertStatus(200))
    const target = await createQueue(w.company)
    await db.table('user_queues').insert({ user_id: b.user.id, queue_id: target.id })
    const moved = await client
      .put(`/tickets/${t.id}`)
      .bearerToken(a.token)
      .json({ isTransfered: true, queueId: target.id, userId: b.user.id, status: 'open', msgTransfer: 'cliente VIP' })
    moved.assertStatus(200)
    assert.equal(moved.body().userId, b.user.id)
    assert.equal(moved.body().queueId, target.id)
    const note = await db.from('messages').where({ ticket_id: t.id, is_private: true }).firstOrFail()
    assert.equal(note.body, 'cliente VIP')
    const types = (await db.from('ticket_logs').where('ticket_id', t.id).orderBy('id')).map((l) => l.type)
    assert.includeMembers(types, ['transfered', 'receivedTransfer'])

    // a's view lost the ticket
    const gone = await client.get(`/tickets/${t.id}`).bearerToken(a.token)
    gone.assertStatus(404)
  })

  test('reopening while another live ticket exists answers that ticket', async ({ client, assert }) => {
    const w = await inboxWorld()
    const t = await pendingTicket(w)
    await db.from('tickets').where('id', t.id).update({ status: 'closed' })
    await ingest(w, message(w.whatsapp.id, t.contactNumber, 'voltei'))
    await waitProcessed(w.company.id)
    const live = await db.from('tickets').where({ contact_id: t.contact_id }).whereNot('id', t.id).firstOrFail()
    const r = await client.put(`/tickets/${t.id}`).bearerToken(w.adminToken).json({ status: 'open' })
    r.assertStatus(200)
    assert.equal(r.body().id, live.id)
    assert.equal((await db.from('tickets').where('id', t.id).firstOrFail()).status, 'closed')
  })

  test('POST /tickets creates an open ticket; a second one answers 409 with the holder', async ({ client, assert }) => {
    const w = await inboxWorld()
    const [c] = await db
      .table('contacts')
      .insert({ company_id: w.company.id, name: 'Maria', number: rand() })
      .returning('id')
    const created = await client
      .post('/tickets')
      .bearerToken(w.adminToken)
      .json({ contactId: c.id, queueId: w.queue.id, whatsappId: w.whatsapp.id, status: 'open' })
    created.assertStatus(201)
    assert.equal(created.body().status, 'open')
    assert.equal(created.body().userId, w.admin.id)
    const again = await client
      .post('/tickets')
      .bearerToken(w.adminToken)
      .json({ contactId: c.id, queueId: w.queue.id, whatsappId: w.whatsapp.id })
    again.assertStatus(409)
    assert.equal(again.body().error, 'ERR_OTHER_OPEN_TICKET')
    assert.equal(again.body().ticket.user.name, w.admin.name)
    assert.equal(again.body().ticket.queue.name, w.queue.name)

    const noContact = await client
      .post('/tickets')
      .bearerToken(w.adminToken)
      .json({ contactId: 999999999, whatsappId: w.whatsapp.id })
    noContact.assertStatus(404)
    const [other] = await db
      .table('contacts')
      .insert({ company_id: w.company.id, name: 'Sem fila', number: rand() })
      .returning('id')
    const noQueue = await client
      .post('/tickets')
      .bearerToken(w.adminToken)
      .json({ contactId: other.id, whatsappId: w.whatsapp.id })
    noQueue.assertStatus(422)
    assert.equal(noQueue.body().fields[0].field, 'queueId')
    const bad = await client.post('/tickets').bearerToken(w.adminToken).json({ contactId: 'x' })
    bad.assertStatus(422)
    assert.equal(bad.body().error, 'ERR_VALIDATION')
    const badStatus = await client
      .put(`/tickets/${created.body().id}`)
      .bearerToken(w.adminToken)
      .json({ status: 'frozen' })
    badStatus.assertStatus(422)
    const badQueue = await client
      .put(`/tickets/${created.body().id}`)
      .bearerToken(w.adminToken)
      .json({ queueId: 999999 })
    badQueue.assertStatus(422)
    assert.equal(badQueue.body().error, 'ERR_NO_QUEUE_FOUND')
  })

  test('closeAll is for admins and touches only the chosen queues; delete needs the permission', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const other = await createQueue(w.company)
    const inQueue = await pendingTicket(w, w.queue.id)
    const elsewhere = await pendingTicket(w, other.id)
    const a = await agent(w)
    const denied = await client
      .post('/tickets/closeAll')
      .bearerToken(a.token)
      .json({ status: 'pending', selectedQueueIds: [w.queue.id] })
    denied.assertStatus(403)
    const empty = await client
      .post('/tickets/closeAll')
      .bearerToken(w.adminToken)
      .json({ status: 'pending', selectedQueueIds: [] })
    empty.assertStatus(422)
    const ok = await client
      .post('/tickets/closeAll')
      .bearerToken(w.adminToken)
      .json({ status: 'pending', selectedQueueIds: [w.queue.id] })
    ok.assertStatus(200)
    assert.equal(ok.body().closed, 1)
    assert.equal((await db.from('tickets').where('id', inQueue.id).firstOrFail()).status, 'closed')
    assert.equal((await db.from('tickets').where('id', elsewhere.id).firstOrFail()).status, 'pending')

    const noDelete = await client.delete(`/tickets/${elsewhere.id}`).bearerToken(a.token)
    noDelete.assertStatus(403)
    const del = await client.delete(`/tickets/${elsewhere.id}`).bearerToken(w.adminToken)
    del.assertStatus(200)
    assert.isNull(await db.from('tickets').where('id', elsewhere.id).first())
    const missing = await client.get('/tickets/abc').bearerToken(w.adminToken)
    missing.assertStatus(404)
    const badUuid = await client.get('/tickets/u/not-a-uuid').bearerToken(w.adminToken)
    badUuid.assertStatus(404)
  })

  test('GET /tickets/u/:uuid marks read and logs access; lgpdHideNumber masks numbers for profile user', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const t = await pendingTicket(w)
    await tenancy.run(w.company.id, () => companySettings.set('lgpdHideNumber', 'enabled'))
    const a = await agent(w)
    const asUser = await client.get(`/tickets/u/${t.uuid}`).bearerToken(a.token)
    asUser.assertStatus(200)
    assert.notEqual(asUser.body().contact.number, t.contactNumber)
    assert.equal(asUser.body().contact.number.slice(-2), t.contactNumber.slice(-2))
    assert.match(asUser.body().contact.number, /^\*+\d\d$/)
    const asAdmin = await client.get(`/tickets/u/${t.uuid}`).bearerToken(w.adminToken)
    assert.equal(asAdmin.body().contact.number, t.contactNumber)
    const list = await client.get('/tickets').bearerToken(a.token).qs({ status: 'pending' })
    const listed = list.body().tickets.find((x: any) => x.id === t.id)
    assert.match(listed.contact.number, /^\*+\d\d$/)
    const access = await db.from('ticket_logs').where({ ticket_id: t.id, type: 'access' })
    assert.lengthOf(access, 2)
  })

  test("realtime: a ticket that leaves an agent's view reaches them as a delete, the new holder as an update", async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const t = await pendingTicket(w)
    const a = await agent(w)
    const target = await createQueue(w.company)
    const b = await agent(w, [target.id])
    await client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'open' })
    // audiences are cached for up to two seconds; these users were created just now
    forgetViewers(w.company.id)
    const seen: { channel: string; payload: any }[] = []
    const untap = realtime.tap((channel, payload) => seen.push({ channel, payload }))
    try {
      const r = await client
        .put(`/tickets/${t.id}`)
        .bearerToken(a.token)
        .json({ isTransfered: true, queueId: target.id, userId: b.user.id, status: 'open' })
      r.assertStatus(200)
      const events = (userId: number) =>
        seen
          .filter(
            (s) =>
              s.channel === `company/${w.company.id}/user/${userId}` &&
              s.payload.event === `company-${w.company.id}-ticket`
          )
          .map((s) => s.payload.action)
      assert.include(events(a.user.id), 'delete')
      assert.notInclude(events(a.user.id), 'update')
      assert.include(events(b.user.id), 'update')
      assert.include(events(w.admin.id), 'update')
    } finally {
      untap()
    }
  })
})
