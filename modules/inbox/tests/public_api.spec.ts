import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { onMessageReceived, onTicketChanged, type MessageReceived, type TicketChanged } from '../public/events.js'
import { closeImportedTickets, createTicket, getTicket } from '../public/tickets.js'
import { getContact } from '../public/contacts.js'
import { sendMessage } from '../public/messages.js'
import {
  inboxWorld,
  ingest,
  message,
  rand,
  recordingDriver,
  startWorkers,
  waitFor,
  waitProcessed,
} from '#tests/helpers/inbox'

test.group('inbox public API (#modules/inbox/public)', (group) => {
  group.setup(() => startWorkers())

  test('message received and ticket changed reach subscribers after the commit', async ({ assert }) => {
    const w = await inboxWorld()
    const received: MessageReceived[] = []
    const changed: TicketChanged[] = []
    const off = [
      onMessageReceived((e) => {
        if (e.companyId === w.company.id) received.push(e)
      }),
      onMessageReceived(() => {
        throw new Error('a failing listener is skipped')
      }),
      onTicketChanged((e) => {
        if (e.companyId === w.company.id) changed.push(e)
      }),
    ]
    try {
      const number = rand()
      await ingest(w, message(w.whatsapp.id, number, 'olá'))
      await waitProcessed(w.company.id)
      await waitFor(async () => received.length === 1 && changed.length >= 1)
      const e = received[0]
      assert.equal(e.body, 'olá')
      assert.isTrue(e.ticketCreated)
      assert.isFalse(e.imported)
      const row = await db.from('messages').where('id', e.messageId).first()
      assert.equal(row.ticket_id, e.ticketId)
      assert.equal(changed[0].ticketId, e.ticketId)
      assert.equal(changed[0].status, 'pending')
      // our own messages echoed by the channel are not "received"
      await ingest(w, message(w.whatsapp.id, number, 'eco', { fromMe: true }))
      await waitProcessed(w.company.id)
      await new Promise((r) => setTimeout(r, 200))
      assert.lengthOf(received, 1)
    } finally {
      off.forEach((f) => f())
    }
  }).timeout(30_000)

  test('create and read a ticket and a contact, send through the outbox, close imported tickets with logs', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    const { sent, restore } = recordingDriver()
    try {
      const [c] = await db
        .table('contacts')
        .insert({ company_id: w.company.id, name: 'Cliente', number: rand() })
        .returning('id')
      const contactId = Number(c.id ?? c)
      await tenancy.run(w.company.id, async () => {
        const contact = await getContact(contactId)
        assert.equal(contact?.name, 'Cliente')
        const first = await createTicket({ contactId, whatsappId: w.whatsapp.id })
        assert.isTrue(first.created)
        assert.equal(first.ticket.status, 'pending')
        const again = await createTicket({ contactId, whatsappId: w.whatsapp.id })
        assert.isFalse(again.created)
        assert.equal(again.ticket.id, first.ticket.id)
        assert.equal((await getTicket(first.ticket.id))?.contactId, contactId)

        const { messageId } = await sendMessage(first.ticket.id, { body: 'Olá!' })
        await waitFor(async () => sent.find((m) => m.messageId === messageId))

        const closed = await closeImportedTickets(w.whatsapp.id, { since: new Date(Date.now() - 60_000) })
        assert.deepEqual(closed, [first.ticket.id])
        assert.equal((await getTicket(first.ticket.id))?.status, 'closed')
        const logs = await db.from('ticket_logs').where({ ticket_id: first.ticket.id, type: 'closed' })
        assert.lengthOf(logs, 1)
      })
      // another company's scope sees nothing
      const other = await inboxWorld()
      await tenancy.run(other.company.id, async () => {
        assert.isNull(await getContact(contactId))
      })
    } finally {
      restore()
    }
  }).timeout(30_000)
})
