/**
 * The lists as built for a million tickets (docs/performance.md): the closed
 * and search views' "newest ticket per contact and connection" kept as data,
 * the capped count, the cursor, accent-blind message search on the tenant's
 * own index keys and the contact search's fields. Results, not timings.
 */
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { companySettings } from '#core/settings'
import { BACKFILL_LATEST_FLAGS } from '../database/migrations/1700000002200_list_performance.js'
import { LIST_COUNT_CAP, forgetWordFrequencies, searchTuning, searchWordFrequency } from '../services/ticket_list.js'
import { walkStats } from '../services/contact_list.js'
import { codePointLocale, codePointOrder } from '#core/collation'
import {
  agent,
  createConnection,
  createQueue,
  inboxWorld,
  ingest,
  message,
  rand,
  startWorkers,
  waitProcessed,
} from '#tests/helpers/inbox'
import type { InboxWorld } from '#tests/helpers/inbox'

async function contact(w: InboxWorld, name: string, number = rand()) {
  const [c] = await db.table('contacts').insert({ company_id: w.company.id, name, number }).returning('id')
  return c.id as number
}

/**
 * Seven random digits that start the numbers of one batch of seeded contacts (the batch adds six of
 * its own): two batches in one company must not share a prefix, and `rand().slice(0, 7)` had only
 * 1,000 values (a batch met an earlier one's numbers about once in a thousand runs).
 */
const numberPrefix = () => String(1_000_000 + Math.floor(Math.random() * 9_000_000))

/** `count` contacts named `prefix` + a zero-padded number (5 digits), in one statement. */
async function numberedContacts(w: InboxWorld, prefix: string, count: number) {
  await db.rawQuery(
    `INSERT INTO contacts (company_id, name, number)
     SELECT ?, ? || lpad(g::text, 5, '0'), (? || lpad(g::text, 6, '0')) FROM generate_series(1, ?) g`,
    [w.company.id, prefix, numberPrefix(), count]
  )
}

/** The ids of a GET /contacts page, in the order it lists them. */
async function contactIds(client: ApiClient, token: string, qs: Record<string, unknown>) {
  const r = await client.get('/contacts').bearerToken(token).qs(qs)
  r.assertStatus(200)
  return r.body().contacts.map((c: any) => c.id) as number[]
}

async function ticket(w: InboxWorld, contactId: number, fields: Record<string, unknown> = {}) {
  const [t] = await db
    .table('tickets')
    .insert({
      company_id: w.company.id,
      uuid: crypto.randomUUID(),
      status: 'closed',
      contact_id: contactId,
      whatsapp_id: w.whatsapp.id,
      queue_id: w.queue.id,
      ...fields,
    })
    .returning('id')
  return t.id as number
}

/**
 * `count` open tickets of new contacts, updated over the last `count` minutes in a shuffled order,
 * each with `messages` messages whose body is the SQL expression `body` (over t.updated_at and the
 * message's number g).
 */
async function conversations(w: InboxWorld, count: number, messages: number, body: string) {
  await db.rawQuery(
    `WITH c AS (
       INSERT INTO contacts (company_id, name, number)
       SELECT ?, 'Conversa ' || g, ? || lpad(g::text, 4, '0') FROM generate_series(1, ?) g RETURNING id),
     t AS (
       INSERT INTO tickets (company_id, uuid, status, contact_id, whatsapp_id, queue_id, updated_at)
       SELECT ?, gen_random_uuid(), 'open', c.id, ?, ?, now() - ((c.id * 7) % ? || ' minutes')::interval FROM c
       RETURNING id, contact_id, updated_at)
     INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body)
     SELECT ?, t.id, t.contact_id, ?, 'conversa-' || t.id || '-' || g, ${body} FROM t, generate_series(1, ?) g`,
    [
      w.company.id,
      rand().slice(0, 9),
      count,
      w.company.id,
      w.whatsapp.id,
      w.queue.id,
      count,
      w.company.id,
      w.whatsapp.id,
      messages,
    ]
  )
}

/** Every conversation of the company has exactly its newest ticket and its newest closed ticket flagged. */
async function assertFlagsExact(assert: any, companyId: number) {
  const wrong = await db.rawQuery(
    `SELECT t.id, t.is_latest, t.is_latest_closed FROM tickets t
      WHERE t.company_id = ?
        AND (t.is_latest <> NOT EXISTS (SELECT 1 FROM tickets o WHERE o.company_id = t.company_id
                AND o.contact_id = t.contact_id AND coalesce(o.whatsapp_id, 0) = coalesce(t.whatsapp_id, 0) AND o.id > t.id)
          OR t.is_latest_closed <> (t.status = 'closed' AND NOT EXISTS (SELECT 1 FROM tickets o WHERE o.company_id = t.company_id
                AND o.contact_id = t.contact_id AND coalesce(o.whatsapp_id, 0) = coalesce(t.whatsapp_id, 0)
                AND o.id > t.id AND o.status = 'closed')))`,
    [companyId]
  )
  assert.deepEqual(wrong.rows, [])
}

test.group('lists', (group) => {
  group.each.setup(() => startWorkers())

  test('closed view: the newest closed ticket per contact and connection through reopen, new tickets and moves', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const c = await contact(w, 'Historia Viva')
    const t1 = await ticket(w, c)
    const t2 = await ticket(w, c)
    const closedOf = async (token = w.adminToken, qs: Record<string, string> = {}) => {
      const r = await client
        .get('/tickets')
        .bearerToken(token)
        .qs({ status: 'closed', showAll: 'true', ...qs })
      r.assertStatus(200)
      return r
        .body()
        .tickets.filter((t: any) => t.contactId === c)
        .map((t: any) => t.id)
    }
    assert.deepEqual(await closedOf(), [t2])

    // reopening the newest closed ticket hands the row to the one before it
    const reopened = await client.put(`/tickets/${t2}`).bearerToken(w.adminToken).json({ status: 'open' })
    reopened.assertStatus(200)
    assert.equal(reopened.body().status, 'open')
    assert.deepEqual(await closedOf(), [t1])
    await assertFlagsExact(assert, w.company.id)

    const closedAgain = await client
      .put(`/tickets/${t2}`)
      .bearerToken(w.adminToken)
      .json({ status: 'closed', sendFarewellMessage: false })
    closedAgain.assertStatus(200)
    assert.deepEqual(await closedOf(), [t2])

    // a new live ticket leaves the closed row alone until it is closed itself
    const created = await client
      .post('/tickets')
      .bearerToken(w.adminToken)
      .json({ contactId: c, queueId: w.queue.id, whatsappId: w.whatsapp.id, status: 'open' })
    created.assertStatus(201)
    const t3 = created.body().id
    assert.deepEqual(await closedOf(), [t2])
    await client
      .put(`/tickets/${t3}`)
      .bearerToken(w.adminToken)
      .json({ status: 'closed', sendFarewellMessage: false })
      .then((r) => r.assertStatus(200))
    assert.deepEqual(await closedOf(), [t3])

    // another connection is another conversation
    const other = await createConnection(w.company)
    const t4 = await ticket(w, c, { whatsapp_id: other.id, updated_at: new Date(Date.now() + 60_000) })
    assert.deepEqual(await closedOf(), [t4, t3])
    await assertFlagsExact(assert, w.company.id)

    // deleting the newest hands the flag back; a ticket moved to another contact takes its flags along
    await client
      .delete(`/tickets/${t3}`)
      .bearerToken(w.adminToken)
      .then((r) => r.assertStatus(200))
    assert.deepEqual(await closedOf(), [t4, t2])
    const c2 = await contact(w, 'Outra Pessoa')
    await db.from('tickets').where('id', t2).update({ contact_id: c2 })
    assert.deepEqual(await closedOf(), [t4, t1])
    await assertFlagsExact(assert, w.company.id)

    // the count counts conversations
    const all = await client.get('/tickets').bearerToken(w.adminToken).qs({ status: 'closed', showAll: 'true' })
    assert.equal(all.body().count, 3)
    assert.notProperty(all.body(), 'countCapped')
  })

  test('closed view for a narrower scope: the newest closed ticket the caller may see', async ({ client, assert }) => {
    const w = await inboxWorld()
    const elsewhere = await createQueue(w.company)
    const c = await contact(w, 'Duas Filas')
    const mine = await ticket(w, c, { queue_id: w.queue.id })
    const theirs = await ticket(w, c, { queue_id: elsewhere.id })
    const a = await agent(w, [w.queue.id])
    const ids = async (token: string, qs: Record<string, string>) =>
      (await client.get('/tickets').bearerToken(token).qs(qs))
        .body()
        .tickets.filter((t: any) => t.contactId === c)
        .map((t: any) => t.id)
    assert.deepEqual(await ids(w.adminToken, { status: 'closed', showAll: 'true' }), [theirs])
    // the agent does not see the newer one: its own newest closed ticket stands for the conversation
    assert.deepEqual(await ids(a.token, { status: 'closed' }), [mine])
    // a queue filter narrows the same way
    assert.deepEqual(
      await ids(w.adminToken, { status: 'closed', showAll: 'true', queueIds: JSON.stringify([w.queue.id]) }),
      [mine]
    )
    // and the search view too
    assert.deepEqual(await ids(a.token, { status: 'search', searchParam: 'duas filas', showAll: 'true' }), [mine])
    assert.deepEqual(await ids(w.adminToken, { status: 'search', searchParam: 'duas filas', showAll: 'true' }), [
      theirs,
    ])
  })

  test('the migration backfill flags the same rows as the triggers', async ({ assert }) => {
    const w = await inboxWorld()
    const a = await contact(w, 'Backfill A')
    const b = await contact(w, 'Backfill B')
    await ticket(w, a)
    await ticket(w, a)
    await ticket(w, a, { status: 'open' })
    await ticket(w, b, { whatsapp_id: null })
    await ticket(w, b, { status: 'pending' })
    const before = await db.from('tickets').where('company_id', w.company.id).orderBy('id')
    await db.from('tickets').where('company_id', w.company.id).update({ is_latest: false, is_latest_closed: false })
    await db.rawQuery(BACKFILL_LATEST_FLAGS)
    const after = await db.from('tickets').where('company_id', w.company.id).orderBy('id')
    assert.deepEqual(
      after.map((t) => [t.id, t.is_latest, t.is_latest_closed]),
      before.map((t) => [t.id, t.is_latest, t.is_latest_closed])
    )
    await assertFlagsExact(assert, w.company.id)
  })

  test('tickets inserted by one statement: the newest of each conversation takes the flags from the older ones', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    const other = await createConnection(w.company)
    const a = await contact(w, 'Lote A')
    const b = await contact(w, 'Lote B')
    const old = await ticket(w, a)
    const oldB = await ticket(w, b, { status: 'open' })
    // one statement, as the inbound batch writes a batch's new tickets: two of a's conversation
    // (threads keep both live), one of a's on another connection, one of b's
    const rows = [
      [a, w.whatsapp.id, 'closed', 'x'],
      [a, w.whatsapp.id, 'pending', 'y'],
      [a, other.id, 'closed', null],
      [b, w.whatsapp.id, 'closed', null],
    ]
    const inserted = await db.rawQuery(
      `INSERT INTO tickets (company_id, uuid, contact_id, whatsapp_id, status, thread)
       VALUES ${rows.map(() => '(?, gen_random_uuid(), ?, ?, ?, ?)').join(', ')} RETURNING id`,
      rows.flatMap((r) => [w.company.id, ...r])
    )
    const [closedA, pendingA, otherA, closedB] = inserted.rows.map((r: any) => r.id as number)
    const flags = await db
      .from('tickets')
      .where('company_id', w.company.id)
      .orderBy('id')
      .select('id', 'is_latest', 'is_latest_closed')
    assert.deepEqual(
      flags.map((t) => [t.id, t.is_latest, t.is_latest_closed]),
      [
        [old, false, false],
        [oldB, false, false],
        [closedA, false, true],
        [pendingA, true, false],
        [otherA, true, true],
        [closedB, true, true],
      ]
    )
    await assertFlagsExact(assert, w.company.id)
  })

  test('search: accents either way, words of messages of this tenant only, the newest ticket per conversation', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const other = await inboxWorld()
    const number = rand()
    await ingest(
      w,
      message(w.whatsapp.id, number, 'Quero a promoção de verão', { contact: { number, name: 'Conceição Araújo' } })
    )
    const plain = rand()
    await ingest(w, message(w.whatsapp.id, plain, 'nao recebi o codigo de rastreio'))
    await ingest(other, message(other.whatsapp.id, rand(), 'Quero a promoção de verão também'))
    await waitProcessed(w.company.id)
    await waitProcessed(other.company.id)
    const byNumber = async (n: string) => {
      const c = await db.from('contacts').where({ company_id: w.company.id, number: n }).firstOrFail()
      return db.from('tickets').where('contact_id', c.id).firstOrFail()
    }
    const accented = await byNumber(number)
    const unaccented = await byNumber(plain)
    const search = async (searchParam: string, token = w.adminToken) => {
      const r = await client.get('/tickets').bearerToken(token).qs({ status: 'search', searchParam, showAll: 'true' })
      r.assertStatus(200)
      return r.body().tickets.map((t: any) => t.id)
    }
    assert.deepEqual(await search('promocao verao'), [accented.id])
    assert.deepEqual(await search('PROMOÇÃO'), [accented.id])
    assert.deepEqual(await search('não recebi código'), [unaccented.id])
    assert.deepEqual(await search('conceicao'), [accented.id])
    assert.deepEqual(await search('araújo'), [accented.id])
    // every word must be there
    assert.deepEqual(await search('promocao rastreio'), [])
    // stop words only: nothing, not an error
    assert.deepEqual(await search('de a o'), [])
    const found = await client.get('/messages-search').bearerToken(w.adminToken).qs({ searchParam: 'promocão' })
    assert.deepEqual(
      found.body().results.map((r: any) => r.ticketId),
      [accented.id]
    )

    // an older ticket whose message matched stands for the conversation only while no newer one matches
    await db.from('tickets').where('id', unaccented.id).update({ status: 'closed' })
    await ingest(w, message(w.whatsapp.id, plain, 'outra coisa'))
    await waitProcessed(w.company.id)
    const newer = await db
      .from('tickets')
      .where('contact_id', unaccented.contact_id)
      .whereNot('id', unaccented.id)
      .firstOrFail()
    assert.deepEqual(await search('rastreio'), [unaccented.id])
    await ingest(w, message(w.whatsapp.id, plain, 'e o rastreio?'))
    await waitProcessed(w.company.id)
    assert.deepEqual(await search('rastreio'), [newer.id])
    // a private note is not searched
    await db.table('messages').insert({
      company_id: w.company.id,
      ticket_id: newer.id,
      wid: `note-${rand()}`,
      body: 'anotacao secreta',
      is_private: true,
    })
    assert.deepEqual(await search('secreta'), [])
  })

  test('a frequent word walks the tickets in list order; a walk that does not fill the page hands over to the index', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    await conversations(w, 60, 3, "'o xilofone chegou ' || g")
    await db.rawQuery('ANALYZE messages')
    forgetWordFrequencies()
    const frequency = await tenancy.run(w.company.id, () => searchWordFrequency('xilofone'))
    assert.isAbove(frequency ?? 0, 0)
    const expected = (
      await db
        .from('tickets')
        .where('company_id', w.company.id)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .select('id')
    ).map((t) => t.id)
    assert.lengthOf(expected, 60)
    const saved = { ...searchTuning }
    try {
      for (const messageWalk of [20000, 10]) {
        // walk (every word counts as frequent); then a walk too short to fill a page, finished by the index
        Object.assign(searchTuning, { frequentWord: 0, messageWalk })
        forgetWordFrequencies()
        const p1 = await client
          .get('/tickets')
          .bearerToken(w.adminToken)
          .qs({ status: 'search', searchParam: 'xilofone', showAll: 'true' })
        assert.deepEqual(
          p1.body().tickets.map((t: any) => t.id),
          expected.slice(0, 40)
        )
        assert.equal(p1.body().count, 40)
        assert.isTrue(p1.body().countCapped)
        assert.isTrue(p1.body().hasMore)
        const p2 = await client
          .get('/tickets')
          .bearerToken(w.adminToken)
          .qs({ status: 'search', searchParam: 'xilofone', showAll: 'true', pageNumber: 2 })
        assert.deepEqual(
          p2.body().tickets.map((t: any) => t.id),
          expected.slice(40)
        )
        assert.equal(p2.body().count, 60)
        assert.notProperty(p2.body(), 'countCapped')
        assert.isFalse(p2.body().hasMore)
        const found = await client.get('/messages-search').bearerToken(w.adminToken).qs({ searchParam: 'xilofone' })
        assert.lengthOf(found.body().results, 40)
      }
    } finally {
      Object.assign(searchTuning, saved)
      forgetWordFrequencies()
    }
  })

  test('a word with many matches walks the newest tickets against its matches; a walk that does not fill the page hands over to the matches', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    // 120 tickets, about half (by the minute of their last update) with the word, the others without it
    await conversations(
      w,
      120,
      2,
      "CASE WHEN extract(minute FROM t.updated_at)::int % 2 = 0 THEN 'o marimbau chegou ' ELSE 'nada aqui ' END || g"
    )
    const expected = (
      await db
        .from('tickets as t')
        .where('t.company_id', w.company.id)
        .whereExists((q) =>
          q.from('messages as m').whereColumn('m.ticket_id', 't.id').whereLike('m.body', '%marimbau%')
        )
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.id', 'desc')
        .select('t.id')
    ).map((t) => t.id)
    assert.isAbove(expected.length, 41)
    assert.isBelow(expected.length, 120)
    const saved = { ...searchTuning }
    try {
      // the walk; a walk too short to fill a page (finished from the matches); the matches alone
      for (const tuning of [
        { hitWalkFrom: 1000000, messageWalk: 20000 },
        { hitWalkFrom: 1, messageWalk: 20000 },
        { hitWalkFrom: 1, messageWalk: 10 },
      ]) {
        Object.assign(searchTuning, { frequentWord: 2, ...tuning })
        forgetWordFrequencies()
        const p1 = await client
          .get('/tickets')
          .bearerToken(w.adminToken)
          .qs({ status: 'search', searchParam: 'marimbau', showAll: 'true' })
        assert.deepEqual(
          p1.body().tickets.map((t: any) => t.id),
          expected.slice(0, 40),
          JSON.stringify(tuning)
        )
        assert.isTrue(p1.body().hasMore)
        const p2 = await client
          .get('/tickets')
          .bearerToken(w.adminToken)
          .qs({ status: 'search', searchParam: 'marimbau', showAll: 'true', pageNumber: 2 })
        assert.deepEqual(
          p2.body().tickets.map((t: any) => t.id),
          expected.slice(40, 80)
        )
        assert.equal(p2.body().count, expected.length)
        // the cursor of page 1 continues where it ended
        const next = await client
          .get('/tickets')
          .bearerToken(w.adminToken)
          .qs({ status: 'search', searchParam: 'marimbau', showAll: 'true', cursor: p1.body().nextCursor })
        assert.deepEqual(
          next.body().tickets.map((t: any) => t.id),
          expected.slice(40, 80)
        )
      }
    } finally {
      Object.assign(searchTuning, saved)
      forgetWordFrequencies()
    }
  })

  test('contact search: words look in names, digits in numbers (not for a masked reader)', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const n77 = '5511977123456'
    const a = await contact(w, 'Cliente 77')
    const b = await contact(w, 'Cliente 770 João')
    await contact(w, 'Cliente 1', '5511000770000')
    const d = await contact(w, 'Outro', n77)
    const names = async (searchParam: string, token = w.adminToken) => {
      const r = await client.get('/contacts').bearerToken(token).qs({ searchParam })
      r.assertStatus(200)
      return { ids: r.body().contacts.map((c: any) => c.id), count: r.body().count }
    }
    // text: names only (the number 5511000770000 contains 77 but does not count)
    assert.deepEqual(await names('Cliente 77'), { ids: [a, b], count: 2 })
    assert.deepEqual(await names('joao'), { ids: [b], count: 1 })
    // digits (phone punctuation allowed): numbers only
    assert.deepEqual(await names('(11) 977-123'), { ids: [d], count: 1 })
    // the same rule in the tickets' search view
    await ticket(w, d, { status: 'pending' })
    const t = await client
      .get('/tickets')
      .bearerToken(w.adminToken)
      .qs({ status: 'search', searchParam: '977123', showAll: 'true' })
    assert.deepEqual(
      t.body().tickets.map((x: any) => x.contactId),
      [d]
    )
    // a reader who sees masked numbers cannot probe them
    await tenancy.run(w.company.id, () => companySettings.set('lgpdHideNumber', 'enabled'))
    const u = await agent(w)
    assert.deepEqual((await names('977123', u.token)).ids, [])
  })

  test('a contacts search whose name-order walk found too few goes straight to the index next time, same rows', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    // names before any match in name order: the walk (WALK_LIMIT first names) finds nothing
    await numberedContacts(w, 'Aaa ', 2100)
    const zs = [await contact(w, 'Zeca 2'), await contact(w, 'Zeca 1'), await contact(w, 'Zeca 3')]
    const search = () => contactIds(client, w.adminToken, { searchParam: 'zeca' })
    const before = { ...walkStats }
    const first = await search()
    assert.deepEqual(first, [zs[1], zs[0], zs[2]])
    assert.deepEqual(walkStats, { tried: before.tried + 1, skipped: before.skipped })
    assert.deepEqual(await search(), first)
    assert.deepEqual(walkStats, { tried: before.tried + 1, skipped: before.skipped + 1 })
    // a search the walk serves keeps walking
    const many = async () => (await contactIds(client, w.adminToken, { searchParam: 'aaa' })).length
    assert.equal(await many(), 100)
    assert.equal(await many(), 100)
    assert.equal(walkStats.tried, before.tried + 3)
  })

  test("a contacts search sorted from the index keeps the database's name order (case, accents, symbols)", async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    // the walk finds nothing: every match is sorted after the trigram index found it
    await numberedContacts(w, 'Aaa ', 2100)
    // 100 plain names, and names whose place around them depends on the order's rules: the first
    // page (100 rows) is cut from the sorted matches, so a wrong order puts different rows on it
    await numberedContacts(w, 'Zeca m', 100)
    const tricky = ['Zeca N', 'Zeca á', 'Zeca Á', 'Zeca b', 'Zeca B', 'Zeca 😀', 'Zeca ç', 'Zeca 10', 'Zeca 2']
    for (const name of [...tricky, 'Zeca-x', 'Zeca_1', 'Zeca ä', 'Zeca Z', 'Zeca z', 'Zeca é', 'Zeca b']) {
      await contact(w, name)
    }
    const { rows } = await db.rawQuery(
      `SELECT id FROM contacts WHERE company_id = ? AND name LIKE 'Zeca%' ORDER BY name, id`,
      [w.company.id]
    )
    const expected = rows.map((r: any) => r.id)
    assert.lengthOf(expected, 116)
    const page = (pageNumber: number) => contactIds(client, w.adminToken, { searchParam: 'zeca', pageNumber })
    // tried with the walk first, then straight from the index
    assert.deepEqual(await page(1), expected.slice(0, 100))
    assert.deepEqual(await page(1), expected.slice(0, 100))
    assert.deepEqual(await page(2), expected.slice(100))
  })

  test('code-point collation: only C, POSIX and C.UTF-8 of libc or the built-in provider', async ({ assert }) => {
    assert.isTrue(codePointLocale('c', 'C.UTF-8'))
    assert.isTrue(codePointLocale('c', 'C.utf8'))
    assert.isTrue(codePointLocale(null, 'POSIX'))
    assert.isTrue(codePointLocale('b', 'C'))
    assert.isFalse(codePointLocale('c', 'pt_BR.UTF-8'))
    assert.isFalse(codePointLocale('i', 'C'))
    assert.isFalse(codePointLocale('c', null))
    const { rows } = await db.rawQuery(`SELECT datcollate FROM pg_database WHERE datname = current_database()`)
    assert.equal(await codePointOrder(), codePointLocale('c', rows[0].datcollate))
  })

  test('count: exact up to the cap, then capped; pageNumber and cursor pages agree', async ({ client, assert }) => {
    const w = await inboxWorld()
    const fill = async (n: number) =>
      db.rawQuery(
        `WITH c AS (
           INSERT INTO contacts (company_id, name, number)
           SELECT ?, 'Massa ' || g, (? || lpad(g::text, 6, '0')) FROM generate_series(1, ?) g RETURNING id)
         INSERT INTO tickets (company_id, uuid, status, contact_id, whatsapp_id, queue_id, updated_at)
         SELECT ?, gen_random_uuid(), 'pending', c.id, ?, ?, now() - (c.id % 97 || ' seconds')::interval FROM c`,
        [w.company.id, numberPrefix(), n, w.company.id, w.whatsapp.id, w.queue.id]
      )
    await fill(LIST_COUNT_CAP)
    const exact = await client.get('/tickets').bearerToken(w.adminToken).qs({ status: 'pending', showAll: 'true' })
    assert.equal(exact.body().count, LIST_COUNT_CAP)
    assert.notProperty(exact.body(), 'countCapped')
    assert.isTrue(exact.body().hasMore)

    await fill(5)
    const capped = await client.get('/tickets').bearerToken(w.adminToken).qs({ status: 'pending', showAll: 'true' })
    assert.equal(capped.body().count, LIST_COUNT_CAP)
    assert.isTrue(capped.body().countCapped)
    const last = await client
      .get('/tickets')
      .bearerToken(w.adminToken)
      .qs({ status: 'pending', showAll: 'true', pageNumber: 26 })
    assert.lengthOf(last.body().tickets, 5)
    assert.isFalse(last.body().hasMore)

    // the cursor walks the same rows as the page numbers
    const byPage: number[] = []
    for (let p = 1; p <= 3; p++) {
      const r = await client
        .get('/tickets')
        .bearerToken(w.adminToken)
        .qs({ status: 'pending', showAll: 'true', pageNumber: p })
      byPage.push(...r.body().tickets.map((t: any) => t.id))
    }
    const byCursor: number[] = []
    let cursor: string | undefined
    for (let p = 1; p <= 3; p++) {
      const r = await client
        .get('/tickets')
        .bearerToken(w.adminToken)
        .qs({ status: 'pending', showAll: 'true', ...(cursor ? { cursor } : {}) })
      byCursor.push(...r.body().tickets.map((t: any) => t.id))
      cursor = r.body().nextCursor
      assert.isString(cursor)
    }
    assert.deepEqual(byCursor, byPage)
    assert.lengthOf(new Set(byPage), 120)
    // a malformed cursor is ignored (first page), never an error
    for (const malformed of [
      'not-a-cursor',
      Buffer.from(JSON.stringify(['2024', 1])).toString('base64url'),
      Buffer.from(JSON.stringify(['2024-13-45T99:00:00Z', 1])).toString('base64url'),
      Buffer.from(JSON.stringify(['2023-02-29T10:00:00+00:00', 1])).toString('base64url'),
      Buffer.from(JSON.stringify(['2024-01-01T00:00:00Z', -1])).toString('base64url'),
    ]) {
      const bad = await client
        .get('/tickets')
        .bearerToken(w.adminToken)
        .qs({ status: 'pending', showAll: 'true', cursor: malformed })
      bad.assertStatus(200)
      assert.deepEqual(
        bad.body().tickets.map((t: any) => t.id),
        byPage.slice(0, 40)
      )
    }

    // contacts count the same way
    const contacts = await client.get('/contacts').bearerToken(w.adminToken)
    assert.equal(contacts.body().count, LIST_COUNT_CAP)
    assert.isTrue(contacts.body().countCapped)
    const some = await client.get('/contacts').bearerToken(w.adminToken).qs({ searchParam: 'massa 100' })
    // 'Massa 100' and 'Massa 1000'
    assert.equal(some.body().count, 2)
    assert.notProperty(some.body(), 'countCapped')
  })
})
