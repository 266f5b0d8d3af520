import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { whatsappRuntime } from '../runtime.js'
import { whatsappIdFor } from '../outbound/build_content.js'
import { connected, startWorkers, stopAllSessions, waWorld, waitFor } from './fixtures/world.js'
import { waMessage } from './fixtures/fake_socket.js'

const PERSON = '5511987650000'

test.group('agent reply round trip: inbox → outbox → WhatsApp → acks', (group) => {
  group.setup(() => startWorkers())
  group.each.teardown(async () => {
    whatsappRuntime.useSupervisor(null)
    await stopAllSessions()
  })

  test('a reply is sent once with a stable id, its echo is not duplicated, and acks move it forward', async ({
    client,
    assert,
  }) => {
    const w = await waWorld()
    const sock = await connected(w)
    whatsappRuntime.useSupervisor(w.supervisor)
    try {
      sock.upsert([waMessage(PERSON, { conversation: 'Preciso de ajuda' }, { id: 'IN-1' })])
      const inbound = await waitFor(async () =>
        db.from('messages').where({ whatsapp_id: w.whatsapp.id, wid: 'IN-1' }).first()
      )
      await db.from('tickets').where('id', inbound.ticket_id).update({ status: 'open', user_id: w.admin.id })

      const r = await client
        .post(`/messages/${inbound.ticket_id}`)
        .bearerToken(w.adminToken)
        .json({ body: 'Olá! Como posso ajudar?' })
      assert.isBelow(r.status(), 300, r.text())
      await waitFor(async () => sock.sent.some((s) => s.content.text === 'Olá! Como posso ajudar?'))
      const sent = sock.sent.find((s) => s.content.text === 'Olá! Como posso ajudar?')!
      assert.equal(sent.jid, `${PERSON}@s.whatsapp.net`)
      const row = await waitFor(async () =>
        db.from('messages').where({ ticket_id: inbound.ticket_id, from_me: true }).where('ack', '>=', 1).first()
      )
      assert.equal(row.wid, sent.options.messageId)
      assert.match(row.wid, /^3EB0/)
      assert.notEqual(row.wid, whatsappIdFor('something-else'))

      // WhatsApp echoes our own message and then reports delivery and reading
      sock.upsert(
        [waMessage(PERSON, { conversation: 'Olá! Como posso ajudar?' }, { id: row.wid, fromMe: true })],
        'append'
      )
      sock.update([
        { key: { id: row.wid, remoteJid: `${PERSON}@s.whatsapp.net`, fromMe: true }, update: { status: 3 } },
      ])
      sock.update([
        { key: { id: row.wid, remoteJid: `${PERSON}@s.whatsapp.net`, fromMe: true }, update: { status: 4 } },
      ])
      await waitFor(async () => (await db.from('messages').where('id', row.id).first()).ack === 3)
      const mine = await db.from('messages').where({ ticket_id: inbound.ticket_id, from_me: true })
      assert.lengthOf(mine, 1)
      assert.lengthOf(
        sock.sent.filter((s) => s.content.text === 'Olá! Como posso ajudar?'),
        1
      )
    } finally {
      await w.supervisor.close()
    }
  }).timeout(30_000)
})
