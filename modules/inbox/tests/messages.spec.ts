import { test } from '@japa/runner'
import { realtime } from '#core/realtime'
import db from '@adonisjs/lucid/services/db'
import { forgetViewers } from '../services/viewer.js'
import { outbox, OUTBOX_ATTEMPTS } from '#core/pipeline'
import { recoverOutgoing } from '../services/outbox_recovery.js'
import { jobs } from '#core/jobs'
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

async function openTicket(w: InboxWorld, userId: number) {
  const number = rand()
  await ingest(w, message(w.whatsapp.id, number, 'oi'))
  await waitProcessed(w.company.id)
  const c = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
  const t = await db.from('tickets').where({ contact_id: c.id }).firstOrFail()
  await db.from('tickets').where('id', t.id).update({ status: 'open', user_id: userId, queue_id: w.queue.id })
  return { ...t, number }
}

/** The EBML header of a webm file (DocType "webm"), what a browser's recorder starts with. */
const WEBM_HEADER = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04]),
  Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  Buffer.alloc(64),
])

test.group('messages and outbox', (group) => {
  group.each.setup(() => startWorkers())

  test('an agent text is stored at once, sent once through the outbox, and the ack updates the same row', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const driver = recordingDriver(undefined, { companyId: w.company.id })
    try {
      const t = await openTicket(w, w.admin.id)
      const r = await client.post(`/messages/${t.id}`).bearerToken(w.adminToken).json({ body: '  Olá, tudo bem?  ' })
      r.assertStatus(201)
      const stored = r.body().messages[0]
      assert.equal(stored.body, 'Olá, tudo bem?')
      assert.isTrue(stored.fromMe)
      await waitFor(async () => (await db.from('messages').where('id', stored.id).first())?.ack === 1)
      // the same message queued again (HTTP retry, restart) is not sent again
      await outbox.enqueue(w.company.id, stored.id, w.whatsapp.id)
      await outbox.send({ companyId: w.company.id, messageId: stored.id, whatsappId: w.whatsapp.id })
      await new Promise((res) => setTimeout(res, 300))
      assert.lengthOf(driver.sent, 1)
      assert.equal(driver.sent[0].to.number, t.number)
      const row = await db.from('messages').where('id', stored.id).firstOrFail()
      assert.equal(row.wid, `prov-${driver.sent[0].id}`)

      // the channel reports read: same row, ack 3; a late "delivered" does not lower it
      await ingest(w, {
        kind: 'ack',
        whatsappId: w.whatsapp.id,
        providerMessageId: row.wid,
        ack: 3,
        contact: { number: t.number },
      })
      await ingest(w, {
        kind: 'ack',
        whatsappId: w.whatsapp.id,
        providerMessageId: row.wid,
        ack: 2,
        contact: { number: t.number },
      })
      await waitProcessed(w.company.id)
      assert.equal((await db.from('messages').where('id', stored.id).firstOrFail()).ack, 3)
      // the channel's echo of our own message adds nothing
      await ingest(w, message(w.whatsapp.id, t.number, 'Olá, tudo bem?', { providerMessageId: row.wid, fromMe: true }))
      await waitProcessed(w.company.id)
      assert.equal(Number((await db.from('messages').where('ticket_id', t.id).count('* as n'))[0].n), 2)
    } finally {
      driver.restore()
    }
  })

  test('a reaction is stored quoting its target, sent once as a reaction, and leaves the preview alone', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const driver = recordingDriver(undefined, { companyId: w.company.id })
    try {
      const t = await openTicket(w, w.admin.id)
      const target = await db.from('messages').where('ticket_id', t.id).firstOrFail()
      const r = await client.post(`/messages/${target.id}/reaction`).bearerToken(w.adminToken).json({ emoji: '👍' })
      r.assertStatus(201)
      assert.equal(r.body().mediaType, 'reactionMessage')
      assert.equal(r.body().body, '👍')
      assert.equal(r.body().quotedMsgId, target.id)
      await waitFor(async () => (await db.from('messages').where('id', r.body().id).first())?.ack === 1)
      assert.lengthOf(driver.sent, 1)
      assert.equal(driver.sent[0].kind, 'reaction')
      assert.equal(driver.sent[0].targetProviderId, target.wid)
      assert.isFalse(driver.sent[0].targetFromMe)
      assert.equal((await db.from('tickets').where('id', t.id).firstOrFail()).last_message, 'oi')

      const tooLong = await client
        .post(`/messages/${target.id}/reaction`)
        .bearerToken(w.adminToken)
        .json({ emoji: 'x'.repeat(40) })
      tooLong.assertStatus(422)
      await db.from('tickets').where('id', t.id).update({ status: 'closed' })
      const closed = await client
        .post(`/messages/${target.id}/reaction`)
        .bearerToken(w.adminToken)
        .json({ emoji: '❤️' })
      closed.assertStatus(422)
      closed.assertBodyContains({ error: 'ERR_TICKET_NOT_OPEN' })
    } finally {
      driver.restore()
    }
  })

  test('a failing channel is retried with backoff, then the message shows an error state', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const driver = recordingDriver(
      (_m, attempt) => {
        throw new Error(`channel down (attempt ${attempt})`)
      },
      { companyId: w.company.id }
    )
    try {
      const t = await openTicket(w, w.admin.id)
      const r = await client.post(`/messages/${t.id}`).bearerToken(w.adminToken).json({ body: 'vai falhar' })
      const id = r.body().messages[0].id
      const job = await jobs.queue('outbox').getJob(outbox.jobId(id))
      assert.equal(job?.opts.attempts, OUTBOX_ATTEMPTS)
      assert.deepEqual(job?.opts.backoff, { type: 'exponential', delay: 1000 })
      // run the remaining attempts now instead of waiting for the backoff
      await waitFor(async () => driver.attempts.size > 0)
      const row = await waitFor(
        async () => {
          const j = await jobs.queue('outbox').getJob(outbox.jobId(id))
          if (j && (await j.isDelayed())) await j.promote()
          const m = await db.from('messages').where('id', id).first()
          return m?.send_error ? m : null
        },
        30000,
        100
      )
      assert.equal(row.ack, 0)
      assert.include(row.send_error, 'channel down')
      // keyed by this message: the recovery sweep may hand the double other tests' unsent rows too
      assert.equal(driver.attempts.get(row.wid), OUTBOX_ATTEMPTS)
    } finally {
      driver.restore()
    }
  })

  test('private, quoted, vCard and media messages; bad input is refused without writing', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const driver = recordingDriver(undefined, { companyId: w.company.id })
    try {
      const t = await openTicket(w, w.admin.id)
      const first = await db.from('messages').where('ticket_id', t.id).firstOrFail()
      const priv = await client
        .post(`/messages/${t.id}`)
        .bearerToken(w.adminToken)
        .json({ body: 'nota interna', isPrivate: true })
      priv.assertStatus(201)
      assert.isTrue(priv.body().messages[0].isPrivate)
      const quoted = await client
        .post(`/messages/${t.id}`)
        .bearerToken(w.adminToken)
        .json({ body: 'respondendo', quotedMsg: { id: first.id } })
      assert.equal(quoted.body().messages[0].quotedMsgId, first.id)
      const byUrl = await client
        .post(`/messages/${t.id}`)
        .bearerToken(w.adminToken)
        .json({ body: 'catálogo', mediaUrl: 'https://cdn.example/c/catalogo.pdf' })
      byUrl.assertStatus(201)
      assert.equal(byUrl.body().messages[0].mediaType, 'document')
      const badUrl = await client
        .post(`/messages/${t.id}`)
        .bearerToken(w.adminToken)
        .json({ body: 'x', mediaUrl: 'file:///etc/passwd' })
      badUrl.assertStatus(422)
      const card = await client
        .post(`/messages/${t.id}`)
        .bearerToken(w.adminToken)
        .json({ vCard: { name: 'João', number: '5511988887777' } })
      assert.include(card.body().messages[0].body, 'waid=5511988887777')
      assert.equal(card.body().messages[0].mediaType, 'contactMessage')
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
      const media = await client
        .post(`/messages/${t.id}`)
        .bearerToken(w.adminToken)
        .file('medias', png, { filename: 'foto.png' })
        .field('body', 'legenda')
      media.assertStatus(201)
      assert.equal(media.body().messages[0].mediaType, 'image')
      assert.match(media.body().messages[0].mediaUrl, /^\/media\//)
      await waitFor(async () => driver.sent.length === 4)
      assert.notInclude(
        driver.sent.map((m) => m.body),
        'nota interna'
      )
      assert.equal(driver.sent.find((m) => m.body === 'respondendo')?.quotedProviderId, first.wid)

      const before = Number((await db.from('messages').where('ticket_id', t.id).count('* as n'))[0].n)
      const empty = await client.post(`/messages/${t.id}`).bearerToken(w.adminToken).json({ body: '   ' })
      empty.assertStatus(422)
      const badQuote = await client
        .post(`/messages/${t.id}`)
        .bearerToken(w.adminToken)
        .json({ body: 'x', quotedMsg: { id: 999999999 } })
      badQuote.assertStatus(422)
      const exe = await client
        .post(`/messages/${t.id}`)
        .bearerToken(w.adminToken)
        .file('medias', Buffer.from('MZ'), { filename: 'x.exe' })
      exe.assertStatus(422)
      await db.from('tickets').where('id', t.id).update({ status: 'closed' })
      const closed = await client
        .post(`/messages/${t.id}`)
        .bearerToken(w.adminToken)
        .json({ body: 'depois de fechado' })
      closed.assertStatus(422)
      assert.equal(closed.body().error, 'ERR_TICKET_NOT_OPEN')
      assert.equal(Number((await db.from('messages').where('ticket_id', t.id).count('* as n'))[0].n), before)
    } finally {
      driver.restore()
    }
  })

  test('list: 20 per page, oldest first within a page, merged with earlier tickets; marks read', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const number = rand()
    const base = Date.now() - 60_000
    for (let i = 0; i < 5; i++) await ingest(w, message(w.whatsapp.id, number, `old ${i}`, { timestamp: base + i }))
    await waitProcessed(w.company.id)
    const c = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
    await db.from('tickets').where('contact_id', c.id).update({ status: 'closed', queue_id: w.queue.id })
    for (let i = 0; i < 20; i++)
      await ingest(w, message(w.whatsapp.id, number, `new ${i}`, { timestamp: base + 100 + i }))
    await waitProcessed(w.company.id)
    const current = await db.from('tickets').where('contact_id', c.id).where('status', 'pending').firstOrFail()
    await db
      .from('tickets')
      .where('id', current.id)
      .update({ status: 'open', user_id: w.admin.id, queue_id: w.queue.id })

    const p1 = await client.get(`/messages/${current.id}`).bearerToken(w.adminToken)
    p1.assertStatus(200)
    assert.lengthOf(p1.body().messages, 20)
    assert.isTrue(p1.body().hasMore)
    assert.equal(p1.body().messages[19].body, 'new 19')
    assert.equal(p1.body().messages[0].body, 'new 0')
    const p2 = await client.get(`/messages/${current.id}`).bearerToken(w.adminToken).qs({ pageNumber: 2 })
    assert.deepEqual(
      p2.body().messages.map((m: any) => m.body),
      ['old 0', 'old 1', 'old 2', 'old 3', 'old 4']
    )
    assert.isFalse(p2.body().hasMore)
    assert.equal((await db.from('tickets').where('id', current.id).firstOrFail()).unread_messages, 0)

    // another queue's agent cannot read it
    const q2 = await createQueue(w.company)
    const outsider = await agent(w, [q2.id])
    const denied = await client.get(`/messages/${current.id}`).bearerToken(outsider.token)
    denied.assertStatus(404)
  })

  test('read-only POST marks the chat read; recorded audio is audio; the answer carries the quoted message', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const driver = recordingDriver(undefined, { companyId: w.company.id })
    try {
      const t = await openTicket(w, w.admin.id)
      await ingest(w, message(w.whatsapp.id, t.number, 'mais uma'))
      await waitProcessed(w.company.id)
      assert.isAbove((await db.from('tickets').where('id', t.id).firstOrFail()).unread_messages, 0)
      const read = await client.post(`/messages/${t.id}`).bearerToken(w.adminToken).json({ read: true })
      read.assertStatus(200)
      assert.deepEqual(read.body().messages, [])
      assert.equal((await db.from('tickets').where('id', t.id).firstOrFail()).unread_messages, 0)

      const voice = await client
        .post(`/messages/${t.id}`)
        .bearerToken(w.adminToken)
        .file('medias', WEBM_HEADER, { filename: 'gravacao.webm', contentType: 'audio/webm' })
      assert.equal(voice.status(), 201, JSON.stringify(voice.body()))
      assert.equal(voice.body().messages[0].mediaType, 'audio')

      const quoted = await db.from('messages').where({ ticket_id: t.id, from_me: false }).firstOrFail()
      const reply = await client
        .post(`/messages/${t.id}`)
        .bearerToken(w.adminToken)
        .json({ body: 'respondendo', quotedMsg: { id: quoted.id } })
      reply.assertStatus(201)
      assert.equal(reply.body().messages[0].quotedMsg.id, quoted.id)
    } finally {
      driver.restore()
    }
  })

  test('delete only own messages, edit own text, forward, allMe count', async ({ client, assert }) => {
    const w = await inboxWorld()
    const driver = recordingDriver(undefined, { companyId: w.company.id })
    try {
      const a = await agent(w)
      const t = await openTicket(w, a.user.id)
      const sent = await client.post(`/messages/${t.id}`).bearerToken(a.token).json({ body: 'minha mensagem' })
      const mine = sent.body().messages[0].id
      // edits and deletes go out only for a message the channel already has
      await waitFor(async () => (await db.from('messages').where('id', mine).first())?.ack >= 1)
      const theirs = (await db.from('messages').where({ ticket_id: t.id, from_me: false }).firstOrFail()).id

      const notMine = await client.delete(`/messages/${theirs}`).bearerToken(a.token)
      notMine.assertStatus(403)
      const edited = await client.post(`/messages/edit/${mine}`).bearerToken(a.token).json({ body: 'mensagem editada' })
      edited.assertStatus(200)
      assert.isTrue(edited.body().isEdited)
      const emptyEdit = await client.post(`/messages/edit/${mine}`).bearerToken(a.token).json({ body: '' })
      emptyEdit.assertStatus(422)

      const [target] = await db
        .table('contacts')
        .insert({ company_id: w.company.id, name: 'Destino', number: rand() })
        .returning('id')
      const fwd = await client
        .post('/message/forward')
        .bearerToken(a.token)
        .json({ messageId: mine, contactId: target.id })
      fwd.assertStatus(200)
      assert.isTrue(fwd.body().isForwarded)
      const signed = await client
        .post('/message/forward')
        .bearerToken(a.token)
        .json({ messageId: mine, contactId: target.id, signMessage: true })
      signed.assertStatus(200)
      assert.isTrue(signed.body().body.startsWith(`*${a.user.name}:*\n`))
      const fwdTicket = await db.from('tickets').where('contact_id', target.id).firstOrFail()
      assert.equal(fwdTicket.status, 'open')
      assert.equal(fwdTicket.user_id, a.user.id)
      const badFwd = await client
        .post('/message/forward')
        .bearerToken(a.token)
        .json({ messageId: mine, contactId: 999999999 })
      badFwd.assertStatus(404)

      const del = await client.delete(`/messages/${mine}`).bearerToken(a.token)
      del.assertStatus(200)
      assert.isTrue((await db.from('messages').where('id', mine).firstOrFail()).is_deleted)
      // the edit and the delete reach the channel as changes to the provider's message
      const provider = (await db.from('messages').where('id', mine).firstOrFail()).wid
      const changes = await waitFor(async () => {
        const c = driver.sent.filter((m) => m.kind === 'edit' || m.kind === 'delete')
        return c.length === 2 ? c : null
      })
      assert.sameMembers(
        changes.map((m) => m.kind),
        ['edit', 'delete']
      )
      assert.isTrue(changes.every((m) => m.targetProviderId === provider))
      assert.equal(changes.find((m) => m.kind === 'edit')?.body, 'mensagem editada')

      const count = await client
        .get('/messages-allMe')
        .bearerToken(a.token)
        .qs({ fromMe: 'true', dateStart: '2000-01-01', dateEnd: '2999-01-01' })
      assert.equal(count.body().count, 3)
      const companyCount = await client.get('/messages-allMe').bearerToken(w.adminToken).qs({ fromMe: 'true' })
      assert.isAtLeast(companyCount.body().count, 2)
    } finally {
      driver.restore()
    }
  })

  test('realtime: message and ticket events reach only users allowed to see the ticket', async ({ assert }) => {
    const w = await inboxWorld()
    const q2 = await createQueue(w.company)
    const inQueue = await agent(w, [w.queue.id])
    const outside = await agent(w, [q2.id])
    const seen: { channel: string; payload: any }[] = []
    const untap = realtime.tap((channel, payload) => seen.push({ channel, payload }))
    try {
      await db.from('whatsapps').where('id', w.whatsapp.id).update({ time_create_new_ticket: 0 })
      const number = rand()
      const e = message(w.whatsapp.id, number, 'para a fila')
      await ingest(w, e)
      await waitProcessed(w.company.id)
      const c = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
      const t = await db.from('tickets').where('contact_id', c.id).firstOrFail()
      await db.from('tickets').where('id', t.id).update({ queue_id: w.queue.id })
      seen.length = 0
      forgetViewers(w.company.id)
      await ingest(w, message(w.whatsapp.id, number, 'segunda'))
      await waitProcessed(w.company.id)
      await waitFor(async () => seen.some((s) => s.payload.event === `company-${w.company.id}-appMessage`))
      const to = (event: string) =>
        seen
          .filter((s) => s.payload.event === `company-${w.company.id}-${event}`)
          .map((s) => Number(s.channel.split('/').pop()))
      assert.include(to('appMessage'), inQueue.user.id)
      assert.include(to('appMessage'), w.admin.id)
      assert.notInclude(to('appMessage'), outside.user.id)
      assert.notInclude(to('ticket'), outside.user.id)
      assert.isFalse(
        seen.some((s) => s.channel === `company/${w.company.id}` && s.payload.event.endsWith('appMessage'))
      )
    } finally {
      untap()
    }
  })

  test('a message committed but never queued (crash in between) is found by the sweep and sent once', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    const driver = recordingDriver(undefined, { companyId: w.company.id })
    try {
      const t = await openTicket(w, w.admin.id)
      const [row] = await db
        .table('messages')
        .insert({
          company_id: w.company.id,
          ticket_id: t.id,
          contact_id: t.contact_id,
          whatsapp_id: w.whatsapp.id,
          user_id: w.admin.id,
          wid: `BAL${Date.now()}`,
          body: 'ficou sem fila',
          from_me: true,
          ack: 0,
          created_at: new Date(Date.now() - 60_000),
        })
        .returning('id')
      assert.isAtLeast(await recoverOutgoing(), 1)
      await recoverOutgoing()
      await waitFor(async () => (await db.from('messages').where('id', row.id).first())?.ack === 1)
      await recoverOutgoing()
      await new Promise((r) => setTimeout(r, 300))
      assert.lengthOf(
        driver.sent.filter((m) => m.body === 'ficou sem fila'),
        1
      )
    } finally {
      driver.restore()
    }
  })
})
