import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { realtime } from '#core/realtime'
import { onMessageReceived } from '../public/events.js'
import { batchStats } from '../services/inbound_batch.js'
import {
  createQueue,
  inboxWorld,
  ingest,
  message,
  rand,
  startWorkers,
  stopWorkers,
  waitFor,
  waitProcessed,
  type InboxWorld,
} from '#tests/helpers/inbox'

/** A contact whose ticket an agent holds (the set-wise path's case). */
async function heldTicket(w: InboxWorld) {
  const number = rand()
  await ingest(w, message(w.whatsapp.id, number, 'oi'))
  await waitProcessed(w.company.id)
  const c = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
  const t = await db.from('tickets').where({ contact_id: c.id }).firstOrFail()
  await db
    .from('tickets')
    .where('id', t.id)
    .update({ status: 'open', user_id: w.admin.id, queue_id: w.queue.id, unread_messages: 0 })
  return { number, ticketId: Number(t.id) }
}

test.group('inbound pipeline: the set-wise path', (group) => {
  group.each.setup(() => startWorkers())

  test('a burst on agent-held tickets is stored set-wise: once each, in order, same counts and events', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    const held = [await heldTicket(w), await heldTicket(w)]
    const pendingNumber = rand()
    const received: number[] = []
    const stopListening = onMessageReceived(async (e) => {
      if (e.companyId === w.company.id) received.push(e.messageId)
    })
    const events: any[] = []
    const stopTap = realtime.tap((_channel, payload) => {
      if (payload.event === `company-${w.company.id}-appMessage` || payload.event === `company-${w.company.id}-ticket`)
        events.push(payload)
    })
    try {
      await stopWorkers()
      const before = batchStats.events
      const burst = held.flatMap((h) =>
        Array.from({ length: 15 }, (_, i) => message(w.whatsapp.id, h.number, `${h.number} mensagem ${i}`))
      )
      for (const e of burst) await ingest(w, e)
      // redelivered by the channel: no-ops
      for (const e of burst.slice(0, 5)) await ingest(w, { ...e })
      // a contact without a ticket, in the same batch: its first message starts the conversation,
      // the engine decides, then each of the next two in a round of its own
      for (let i = 0; i < 3; i++) await ingest(w, message(w.whatsapp.id, pendingNumber, `novo ${i}`))
      await startWorkers()
      await waitProcessed(w.company.id)
      // the held tickets' 30, and the new conversation's three
      assert.equal(batchStats.events - before, 33)

      for (const h of held) {
        const rows = await db.from('messages').where('ticket_id', h.ticketId).orderBy('id')
        const bodies = rows.map((r) => r.body).filter((b) => b.includes('mensagem'))
        assert.deepEqual(
          bodies,
          Array.from({ length: 15 }, (_, i) => `${h.number} mensagem ${i}`)
        )
        const t = await db.from('tickets').where('id', h.ticketId).firstOrFail()
        assert.equal(t.unread_messages, 15)
        assert.equal(t.last_message, `${h.number} mensagem 14`)
        assert.equal(t.status, 'open')
      }
      const fresh = await db
        .from('tickets')
        .join('contacts', 'contacts.id', 'tickets.contact_id')
        .where('contacts.number', pendingNumber)
        .select('tickets.unread_messages')
        .firstOrFail()
      assert.equal(fresh.unread_messages, 3)
      // a realtime message event and an onMessageReceived for each message stored set-wise
      const stored = await db
        .from('messages')
        .whereIn(
          'ticket_id',
          held.map((h) => h.ticketId)
        )
        .where('body', 'like', '%mensagem%')
        .select('id')
      // effects run after the commit: wait for them
      await waitFor(async () => stored.every((m) => received.includes(Number(m.id))))
      const announced = new Set(events.filter((e) => e.action === 'create').map((e) => Number(e.message?.id)))
      for (const m of stored) {
        assert.isTrue(announced.has(Number(m.id)), `realtime event of message ${m.id}`)
        assert.include(received, Number(m.id))
      }
      assert.lengthOf(stored, 30)
    } finally {
      stopListening()
      stopTap()
    }
  }).timeout(60000)

  test('new conversations started set-wise end as they do one by one: contacts, tickets, logs, messages, the bot', async ({
    assert,
  }) => {
    // the same script on two companies: one event per batch (one by one), and all in one batch
    const script = (w: InboxWorld, numbers: string[]) => [
      ...numbers.flatMap((n, i) => [
        message(w.whatsapp.id, n, `${i} primeira`, { contact: { number: n, name: i === 1 ? '' : `Pessoa ${i}` } }),
        message(w.whatsapp.id, n, `${i} segunda`, { contact: { number: n, name: `Pessoa ${i}` } }),
      ]),
    ]
    const outcome = async (w: InboxWorld, numbers: string[]) => {
      const out = []
      for (const n of numbers) {
        const contacts = await db.from('contacts').where({ company_id: w.company.id, number: n })
        const tickets = await db.from('tickets').whereIn(
          'contact_id',
          contacts.map((c) => c.id)
        )
        const logs = await db
          .from('ticket_logs')
          .whereIn(
            'ticket_id',
            tickets.map((t) => t.id)
          )
          .orderBy('id')
        const messages = await db
          .from('messages')
          .whereIn(
            'ticket_id',
            tickets.map((t) => t.id)
          )
          .orderBy('id')
        out.push({
          contacts: contacts.map((c) => c.name.replace(n, 'N')),
          tickets: tickets.map((t) => [
            t.status,
            t.queue_id === w.queue.id,
            t.unread_messages,
            t.last_message,
            t.is_bot,
          ]),
          logs: logs.map((l) => l.type),
          messages: messages.map((m) => [m.from_me, m.body]),
        })
      }
      return out
    }
    const known = rand()
    const again = rand()
    const prepare = async (w: InboxWorld) => {
      // a contact known by its number only: the first name an event brings names it
      await db.table('contacts').insert({ company_id: w.company.id, number: known, name: known, channel: 'whatsapp' })
      // a conversation closed since; the channel delivers its last message again, then a new one
      const last = message(w.whatsapp.id, again, 'até logo')
      await ingest(w, last)
      await waitProcessed(w.company.id)
      await db.from('tickets').where('company_id', w.company.id).update({ status: 'closed' })
      // past the ingest's own duplicate check (its rows are purged after a while)
      await db.from('inbound_events').where('company_id', w.company.id).delete()
      return { numbers: [known, rand(), rand(), rand()], again: [{ ...last }, message(w.whatsapp.id, again, 'voltei')] }
    }

    const one = await inboxWorld()
    const { numbers: oneNumbers, again: oneAgain } = await prepare(one)
    for (const e of [...script(one, oneNumbers), ...oneAgain]) {
      await ingest(one, e)
      await waitProcessed(one.company.id)
    }

    const many = await inboxWorld()
    const { numbers: manyNumbers, again: manyAgain } = await prepare(many)
    await stopWorkers()
    const before = batchStats.started
    const events = script(many, manyNumbers)
    for (const e of [...events, ...manyAgain]) await ingest(many, e)
    await ingest(many, { ...events[0] }) // redelivered: a no-op
    await startWorkers()
    await waitProcessed(many.company.id)
    assert.equal(batchStats.started - before, manyNumbers.length)

    const expected = await outcome(one, oneNumbers)
    assert.deepEqual(await outcome(many, manyNumbers), expected)
    // the redelivered message is not stored twice; the new one opens a ticket as one by one does
    const [back] = await outcome(many, [again])
    assert.deepEqual(back, (await outcome(one, [again]))[0])
    assert.deepEqual(
      back.messages.map((m) => m[1]),
      ['até logo', 'voltei']
    )
    // what both paths did: one contact and one pending ticket each, in the connection's only queue, both messages
    for (const [i, o] of expected.entries()) {
      assert.lengthOf(o.contacts, 1)
      assert.equal(o.contacts[0], `Pessoa ${i}`)
      assert.lengthOf(o.tickets, 1)
      assert.include(o.logs, 'create')
      assert.includeDeepMembers(o.messages, [
        [false, `${i} primeira`],
        [false, `${i} segunda`],
      ])
    }
  }).timeout(90000)

  test("follow-ups on the bot's tickets: one message a ticket per round, the engine between, as one by one", async ({
    assert,
  }) => {
    // a menu of two queues: the engine answers, routes on a choice, and the message after a
    // choice is stored in the chosen queue
    const world = async () => {
      const w = await inboxWorld()
      await db.from('queues').where('id', w.queue.id).update({ name: 'Vendas' })
      const second = await createQueue(w.company, 'Suporte')
      await db.table('whatsapp_queues').insert({ whatsapp_id: w.whatsapp.id, queue_id: second.id })
      await db.from('whatsapps').where('id', w.whatsapp.id).update({ greeting_message: 'Olá!' })
      return { w, queues: [w.queue.id, second.id] }
    }
    const numbers = [rand(), rand(), rand()]
    const starts = (w: InboxWorld) => numbers.map((n) => message(w.whatsapp.id, n, 'oi'))
    const followUps = (w: InboxWorld) =>
      numbers.flatMap((n, i) =>
        [
          ['2', 'quero suporte'],
          ['qualquer coisa', '1'],
          ['1', 'obrigado'],
        ][i].map((b) => message(w.whatsapp.id, n, b))
      )
    const outcome = async (w: InboxWorld, queues: number[]) => {
      const out = []
      for (const n of numbers) {
        const c = await db.from('contacts').where({ company_id: w.company.id, number: n }).firstOrFail()
        const t = await db.from('tickets').where('contact_id', c.id).firstOrFail()
        const messages = await db.from('messages').where('ticket_id', t.id).orderBy('id')
        const logs = await db.from('ticket_logs').where('ticket_id', t.id).orderBy('id')
        out.push({
          ticket: [t.status, queues.indexOf(t.queue_id), t.unread_messages, t.last_message, t.is_bot],
          messages: messages.map((m) => [m.from_me, m.body, queues.indexOf(m.queue_id)]),
          logs: logs.map((l) => [l.type, queues.indexOf(l.queue_id)]),
        })
      }
      return out
    }

    // events are dated when made: both companies' follow-ups are made after their starts were answered
    const one = await world()
    for (const e of starts(one.w)) await ingest(one.w, e)
    await waitProcessed(one.w.company.id)
    for (const e of followUps(one.w)) {
      await ingest(one.w, e)
      await waitProcessed(one.w.company.id)
    }

    const many = await world()
    for (const e of starts(many.w)) await ingest(many.w, e)
    await waitProcessed(many.w.company.id)
    await stopWorkers()
    const before = batchStats.events
    for (const e of followUps(many.w)) await ingest(many.w, e)
    await startWorkers()
    await waitProcessed(many.w.company.id)
    // every follow-up set-wise: each ticket's first in a round, the engine decides, its second in the next
    assert.equal(batchStats.events - before, 2 * numbers.length)

    const expected = await outcome(one.w, one.queues)
    assert.deepEqual(await outcome(many.w, many.queues), expected)
    // what both did: "2" and "1" route, the message after it is in that queue; a wrong choice gets the menu again
    assert.deepEqual(
      expected.map((o) => o.ticket[1]),
      [1, 0, 0]
    )
    assert.deepEqual(expected[0].messages.at(-1), [false, 'quero suporte', 1])
    assert.deepEqual(expected[2].messages.at(-1), [false, 'obrigado', 0])
    assert.isAbove(expected[1].messages.filter((m) => m[0] === true).length, 1)
  }).timeout(90000)

  test("a message outside any thread never lands in the contact's e-mail thread ticket", async ({ assert }) => {
    const w = await inboxWorld()
    const h = await heldTicket(w)
    // the agent's ticket belongs to an e-mail thread: a text outside it is another conversation
    await db.from('tickets').where('id', h.ticketId).update({ thread: 'pedido-42' })
    await stopWorkers()
    await ingest(w, message(w.whatsapp.id, h.number, 'fora do fio 1'))
    await ingest(w, message(w.whatsapp.id, h.number, 'fora do fio 2'))
    await startWorkers()
    await waitProcessed(w.company.id)
    const threaded = await db.from('messages').where('ticket_id', h.ticketId).where('body', 'like', 'fora%')
    assert.lengthOf(threaded, 0)
    const t = await db
      .from('tickets')
      .where('contact_id', (await db.from('tickets').where('id', h.ticketId).firstOrFail()).contact_id)
      .whereNull('thread')
      .firstOrFail()
    const rows = await db.from('messages').where('ticket_id', t.id).orderBy('id')
    assert.deepEqual(
      rows.filter((r) => !r.from_me).map((r) => r.body),
      ['fora do fio 1', 'fora do fio 2']
    )
  }).timeout(60000)

  test('a contact with anything but plain text in the batch goes one by one (order kept)', async ({ assert }) => {
    const w = await inboxWorld()
    const h = await heldTicket(w)
    await stopWorkers()
    const before = batchStats.events
    await ingest(w, message(w.whatsapp.id, h.number, 'primeira'))
    await ingest(w, message(w.whatsapp.id, h.number, '', { mediaType: 'image', body: '' } as any))
    await ingest(w, message(w.whatsapp.id, h.number, 'terceira'))
    await startWorkers()
    await waitProcessed(w.company.id)
    assert.equal(batchStats.events - before, 0)
    const rows = await db.from('messages').where('ticket_id', h.ticketId).orderBy('id')
    assert.deepEqual(
      rows.slice(-3).map((r) => r.body || r.media_type),
      ['primeira', 'image', 'terceira']
    )
  }).timeout(60000)
})
