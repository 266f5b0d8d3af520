import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { companySettings } from '#core/settings'
import { realtime } from '#core/realtime'
import { tenancy } from '#core/tenancy'
import { createPlan, createTenant, createUser, setPlanFlags } from '#tests/helpers/world'
import { aConnection, aKanbanTag, aQueue, aTicket, linksOf } from './fixtures.js'

const queueOf = (userId: number, queueId: number) =>
  db.table('user_queues').insert({ user_id: userId, queue_id: queueId })
const laneIds = (body: any) => body.lanes.map((l: any) => l.id)
const cardsOf = (body: any, lane: number) => body.lanes.find((l: any) => l.id === lane)?.ticketIds ?? []

test.group('kanban: board', () => {
  test('GET /ticket/kanban: the default lane then the lanes in order, cards with contact, counts', async ({
    client,
    assert,
  }) => {
    const o = await createTenant()
    const todo = await aKanbanTag(o, 'A fazer')
    const done = await aKanbanTag(o, 'Feito')
    await aKanbanTag(o, 'Etiqueta de contato', 0)
    const conn = await aConnection(o)
    const loose = await aTicket(o, { whatsappId: conn.id, name: 'Ana Souza', lastMessage: 'Oi!', unread: 3 })
    const first = await aTicket(o, { whatsappId: conn.id, tagIds: [todo.id] })
    const second = await aTicket(o, { whatsappId: conn.id, tagIds: [done.id] })
    await aTicket(o, { whatsappId: conn.id, status: 'closed', tagIds: [done.id] })

    const r = await client.get('/ticket/kanban').bearerToken(o.adminToken).qs({ queueIds: '[]', test: true })
    r.assertStatus(200)
    assert.deepEqual(laneIds(r.body()), [0, todo.id, done.id])
    assert.deepEqual(cardsOf(r.body(), 0), [loose.id])
    assert.deepEqual(cardsOf(r.body(), todo.id), [first.id])
    assert.deepEqual(cardsOf(r.body(), done.id), [second.id], 'closed tickets stay off the board')
    assert.deepEqual(
      r.body().lanes.map((l: any) => l.count),
      [1, 1, 1]
    )
    const card = r.body().tickets.find((t: any) => t.id === loose.id)
    assert.equal(card.contact.name, 'Ana Souza')
    assert.equal(card.contact.number, loose.number)
    assert.equal(card.lastMessage, 'Oi!')
    assert.equal(card.unreadMessages, 3)
    assert.equal(card.uuid, loose.uuid)
    assert.deepEqual(
      r
        .body()
        .tickets.find((t: any) => t.id === first.id)
        .tags.map((t: any) => t.id),
      [todo.id]
    )

    // the stored order wins over ids; the lanes call says the same with the counts
    ;(
      await client
        .put('/ticket/kanban/lanes')
        .bearerToken(o.adminToken)
        .json({ tagIds: [done.id, todo.id] })
    ).assertStatus(200)
    const again = await client.get('/ticket/kanban').bearerToken(o.adminToken)
    assert.deepEqual(laneIds(again.body()), [0, done.id, todo.id])
    const lanes = await client.get('/ticket/kanban/lanes').bearerToken(o.adminToken)
    assert.deepEqual(
      lanes.body().lanes.map((l: any) => [l.id, l.position, l.ticketsCount]),
      [
        [done.id, 0, 1],
        [todo.id, 1, 1],
      ]
    )
    const found = await client.get('/ticket/kanban/lanes').bearerToken(o.adminToken).qs({ searchParam: 'FAZER' })
    assert.deepEqual(
      found.body().lanes.map((l: any) => l.id),
      [todo.id]
    )
    // a new lane comes last until ordered
    const late = await aKanbanTag(o, 'Novo')
    const withNew = await client.get('/ticket/kanban/lanes').bearerToken(o.adminToken)
    assert.deepEqual(
      withNew.body().lanes.map((l: any) => l.id),
      [done.id, todo.id, late.id]
    )
  })

  test('an attendant sees only the cards of their queues (and their own); numbers masked by lgpdHideNumber', async ({
    client,
    assert,
  }) => {
    const o = await createTenant()
    const lane = await aKanbanTag(o)
    const mine = await aQueue(o)
    const other = await aQueue(o)
    const a = await createUser(o.company)
    await queueOf(a.user.id, mine.id)
    const b = await createUser(o.company)
    await queueOf(b.user.id, other.id)
    const inMine = await aTicket(o, { queueId: mine.id, tagIds: [lane.id] })
    const inOther = await aTicket(o, { queueId: other.id, tagIds: [lane.id] })
    const othersOpen = await aTicket(o, { queueId: mine.id, status: 'open', userId: b.user.id })
    const noQueue = await aTicket(o, {})
    await tenancy.run(o.company.id, () => companySettings.set('lgpdHideNumber', 'enabled'))

    const asA = await client.get('/ticket/kanban').bearerToken(a.token)
    asA.assertStatus(200)
    const seen = asA.body().tickets.map((t: any) => t.id)
    assert.deepEqual(seen, [inMine.id])
    assert.notInclude(JSON.stringify(asA.body()), inOther.name)
    assert.match(asA.body().tickets[0].contact.number, /^\*+\d\d$/)
    assert.deepEqual(
      asA.body().lanes.map((l: any) => l.count),
      [0, 1]
    )
    // asking for another queue is a filter, never a widening
    const widened = await client
      .get('/ticket/kanban')
      .bearerToken(a.token)
      .qs({ queueIds: JSON.stringify([other.id]) })
    assert.lengthOf(widened.body().tickets, 0)
    // one lane's page, too
    const page = await client.get('/ticket/kanban').bearerToken(a.token).qs({ lane: lane.id })
    assert.deepEqual(
      page.body().tickets.map((t: any) => t.id),
      [inMine.id]
    )

    const asAdmin = await client.get('/ticket/kanban').bearerToken(o.adminToken)
    assert.sameMembers(
      asAdmin.body().tickets.map((t: any) => t.id),
      [inMine.id, inOther.id, othersOpen.id, noQueue.id]
    )
    assert.equal(asAdmin.body().tickets.find((t: any) => t.id === inMine.id).contact.number, inMine.number)
    const byQueue = await client
      .get('/ticket/kanban')
      .bearerToken(o.adminToken)
      .qs({ queueIds: `[${other.id}]` })
    assert.deepEqual(
      byQueue.body().tickets.map((t: any) => t.id),
      [inOther.id]
    )
    const byUser = await client
      .get('/ticket/kanban')
      .bearerToken(o.adminToken)
      .qs({ users: `[${b.user.id}]` })
    assert.deepEqual(
      byUser.body().tickets.map((t: any) => t.id),
      [othersOpen.id]
    )
    const bySearch = await client.get('/ticket/kanban').bearerToken(o.adminToken).qs({ searchParam: inOther.number })
    assert.deepEqual(
      bySearch.body().tickets.map((t: any) => t.id),
      [inOther.id]
    )

    // moving a card one cannot see is refused, and nothing changes
    const next = await aKanbanTag(o)
    const refused = await client.post(`/ticket/kanban/${inOther.id}/move`).bearerToken(a.token).json({ tagId: next.id })
    refused.assertStatus(403)
    ;(await client.put(`/ticket-tags/${inOther.id}/${next.id}`).bearerToken(a.token)).assertStatus(403)
    ;(await client.delete(`/ticket-tags/${inOther.id}`).bearerToken(a.token)).assertStatus(403)
    assert.deepEqual(await linksOf(inOther.id), [lane.id])
  })

  test('a lane of 10,000 cards pages by keyset: every card once, newest first, ties by id', async ({
    client,
    assert,
  }) => {
    const o = await createTenant()
    const lane = await aKanbanTag(o)
    const conn = await aConnection(o)
    // set-wise rows: contacts, tickets (pairs sharing one updated_at) and their links
    const base = Date.now() - 86400_000
    await db.rawQuery(
      `WITH c AS (
         INSERT INTO contacts (company_id, name, number)
         SELECT ?, 'Bulk ' || g, '55' || (1100000000 + g) FROM generate_series(1, 10000) g RETURNING id, name
       ), t AS (
         INSERT INTO tickets (company_id, uuid, status, contact_id, whatsapp_id, channel, updated_at)
         SELECT ?, gen_random_uuid(), 'pending', c.id, ?, 'api',
                to_timestamp(? / 1000.0) + ((substring(c.name from 6)::int / 2) * interval '1 second')
           FROM c RETURNING id
       )
       INSERT INTO ticket_tags (ticket_id, tag_id) SELECT id, ? FROM t`,
      [o.company.id, o.company.id, conn.id, base, lane.id]
    )
    const expected = (
      await db
        .from('tickets')
        .where('company_id', o.company.id)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .select('id')
    ).map((r) => r.id)

    const board = await client.get('/ticket/kanban').bearerToken(o.adminToken)
    const first = board.body().lanes.find((l: any) => l.id === lane.id)
    assert.equal(first.count, 10000)
    assert.lengthOf(first.ticketIds, 30)
    const seen: number[] = [...first.ticketIds]
    let cursor = first.nextCursor
    let pages = 0
    const started = Date.now()
    const timings: number[] = []
    while (cursor && pages < 20) {
      const t0 = Date.now()
      const r = await client.get('/ticket/kanban').bearerToken(o.adminToken).qs({ lane: lane.id, cursor, limit: 100 })
      timings.push(Date.now() - t0)
      r.assertStatus(200)
      seen.push(...r.body().tickets.map((t: any) => t.id))
      cursor = r.body().nextCursor
      pages++
    }
    assert.deepEqual(seen, expected.slice(0, seen.length))
    assert.equal(new Set(seen).size, seen.length)
    // a page deep in the lane costs what the first one does (keyset, no offset)
    assert.isBelow(Math.max(...timings.slice(-5)), 2000, `pages took ${timings.join(', ')} ms`)
    assert.isBelow(Date.now() - started, 30_000)
  }).timeout(120_000)
})

test.group('kanban: moving cards', () => {
  test('POST /ticket/kanban/:id/move swaps the lane in one transaction; contact tags stay', async ({
    client,
    assert,
  }) => {
    const o = await createTenant()
    const todo = await aKanbanTag(o)
    const done = await aKanbanTag(o)
    const vip = await aKanbanTag(o, 'VIP', 0)
    const t = await aTicket(o, { tagIds: [todo.id, vip.id] })

    const r = await client
      .post(`/ticket/kanban/${t.id}/move`)
      .bearerToken(o.adminToken)
      .json({ tagId: done.id, fromTagId: todo.id })
    r.assertStatus(200)
    assert.deepEqual(r.body().from, [todo.id])
    assert.equal(r.body().to, done.id)
    assert.isTrue(r.body().changed)
    assert.sameMembers(
      r.body().ticket.tags.map((g: any) => g.id),
      [done.id, vip.id]
    )
    assert.sameMembers(await linksOf(t.id), [done.id, vip.id])

    // a stale drag (the card left that lane meanwhile) writes nothing
    const stale = await client
      .post(`/ticket/kanban/${t.id}/move`)
      .bearerToken(o.adminToken)
      .json({ tagId: todo.id, fromTagId: todo.id })
    stale.assertStatus(409)
    assert.equal(stale.body().error, 'ERR_KANBAN_LANE_CHANGED')
    assert.sameMembers(await linksOf(t.id), [done.id, vip.id])

    // to the default lane (null or 0)
    const back = await client.post(`/ticket/kanban/${t.id}/move`).bearerToken(o.adminToken).json({ tagId: 0 })
    back.assertStatus(200)
    assert.equal(back.body().to, 0)
    assert.deepEqual(await linksOf(t.id), [vip.id])
    const noop = await client.post(`/ticket/kanban/${t.id}/move`).bearerToken(o.adminToken).json({ tagId: null })
    assert.isFalse(noop.body().changed)
  })

  test("the spec's two calls: DELETE /ticket-tags/:ticketId then PUT /ticket-tags/:ticketId/:tagId", async ({
    client,
    assert,
  }) => {
    const o = await createTenant()
    const todo = await aKanbanTag(o)
    const done = await aKanbanTag(o)
    const vip = await aKanbanTag(o, 'VIP', 0)
    const t = await aTicket(o, { tagIds: [todo.id, vip.id] })

    const removed = await client.delete(`/ticket-tags/${t.id}`).bearerToken(o.adminToken)
    removed.assertStatus(200)
    assert.deepEqual(await linksOf(t.id), [vip.id], 'only kanban links go')
    const added = await client.put(`/ticket-tags/${t.id}/${done.id}`).bearerToken(o.adminToken)
    added.assertStatus(200)
    assert.sameMembers(await linksOf(t.id), [done.id, vip.id])
    // PUT alone still leaves the card in one lane
    ;(await client.put(`/ticket-tags/${t.id}/${todo.id}`).bearerToken(o.adminToken)).assertStatus(200)
    assert.sameMembers(await linksOf(t.id), [todo.id, vip.id])
    // twice is once
    ;(await client.put(`/ticket-tags/${t.id}/${todo.id}`).bearerToken(o.adminToken)).assertBodyContains({
      changed: false,
    })
    // a contact-kind tag is only added
    const other = await aKanbanTag(o, 'Outra', 0)
    ;(await client.put(`/ticket-tags/${t.id}/${other.id}`).bearerToken(o.adminToken)).assertStatus(200)
    assert.sameMembers(await linksOf(t.id), [todo.id, vip.id, other.id])
  })

  test('concurrent drags of one card end in exactly one lane', async ({ client, assert }) => {
    const o = await createTenant()
    const lanes = [await aKanbanTag(o), await aKanbanTag(o), await aKanbanTag(o), await aKanbanTag(o)]
    const t = await aTicket(o)
    const results = await Promise.all(
      lanes.flatMap((l) => [
        client.post(`/ticket/kanban/${t.id}/move`).bearerToken(o.adminToken).json({ tagId: l.id }),
        client.put(`/ticket-tags/${t.id}/${l.id}`).bearerToken(o.adminToken),
      ])
    )
    for (const r of results) r.assertStatus(200)
    const links = await linksOf(t.id)
    assert.lengthOf(links, 1)
  })

  test('a move reaches the users who may see the ticket, live, and nobody else', async ({ client, assert }) => {
    const o = await createTenant()
    const lane = await aKanbanTag(o)
    const q = await aQueue(o)
    const other = await aQueue(o)
    const a = await createUser(o.company)
    await queueOf(a.user.id, q.id)
    const b = await createUser(o.company)
    await queueOf(b.user.id, other.id)
    const t = await aTicket(o, { queueId: q.id })
    const seen: { channel: string; payload: any }[] = []
    const untap = realtime.tap((channel, payload) => seen.push({ channel, payload }))
    try {
      ;(await client.post(`/ticket/kanban/${t.id}/move`).bearerToken(a.token).json({ tagId: lane.id })).assertStatus(
        200
      )
    } finally {
      untap()
    }
    const updates = seen.filter(
      (e) => e.payload.event === `company-${o.company.id}-ticket` && e.payload.ticket?.id === t.id
    )
    const to = updates.map((e) => e.channel)
    assert.include(to, `company/${o.company.id}/user/${a.user.id}`)
    assert.include(to, `company/${o.company.id}/user/${o.admin.id}`)
    assert.notInclude(to, `company/${o.company.id}/user/${b.user.id}`)
    assert.deepEqual(
      updates[0].payload.ticket.tags.map((g: any) => g.id),
      [lane.id]
    )
  })
})

test.group('kanban: input, permissions and the plan', () => {
  test('bad input answers 4xx with a code, never 500', async ({ client, assert }) => {
    const o = await createTenant()
    const elsewhere = await createTenant()
    const foreignLane = await aKanbanTag(elsewhere)
    const contactTag = await aKanbanTag(o, 'Contato', 0)
    const lane = await aKanbanTag(o)
    const t = await aTicket(o)
    const get = (qs: Record<string, unknown>) => client.get('/ticket/kanban').bearerToken(o.adminToken).qs(qs)

    for (const qs of [
      { queueIds: '[1,"x"]' },
      { queueIds: '{"a":1}' },
      { queueIds: '[-1]' },
      { users: 'abc' },
      { limit: 1000 },
      { limit: 0 },
      { lane: -1 },
      { lane: 'x' },
    ]) {
      const r = await get(qs)
      assert.equal(r.status(), 422, JSON.stringify(qs))
      assert.equal(r.body().error, 'ERR_VALIDATION')
    }
    for (const cursor of ['nope', Buffer.from('["2026-02-31 10:00:00+00", 1]').toString('base64url'), 'W10']) {
      const r = await get({ lane: 0, cursor })
      assert.equal(r.status(), 400, cursor)
      assert.equal(r.body().error, 'ERR_KANBAN_BAD_CURSOR')
    }
    ;(await get({ lane: foreignLane.id })).assertStatus(404)
    ;(await get({ lane: contactTag.id })).assertStatus(404)

    const move = (id: number | string, body: unknown) =>
      client
        .post(`/ticket/kanban/${id}/move`)
        .bearerToken(o.adminToken)
        .json(body as any)
    assert.equal((await move(t.id, { tagId: foreignLane.id })).body().error, 'ERR_NO_TAG_FOUND')
    assert.equal((await move(t.id, { tagId: contactTag.id })).status(), 404, 'a contact tag is not a lane')
    assert.equal((await move(t.id, {})).status(), 422)
    assert.equal((await move(t.id, { tagId: 'x' })).status(), 422)
    assert.equal((await move(999999999, { tagId: lane.id })).body().error, 'ERR_NO_TICKET_FOUND')
    assert.equal((await move('abc', { tagId: lane.id })).status(), 404)
    ;(await client.put(`/ticket-tags/${t.id}/${foreignLane.id}`).bearerToken(o.adminToken)).assertStatus(404)
    ;(await client.put(`/ticket-tags/${t.id}/0`).bearerToken(o.adminToken)).assertStatus(404)
    ;(await client.delete(`/ticket-tags/99999999999`).bearerToken(o.adminToken)).assertStatus(404)

    const order = (tagIds: unknown) => client.put('/ticket/kanban/lanes').bearerToken(o.adminToken).json({ tagIds })
    assert.equal((await order([lane.id, lane.id])).status(), 422)
    assert.equal((await order([])).body().error, 'ERR_KANBAN_LANE_ORDER')
    assert.equal((await order([foreignLane.id])).body().error, 'ERR_KANBAN_LANE_ORDER')
    assert.equal((await order('x')).status(), 422)
    assert.deepEqual(await linksOf(t.id), [])
  })

  test('lane order: admins and the dashboard permission; attendants read it', async ({ client, assert }) => {
    const o = await createTenant()
    const a = await aKanbanTag(o)
    const b = await aKanbanTag(o)
    const plain = await createUser(o.company)
    const dash = await createUser(o.company, { showDashboard: 'enabled' } as any)
    const denied = await client
      .put('/ticket/kanban/lanes')
      .bearerToken(plain.token)
      .json({ tagIds: [b.id, a.id] })
    denied.assertStatus(403)
    assert.equal(denied.body().error, 'ERR_NO_PERMISSION')
    ;(
      await client
        .put('/ticket/kanban/lanes')
        .bearerToken(dash.token)
        .json({ tagIds: [b.id, a.id] })
    ).assertStatus(200)
    const read = await client.get('/ticket/kanban/lanes').bearerToken(plain.token)
    assert.deepEqual(
      read.body().lanes.map((l: any) => l.id),
      [b.id, a.id]
    )
    // deleting a lane takes its place with it
    await db.from('tags').where('id', b.id).delete()
    const after = await client.get('/ticket/kanban/lanes').bearerToken(plain.token)
    assert.deepEqual(
      after.body().lanes.map((l: any) => l.id),
      [a.id]
    )
  })

  test('a plan without useKanban answers 403 ERR_PLAN_FEATURE_DISABLED on every kanban route', async ({
    client,
    assert,
  }) => {
    const plan = await createPlan({ useKanban: false })
    const o = await createTenant({ plan })
    const lane = await aKanbanTag(o)
    const t = await aTicket(o)
    const calls = [
      client.get('/ticket/kanban').bearerToken(o.adminToken),
      client.get('/ticket/kanban/lanes').bearerToken(o.adminToken),
      client
        .put('/ticket/kanban/lanes')
        .bearerToken(o.adminToken)
        .json({ tagIds: [lane.id] }),
      client.post(`/ticket/kanban/${t.id}/move`).bearerToken(o.adminToken).json({ tagId: lane.id }),
      client.put(`/ticket-tags/${t.id}/${lane.id}`).bearerToken(o.adminToken),
      client.delete(`/ticket-tags/${t.id}`).bearerToken(o.adminToken),
    ]
    for (const r of await Promise.all(calls)) {
      r.assertStatus(403)
      assert.equal(r.body().error, 'ERR_PLAN_FEATURE_DISABLED')
    }
    assert.deepEqual(await linksOf(t.id), [])
    // the manifest hides the module; turning the flag on brings it back
    const off = await client.get('/modules').bearerToken(o.adminToken)
    assert.notInclude(
      off.body().modules.map((m: any) => m.name),
      'kanban'
    )
    await setPlanFlags(plan.id, { useKanban: true })
    ;(await client.get('/ticket/kanban').bearerToken(o.adminToken)).assertStatus(200)
    const on = await client.get('/modules').bearerToken(o.adminToken)
    const kanban = on.body().modules.find((m: any) => m.name === 'kanban')
    assert.deepEqual(
      kanban.menu.map((e: any) => e.path),
      ['/Kanban', '/TagsKanban']
    )
  })

  test('the kanban tags screen is gated for attendants without the dashboard permission', async ({
    client,
    assert,
  }) => {
    const o = await createTenant()
    const plain = await createUser(o.company)
    const r = await client.get('/modules').bearerToken(plain.token)
    const gated = r.body().gated.map((g: any) => [g.path, g.reason])
    assert.deepInclude(gated, ['/TagsKanban', 'role'])
    assert.notDeepInclude(gated, ['/Kanban', 'role'])
  })
})

test.group('kanban: lanes live', () => {
  test("a lane created through /tags reaches the boards as company{id}-tag, the spec's spelling", async ({
    client,
    assert,
  }) => {
    const o = await createTenant()
    const seen: { channel: string; payload: any }[] = []
    const untap = realtime.tap((channel, payload) => seen.push({ channel, payload }))
    try {
      ;(await client.post('/tags').bearerToken(o.adminToken).json({ name: 'Nova coluna', kanban: 1 })).assertStatus(201)
    } finally {
      untap()
    }
    const names = seen.filter((e) => e.channel === `company/${o.company.id}`).map((e) => e.payload.event)
    assert.includeMembers(names, [`company${o.company.id}-tag`, `company-${o.company.id}-tag`])
  })
})
