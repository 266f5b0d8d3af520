import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { inbound } from '#core/pipeline'
import {
  inboxWorld,
  ingest,
  message,
  pendingEvents,
  rand,
  startWorkers,
  stopWorkers,
  waitFor,
  waitProcessed,
} from '#tests/helpers/inbox'

async function counts(companyId: number) {
  const one = async (table: string) =>
    Number((await db.from(table).where('company_id', companyId).count('* as n'))[0].n)
  return { contacts: await one('contacts'), tickets: await one('tickets'), messages: await one('messages') }
}

test.group('inbound pipeline', (group) => {
  group.each.setup(async () => {
    await startWorkers()
    return () => inbound.setFaultInjector(null)
  })

  test('a message creates contact, pending ticket, message, unread count and a create log', async ({ assert }) => {
    const w = await inboxWorld()
    const number = rand()
    await ingest(w, message(w.whatsapp.id, number, 'Olá, preciso de ajuda'))
    await ingest(w, message(w.whatsapp.id, number, 'alguém aí?'))
    await waitProcessed(w.company.id)
    const contact = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
    const tickets = await db.from('tickets').where({ company_id: w.company.id, contact_id: contact.id })
    assert.lengthOf(tickets, 1)
    assert.equal(tickets[0].status, 'pending')
    assert.equal(tickets[0].unread_messages, 2)
    assert.equal(tickets[0].last_message, 'alguém aí?')
    const logs = await db.from('ticket_logs').where('ticket_id', tickets[0].id)
    assert.deepEqual(
      logs.map((l) => l.type),
      // the connection's only queue takes the new ticket at once
      ['create', 'queue']
    )
    assert.equal(Number((await db.from('messages').where('ticket_id', tickets[0].id).count('* as n'))[0].n), 2)
  })

  test('retention: processed events older than the kept days go, chunk by chunk; failed, pending and recent ones stay', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    const kept = message(w.whatsapp.id, rand(), 'recente')
    await ingest(w, kept)
    await waitProcessed(w.company.id)
    // older arrivals than every other row (ids follow arrival): 40 days old, walked two by two
    const old = (id: number, status: string, extra = '') =>
      db.rawQuery(
        `INSERT INTO inbound_events (id, company_id, whatsapp_id, event_id, kind, payload, status, lane,
                                     received_at, processed_at, next_attempt_at)
         VALUES (?, ?, ?, ?, 'message', '{}', ?, 0, now() - interval '40 days',
                 ${status === 'done' ? "now() - interval '40 days'" : 'NULL'}, ${extra || 'NULL'})`,
        [id, w.company.id, w.whatsapp.id, `old-${rand()}`, status]
      )
    const base = -1_000_000 - Math.floor(Math.random() * 1_000_000)
    for (let i = 0; i < 4; i++) await old(base + i, 'done')
    await old(base + 4, 'failed')
    // a retry due tomorrow: the drainers leave it alone meanwhile
    await old(base + 5, 'pending', "now() + interval '1 day'")
    await old(base + 6, 'done')

    assert.equal(await inbound.purgeProcessed(30, 2), 5)
    const left = await db
      .from('inbound_events')
      .where('company_id', w.company.id)
      .orderBy('id')
      .select('id', 'status', 'event_id')
    assert.deepEqual(
      left.map((r) => [Number(r.id) - base, r.status]),
      [
        [4, 'failed'],
        [5, 'pending'],
        [Number(left[2].id) - base, 'done'],
      ]
    )
    assert.equal(left[2].event_id, kept.providerMessageId)
    assert.equal(await inbound.purgeProcessed(30, 2), 0)
    // the kept days decide: 31 days old stays when 60 are kept
    await db.rawQuery(
      `UPDATE inbound_events SET processed_at = now() - interval '31 days' WHERE id < ? + 10 AND id >= ?`,
      [base, base]
    )
    await db.rawQuery(`UPDATE inbound_events SET status = 'done' WHERE id = ?`, [base + 4])
    assert.equal(await inbound.purgeProcessed(60, 2), 0)
    assert.equal(await inbound.purgeProcessed(30, 2), 1)
    // the pending retry would count in other tests' recovery sweep
    await db
      .from('inbound_events')
      .where('id', base + 5)
      .delete()
  })

  test('the same provider message id twice is stored once', async ({ assert }) => {
    const w = await inboxWorld()
    const e = message(w.whatsapp.id, rand(), 'hello')
    const first = await ingest(w, e)
    const second = await ingest(w, { ...e })
    assert.isFalse(first.duplicate)
    assert.isTrue(second.duplicate)
    assert.equal(second.id, first.id)
    await waitProcessed(w.company.id)
    assert.deepEqual(await counts(w.company.id), { contacts: 1, tickets: 1, messages: 1 })
  })

  test('malformed events are refused before anything is written', async ({ assert }) => {
    const w = await inboxWorld()
    await assert.rejects(() =>
      ingest(w, { kind: 'message', whatsappId: w.whatsapp.id, providerMessageId: '', contact: { number: '1' } } as any)
    )
    await assert.rejects(() =>
      ingest(w, { kind: 'bogus', whatsappId: w.whatsapp.id, providerMessageId: 'x', contact: { number: '1' } } as any)
    )
    assert.equal(Number((await db.from('inbound_events').where('company_id', w.company.id).count('* as n'))[0].n), 0)
  })

  test('threads: each live thread of one contact is its own ticket; a thread takes the live ticket that has none', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    const number = rand()
    // an agent's ticket without a thread (opened from the workspace) takes the first thread that arrives
    await ingest(w, message(w.whatsapp.id, number, 'first, no thread yet'))
    await waitProcessed(w.company.id)
    const contact = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
    const ticketsOf = () => db.from('tickets').where({ company_id: w.company.id, contact_id: contact.id }).orderBy('id')
    const [plain] = await ticketsOf()
    assert.isNull(plain.thread)
    await ingest(w, message(w.whatsapp.id, number, 'in thread A', { thread: '<a@mail>' }))
    await waitProcessed(w.company.id)
    assert.deepEqual(
      (await ticketsOf()).map((t) => [t.id, t.thread]),
      [[plain.id, '<a@mail>']]
    )
    // a second thread while the first is live: a second ticket; simultaneous messages of it make one
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ingest(w, message(w.whatsapp.id, number, `thread B ${i}`, { thread: '<b@mail>' }))
      )
    )
    await ingest(w, message(w.whatsapp.id, number, 'back in A', { thread: '<a@mail>' }))
    await waitProcessed(w.company.id)
    const tickets = await ticketsOf()
    assert.deepEqual(
      tickets.map((t) => t.thread),
      ['<a@mail>', '<b@mail>']
    )
    assert.equal(tickets[0].unread_messages, 3)
    assert.equal(tickets[1].unread_messages, 8)
    // a closed thread's next message opens a new ticket of that thread; the other thread is untouched
    await db.from('tickets').where('id', tickets[1].id).update({ status: 'closed' })
    await ingest(w, message(w.whatsapp.id, number, 'B again', { thread: '<b@mail>' }))
    await waitProcessed(w.company.id)
    const after = await ticketsOf()
    assert.lengthOf(after, 3)
    assert.deepEqual([after[2].thread, after[2].status], ['<b@mail>', 'pending'])
    // a thread the pipeline cannot store is refused up front
    await assert.rejects(() => ingest(w, message(w.whatsapp.id, number, 'x', { thread: 'x'.repeat(256) })))
  })

  test('simultaneous first messages from one contact make exactly one ticket', async ({ assert }) => {
    const w = await inboxWorld()
    const number = rand()
    await Promise.all(Array.from({ length: 24 }, (_, i) => ingest(w, message(w.whatsapp.id, number, `msg ${i}`))))
    await waitProcessed(w.company.id)
    assert.deepEqual(await counts(w.company.id), { contacts: 1, tickets: 1, messages: 24 })
    const t = await db.from('tickets').where('company_id', w.company.id).firstOrFail()
    assert.equal(t.unread_messages, 24)
  })

  test('crash and restart mid-stream: nothing lost, nothing duplicated', async ({ assert }) => {
    const w = await inboxWorld()
    const numbers = Array.from({ length: 10 }, rand)
    const events = Array.from({ length: 60 }, (_, i) => message(w.whatsapp.id, numbers[i % 10], `m${i}`))

    // 1. the worker process is down: events are accepted and persisted, nothing processed yet
    await stopWorkers()
    for (const e of events.slice(0, 30)) await ingest(w, e)
    assert.equal(await pendingEvents(w.company.id), 30)
    assert.deepEqual(await counts(w.company.id), { contacts: 0, tickets: 0, messages: 0 })

    // 2. restart; every third event crashes after its writes on its first attempt (transaction rolled back)
    inbound.setFaultInjector((stored, attempt) => {
      if (attempt === 1 && stored.id % 3 === 0) throw new Error('simulated crash before commit')
    })
    await startWorkers()
    assert.equal(await inbound.recover(0), 30)
    // the rest of the stream arrives while recovering, some of it redelivered by the channel
    for (const e of events.slice(30)) await ingest(w, e)
    for (const e of events.slice(20, 40)) await ingest(w, { ...e })
    await waitProcessed(w.company.id, 30000)

    assert.deepEqual(await counts(w.company.id), { contacts: 10, tickets: 10, messages: 60 })
    const bodies = (await db.from('messages').where('company_id', w.company.id).select('body'))
      .map((r) => r.body)
      .sort()
    assert.deepEqual(bodies, events.map((e) => e.body).sort())
    const unread = await db.from('tickets').where('company_id', w.company.id).sum('unread_messages as n')
    assert.equal(Number(unread[0].n), 60)
    const failed = await db.from('inbound_events').where('company_id', w.company.id).where('status', 'failed')
    assert.lengthOf(failed, 0)
  })

  test('groups are dropped unless the connection allows them; allowed groups get a group ticket', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    await ingest(
      w,
      message(w.whatsapp.id, '1203630-grp', 'hi group', {
        contact: { number: '1203630-grp', name: 'Grupo', isGroup: true },
      })
    )
    await waitProcessed(w.company.id)
    assert.deepEqual(await counts(w.company.id), { contacts: 0, tickets: 0, messages: 0 })
    await db.from('whatsapps').where('id', w.whatsapp.id).update({ allow_group: true })
    await ingest(
      w,
      message(w.whatsapp.id, '1203630-grp', 'hi again', {
        contact: { number: '1203630-grp', name: 'Grupo', isGroup: true },
      })
    )
    await waitProcessed(w.company.id)
    const t = await db.from('tickets').where('company_id', w.company.id).firstOrFail()
    assert.equal(t.status, 'group')
    assert.isTrue(t.is_group)
  })

  test('timeCreateNewTicket reopens a recently closed ticket as pending; 0 makes a new one', async ({ assert }) => {
    const w = await inboxWorld()
    const number = rand()
    await ingest(w, message(w.whatsapp.id, number, 'first'))
    await waitProcessed(w.company.id)
    const first = await db.from('tickets').where('company_id', w.company.id).firstOrFail()
    await db.from('tickets').where('id', first.id).update({ status: 'closed' })
    await ingest(w, message(w.whatsapp.id, number, 'second'))
    await waitProcessed(w.company.id)
    assert.equal(Number((await db.from('tickets').where('company_id', w.company.id).count('* as n'))[0].n), 2)

    await db.from('tickets').where('company_id', w.company.id).update({ status: 'closed' })
    await db.from('whatsapps').where('id', w.whatsapp.id).update({ time_create_new_ticket: 10 })
    await ingest(w, message(w.whatsapp.id, number, 'third'))
    await waitProcessed(w.company.id)
    const all = await db.from('tickets').where('company_id', w.company.id).orderBy('id')
    assert.lengthOf(all, 2)
    assert.equal(all[1].status, 'pending')
  })

  test('acks only move forward; edits and deletes update the stored row', async ({ assert }) => {
    const w = await inboxWorld()
    const number = rand()
    const e = message(w.whatsapp.id, number, 'original')
    await ingest(w, e)
    await waitProcessed(w.company.id)
    await ingest(w, { ...e, kind: 'edit', body: 'edited', eventId: 'edit-1' })
    await waitProcessed(w.company.id)
    let row = await db.from('messages').where({ company_id: w.company.id, wid: e.providerMessageId }).firstOrFail()
    assert.equal(row.body, 'edited')
    assert.isTrue(row.is_edited)
    await ingest(w, { ...e, kind: 'delete', eventId: 'del-1' })
    await waitProcessed(w.company.id)
    row = await db.from('messages').where('id', row.id).firstOrFail()
    assert.isTrue(row.is_deleted)
    assert.equal(Number((await db.from('messages').where('company_id', w.company.id).count('* as n'))[0].n), 1)
  })

  test('an edit and an ack that arrive before their message wait for it instead of being lost', async ({ assert }) => {
    const w = await inboxWorld()
    const e = message(w.whatsapp.id, rand(), 'original')
    await ingest(w, { ...e, kind: 'edit', body: 'edited', eventId: 'early-edit' })
    await ingest(w, { ...e, kind: 'ack', ack: 3, eventId: 'early-ack' })
    await new Promise((r) => setTimeout(r, 300))
    await ingest(w, e)
    await waitProcessed(w.company.id, 30000)
    const row = await db.from('messages').where({ company_id: w.company.id, wid: e.providerMessageId }).firstOrFail()
    assert.equal(row.body, 'edited')
    assert.isTrue(row.is_edited)
    assert.equal(row.ack, 3)
    const events = await db.from('inbound_events').where('company_id', w.company.id).select('status')
    assert.deepEqual([...new Set(events.map((x) => x.status))], ['done'])
  })

  test('a reply processed before the message it quotes is still linked to it', async ({ assert }) => {
    const w = await inboxWorld()
    const number = rand()
    const original = message(w.whatsapp.id, number, 'pergunta')
    const reply = message(w.whatsapp.id, number, 'resposta', { quotedProviderId: original.providerMessageId })
    await ingest(w, reply)
    await waitProcessed(w.company.id)
    await ingest(w, original)
    await waitProcessed(w.company.id)
    const q = await db
      .from('messages')
      .where({ company_id: w.company.id, wid: original.providerMessageId })
      .firstOrFail()
    const r = await waitFor(async () => {
      const row = await db.from('messages').where({ company_id: w.company.id, wid: reply.providerMessageId }).first()
      return row?.quoted_msg_id ? row : null
    })
    assert.equal(r.quoted_msg_id, q.id)

    // and both at once, many times
    for (let i = 0; i < 10; i++) {
      const a = message(w.whatsapp.id, number, `a${i}`)
      const b = message(w.whatsapp.id, number, `b${i}`, { quotedProviderId: a.providerMessageId })
      await Promise.all([ingest(w, b), ingest(w, a)])
    }
    await waitProcessed(w.company.id)
    await new Promise((res) => setTimeout(res, 300))
    const unlinked = await db
      .from('messages')
      .where('company_id', w.company.id)
      .whereNotNull('quoted_wid')
      .whereNull('quoted_msg_id')
    assert.lengthOf(unlinked, 0)
  })
})
