import { test } from '@japa/runner'
import { createPlan, createTenant, createUser } from '#tests/helpers/world'
import { seedTicket } from '#modules/inbox/tests/fixtures'
import { aChat } from './fixtures.js'

const unreadOf = (chat: any, userId: number) => chat.users.find((u: any) => u.userId === userId)?.unreads

test.group('chats: the calls of spec 3 §7', () => {
  test('a user creates a chat with colleagues; members list, open (by id or uuid) and search it', async ({
    client,
    assert,
  }) => {
    const t = await createTenant()
    const ana = await createUser(t.company, { name: 'Ana Souza' })
    const bruno = await createUser(t.company, { name: 'Bruno Lima' })
    const outsider = await createUser(t.company, { name: 'Carla Dias' })

    const created = await client
      .post('/chats')
      .bearerToken(ana.token)
      .json({ title: '  Plantão de sábado ', users: [{ id: bruno.user.id, name: 'Bruno Lima' }] })
    created.assertStatus(201)
    const chat = created.body()
    assert.equal(chat.title, 'Plantão de sábado')
    assert.equal(chat.ownerId, ana.user.id)
    assert.match(chat.uuid, /^[0-9a-f-]{36}$/)
    assert.sameMembers(
      chat.users.map((u: any) => u.userId),
      [ana.user.id, bruno.user.id]
    )
    assert.equal(chat.users.find((u: any) => u.userId === bruno.user.id).user.name, 'Bruno Lima')

    // members see it; a colleague who is not a member (even the admin) does not
    for (const token of [ana.token, bruno.token]) {
      const list = await client.get('/chats').qs({ pageNumber: 1 }).bearerToken(token)
      assert.deepEqual(
        list.body().records.map((c: any) => c.id),
        [chat.id]
      )
      assert.equal(list.body().count, 1)
      assert.isFalse(list.body().hasMore)
    }
    for (const token of [outsider.token, t.adminToken]) {
      assert.lengthOf((await client.get('/chats').bearerToken(token)).body().records, 0)
      const denied = await client.get(`/chats/${chat.id}`).bearerToken(token)
      denied.assertStatus(404)
      assert.equal(denied.body().error, 'ERR_NO_CHAT_FOUND')
    }

    ;(await client.get(`/chats/${chat.uuid}`).bearerToken(bruno.token)).assertBodyContains({ id: chat.id })
    ;(await client.get(`/chats/${chat.id}`).bearerToken(bruno.token)).assertBodyContains({ uuid: chat.uuid })

    const found = await client.get('/chats').qs({ searchParam: 'SÁBADO' }).bearerToken(ana.token)
    assert.lengthOf(found.body().records, 1)
    const none = await client.get('/chats').qs({ searchParam: 'domingo' }).bearerToken(ana.token)
    assert.lengthOf(none.body().records, 0)
    // wildcards are text
    assert.lengthOf((await client.get('/chats').qs({ searchParam: '%' }).bearerToken(ana.token)).body().records, 0)
  })

  test('the list pages by 20, the most recently active chat first', async ({ client, assert }) => {
    const t = await createTenant()
    const other = await createUser(t.company)
    for (let i = 1; i <= 22; i++) await aChat(t.company.id, t.admin.id, [other.user.id], `Sala ${i}`)
    const first = await client.get('/chats').qs({ pageNumber: 1 }).bearerToken(t.adminToken)
    assert.lengthOf(first.body().records, 20)
    assert.equal(first.body().count, 22)
    assert.isTrue(first.body().hasMore)
    assert.equal(first.body().records[0].title, 'Sala 22')
    const second = await client.get('/chats').qs({ pageNumber: 2 }).bearerToken(t.adminToken)
    assert.deepEqual(
      second.body().records.map((c: any) => c.title),
      ['Sala 2', 'Sala 1']
    )
    assert.isFalse(second.body().hasMore)

    // a new message moves its chat to the top
    const sala1 = second.body().records[1]
    ;(await client.post(`/chats/${sala1.id}/messages`).bearerToken(other.token).json({ message: 'oi' })).assertStatus(
      201
    )
    const top = await client.get('/chats').bearerToken(t.adminToken)
    assert.equal(top.body().records[0].id, sala1.id)
    assert.equal(top.body().records[0].lastMessage, 'oi')
  })

  test('a title and at least one user of the same company are required', async ({ client, assert }) => {
    const t = await createTenant()
    const other = await createTenant()
    const colleague = await createUser(t.company)
    const stranger = await createUser(other.company)
    for (const body of [
      { title: '', users: [colleague.user.id] },
      { title: '   ', users: [colleague.user.id] },
      { title: 'x'.repeat(101), users: [colleague.user.id] },
      { title: 'Sem ninguém', users: [] },
      { title: 'Sem lista' },
      { title: 'Ids ruins', users: ['abc'] },
      { title: 'Ids ruins', users: [-1] },
      { users: [colleague.user.id] },
    ]) {
      const r = await client.post('/chats').bearerToken(t.adminToken).json(body)
      r.assertStatus(422)
      assert.equal(r.body().error, 'ERR_VALIDATION', JSON.stringify(body))
    }
    // another company's user id (or an id that does not exist) is refused, and nothing is created
    for (const users of [[stranger.user.id], [colleague.user.id, stranger.user.id], [2147483000]]) {
      const r = await client.post('/chats').bearerToken(t.adminToken).json({ title: 'Mista', users })
      r.assertStatus(404)
      assert.equal(r.body().error, 'ERR_CHAT_USER_NOT_FOUND')
    }
    assert.lengthOf((await client.get('/chats').bearerToken(t.adminToken)).body().records, 0)
    // unknown ids of any shape are 404, never 500
    for (const id of ['abc', '0', '99999999999', '2147483647', 'not-a-uuid', '6f1c1b2a-0000-4000-8000-000000000000']) {
      const r = await client.get(`/chats/${id}`).bearerToken(t.adminToken)
      r.assertStatus(404)
      assert.equal(r.body().error, 'ERR_NO_CHAT_FOUND')
    }
  })

  test('only the owner edits or deletes; members get 403, non-members 404 (spec 3 §6)', async ({ client, assert }) => {
    const t = await createTenant()
    const owner = await createUser(t.company, { name: 'Dono' })
    const member = await createUser(t.company, { name: 'Membro' })
    const chat = await aChat(t.company.id, owner.user.id, [member.user.id], 'Original')

    for (const r of [
      await client.put(`/chats/${chat.id}`).bearerToken(member.token).json({ title: 'Tomado' }),
      await client.delete(`/chats/${chat.id}`).bearerToken(member.token),
    ]) {
      r.assertStatus(403)
      assert.equal(r.body().error, 'ERR_CHAT_OWNER_ONLY')
    }
    // the company admin is not a member: the chat does not exist for them
    ;(await client.put(`/chats/${chat.id}`).bearerToken(t.adminToken).json({ title: 'Admin' })).assertStatus(404)
    ;(await client.delete(`/chats/${chat.id}`).bearerToken(t.adminToken)).assertStatus(404)
    assert.equal((await client.get(`/chats/${chat.id}`).bearerToken(member.token)).body().title, 'Original')

    const renamed = await client.put(`/chats/${chat.uuid}`).bearerToken(owner.token).json({ title: 'Renomeado' })
    renamed.assertStatus(200)
    assert.equal(renamed.body().title, 'Renomeado')
    ;(await client.put(`/chats/${chat.id}`).bearerToken(owner.token).json({ title: '' })).assertStatus(422)
    ;(await client.delete(`/chats/${chat.id}`).bearerToken(owner.token)).assertStatus(204)
    ;(await client.get(`/chats/${chat.id}`).bearerToken(owner.token)).assertStatus(404)
    ;(await client.get(`/chats/${chat.id}/messages`).bearerToken(member.token)).assertStatus(404)
  })

  test('the owner changes the members; a removed member loses the chat at once, the owner always stays', async ({
    client,
    assert,
  }) => {
    const t = await createTenant()
    const other = await createTenant()
    const bruno = await createUser(t.company)
    const carla = await createUser(t.company)
    const stranger = await createUser(other.company)
    const chat = await aChat(t.company.id, t.admin.id, [bruno.user.id])

    // the owner is not in the new list: kept anyway; carla in, bruno out
    const r = await client
      .put(`/chats/${chat.id}`)
      .bearerToken(t.adminToken)
      .json({ users: [carla.user.id] })
    r.assertStatus(200)
    assert.sameMembers(
      r.body().users.map((u: any) => u.userId),
      [t.admin.id, carla.user.id]
    )
    ;(await client.get(`/chats/${chat.id}`).bearerToken(bruno.token)).assertStatus(404)
    ;(await client.get(`/chats/${chat.id}/messages`).bearerToken(bruno.token)).assertStatus(404)
    ;(
      await client.post(`/chats/${chat.id}/messages`).bearerToken(bruno.token).json({ message: 'ainda?' })
    ).assertStatus(404)
    ;(await client.post(`/chats/${chat.id}/read`).bearerToken(bruno.token)).assertStatus(404)
    assert.lengthOf((await client.get('/chats').bearerToken(bruno.token)).body().records, 0)
    ;(await client.get(`/chats/${chat.id}`).bearerToken(carla.token)).assertStatus(200)

    // another company's user cannot be added; the members stay as they were
    const mixed = await client
      .put(`/chats/${chat.id}`)
      .bearerToken(t.adminToken)
      .json({ users: [carla.user.id, stranger.user.id] })
    mixed.assertStatus(404)
    assert.equal(mixed.body().error, 'ERR_CHAT_USER_NOT_FOUND')
    const shown = await client.get(`/chats/${chat.id}`).bearerToken(t.adminToken)
    assert.sameMembers(
      shown.body().users.map((u: any) => u.userId),
      [t.admin.id, carla.user.id]
    )
  })

  test('without useInternalChat in the plan every call answers 403 ERR_PLAN_FEATURE_DISABLED', async ({
    client,
    assert,
  }) => {
    const t = await createTenant({ plan: await createPlan({ useInternalChat: false } as any) })
    const colleague = await createUser(t.company)
    const chat = await aChat(t.company.id, t.admin.id, [colleague.user.id])
    for (const r of [
      await client.get('/chats').bearerToken(t.adminToken),
      await client
        .post('/chats')
        .bearerToken(t.adminToken)
        .json({ title: 'x', users: [colleague.user.id] }),
      await client.get(`/chats/${chat.id}/messages`).bearerToken(t.adminToken),
      await client.post(`/chats/${chat.id}/messages`).bearerToken(t.adminToken).json({ message: 'oi' }),
      await client.post(`/chats/${chat.id}/read`).bearerToken(t.adminToken),
      await client.delete(`/chats/${chat.id}`).bearerToken(t.adminToken),
    ]) {
      r.assertStatus(403)
      assert.equal(r.body().error, 'ERR_PLAN_FEATURE_DISABLED')
    }
  })
})

test.group('chats: messages, unread counts and mentions', () => {
  test('members send and page messages; blank messages are refused', async ({ client, assert }) => {
    const t = await createTenant()
    const bruno = await createUser(t.company, { name: 'Bruno Lima' })
    const chat = await aChat(t.company.id, t.admin.id, [bruno.user.id])

    for (const message of ['', '   ', '\n\t', null, 42]) {
      const r = await client.post(`/chats/${chat.id}/messages`).bearerToken(t.adminToken).json({ message })
      r.assertStatus(422)
      assert.equal(r.body().error, 'ERR_VALIDATION')
    }
    ;(
      await client
        .post(`/chats/${chat.id}/messages`)
        .bearerToken(t.adminToken)
        .json({ message: 'x'.repeat(5001) })
    ).assertStatus(422)

    for (let i = 1; i <= 25; i++) {
      const token = i % 2 ? t.adminToken : bruno.token
      const r = await client
        .post(`/chats/${chat.id}/messages`)
        .bearerToken(token)
        .json({ message: ` msg ${i} ` })
      r.assertStatus(201)
      assert.equal(r.body().message, `msg ${i}`)
    }
    const page1 = await client.get(`/chats/${chat.id}/messages`).qs({ pageNumber: 1 }).bearerToken(bruno.token)
    assert.equal(page1.body().count, 25)
    assert.isTrue(page1.body().hasMore)
    // the newest 20, oldest first
    assert.deepEqual(
      page1.body().records.map((m: any) => m.message),
      Array.from({ length: 20 }, (_, i) => `msg ${i + 6}`)
    )
    const last = page1.body().records.at(-1)
    assert.equal(last.senderId, t.admin.id)
    assert.equal(last.sender.name, t.admin.name)
    assert.equal(last.chatId, chat.id)
    assert.isString(last.createdAt)
    const page2 = await client.get(`/chats/${chat.id}/messages`).qs({ pageNumber: 2 }).bearerToken(bruno.token)
    assert.deepEqual(
      page2.body().records.map((m: any) => m.message),
      ['msg 1', 'msg 2', 'msg 3', 'msg 4', 'msg 5']
    )
    assert.isFalse(page2.body().hasMore)
  })

  test('unread counts live on the server: sends count for the others, read resets only the caller', async ({
    client,
    assert,
  }) => {
    const t = await createTenant()
    const bruno = await createUser(t.company)
    const carla = await createUser(t.company)
    const chat = await aChat(t.company.id, t.admin.id, [bruno.user.id, carla.user.id])

    for (const message of ['um', 'dois', 'três'])
      (await client.post(`/chats/${chat.id}/messages`).bearerToken(t.adminToken).json({ message })).assertStatus(201)
    let shown = (await client.get(`/chats/${chat.id}`).bearerToken(bruno.token)).body()
    assert.equal(unreadOf(shown, bruno.user.id), 3)
    assert.equal(unreadOf(shown, carla.user.id), 3)
    assert.equal(unreadOf(shown, t.admin.id), 0)

    // bruno answers: his count goes to 0 (he has read up to his message), the others count one more
    ;(await client.post(`/chats/${chat.id}/messages`).bearerToken(bruno.token).json({ message: 'ok' })).assertStatus(
      201
    )
    shown = (await client.get(`/chats/${chat.id}`).bearerToken(carla.token)).body()
    assert.equal(unreadOf(shown, bruno.user.id), 0)
    assert.equal(unreadOf(shown, carla.user.id), 4)
    assert.equal(unreadOf(shown, t.admin.id), 1)

    // read: the spec's client sends its userId; someone else's id never resets that person's count
    const read = await client.post(`/chats/${chat.id}/read`).bearerToken(t.adminToken).json({ userId: carla.user.id })
    read.assertStatus(200)
    assert.equal(unreadOf(read.body(), t.admin.id), 0)
    assert.equal(unreadOf(read.body(), carla.user.id), 4)
    ;(
      await client.post(`/chats/${chat.uuid}/read`).bearerToken(carla.token).json({ userId: carla.user.id })
    ).assertStatus(200)
    shown = (await client.get(`/chats/${chat.id}`).bearerToken(carla.token)).body()
    assert.equal(unreadOf(shown, carla.user.id), 0)
  })

  test('concurrent sends never lose a count (one set-wise increment per send, in its transaction)', async ({
    client,
    assert,
  }) => {
    const t = await createTenant()
    const bruno = await createUser(t.company)
    const carla = await createUser(t.company)
    const chat = await aChat(t.company.id, t.admin.id, [bruno.user.id, carla.user.id])
    const sends = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client
          .post(`/chats/${chat.id}/messages`)
          .bearerToken(i % 2 ? t.adminToken : bruno.token)
          .json({ message: `m${i}` })
      )
    )
    for (const r of sends) r.assertStatus(201)
    const shown = (await client.get(`/chats/${chat.id}`).bearerToken(carla.token)).body()
    assert.equal(unreadOf(shown, carla.user.id), 12)
    const messages = await client.get(`/chats/${chat.id}/messages`).bearerToken(carla.token)
    assert.equal(messages.body().count, 12)
  })

  test('@name of a member is a mention; names of non-members and the sender are not', async ({ client, assert }) => {
    const t = await createTenant()
    const ana = await createUser(t.company, { name: 'Ana' })
    const anaSouza = await createUser(t.company, { name: 'Ana Souza' })
    const outsider = await createUser(t.company, { name: 'Zé Fora' })
    const chat = await aChat(t.company.id, t.admin.id, [ana.user.id, anaSouza.user.id])

    const send = async (token: string, message: string) =>
      (await client.post(`/chats/${chat.id}/messages`).bearerToken(token).json({ message })).body().mentions
    assert.deepEqual(await send(t.adminToken, 'Bom dia @ana souza, tudo bem?'), [anaSouza.user.id])
    assert.sameMembers(await send(t.adminToken, '@Ana e @Ana Souza: reunião'), [ana.user.id, anaSouza.user.id])
    assert.deepEqual(await send(t.adminToken, 'email ana@Anatomia.com e @Zé Fora'), [])
    assert.deepEqual(await send(ana.token, 'eu mesma, @Ana'), [])
    void outsider
    const page = await client.get(`/chats/${chat.id}/messages`).bearerToken(ana.token)
    assert.deepEqual(page.body().records[0].mentions, [anaSouza.user.id])
  })

  test('a member mutes a chat for themselves only; the switch is validated', async ({ client, assert }) => {
    const t = await createTenant()
    const bruno = await createUser(t.company)
    const chat = await aChat(t.company.id, t.admin.id, [bruno.user.id])
    const muted = await client.post(`/chats/${chat.id}/mute`).bearerToken(bruno.token).json({ muted: true })
    muted.assertStatus(200)
    const mine = (c: any, id: number) => c.users.find((u: any) => u.userId === id)
    assert.isTrue(mine(muted.body(), bruno.user.id).muted)
    assert.isFalse(mine(muted.body(), t.admin.id).muted)
    for (const body of [{}, { muted: 'talvez' }]) {
      const r = await client.post(`/chats/${chat.id}/mute`).bearerToken(bruno.token).json(body)
      r.assertStatus(422)
    }
    const back = await client.post(`/chats/${chat.id}/mute`).bearerToken(bruno.token).json({ muted: false })
    assert.isFalse(mine(back.body(), bruno.user.id).muted)
    const outsider = await createUser(t.company)
    ;(await client.post(`/chats/${chat.id}/mute`).bearerToken(outsider.token).json({ muted: true })).assertStatus(404)
  })

  test('sends and typing signals are limited per user (429 ERR_TOO_MANY_REQUESTS)', async ({ client, assert }) => {
    const t = await createTenant()
    const bruno = await createUser(t.company)
    const chat = await aChat(t.company.id, t.admin.id, [bruno.user.id])
    let last: any
    for (let i = 0; i < 41; i++) last = await client.post(`/chats/${chat.id}/typing`).bearerToken(bruno.token)
    last.assertStatus(429)
    assert.equal(last.body().error, 'ERR_TOO_MANY_REQUESTS')
    // another user's allowance is their own
    ;(await client.post(`/chats/${chat.id}/typing`).bearerToken(t.adminToken)).assertStatus(204)
  })

  test('the sender edits a message; its earlier texts are kept; others may not edit it', async ({ client, assert }) => {
    const t = await createTenant()
    const bruno = await createUser(t.company, { name: 'Bruno' })
    const outsider = await createUser(t.company)
    const chat = await aChat(t.company.id, t.admin.id, [bruno.user.id])
    const sent = (
      await client.post(`/chats/${chat.id}/messages`).bearerToken(t.adminToken).json({ message: 'Reunião às 10h' })
    ).body()
    assert.isNull(sent.editedAt)
    const path = `/chats/${chat.id}/messages/${sent.id}`

    const edited = await client.put(path).bearerToken(t.adminToken).json({ message: 'Reunião às 11h, @Bruno' })
    edited.assertStatus(200)
    assert.equal(edited.body().message, 'Reunião às 11h, @Bruno')
    assert.isString(edited.body().editedAt)
    assert.deepEqual(edited.body().mentions, [bruno.user.id])
    ;(await client.put(path).bearerToken(t.adminToken).json({ message: 'Reunião às 11h30' })).assertStatus(200)

    const history = await client.get(`${path}/edits`).bearerToken(bruno.token)
    history.assertStatus(200)
    assert.deepEqual(
      history.body().records.map((r: any) => r.previous),
      ['Reunião às 10h', 'Reunião às 11h, @Bruno']
    )
    const page = await client.get(`/chats/${chat.id}/messages`).bearerToken(bruno.token)
    assert.equal(page.body().records[0].message, 'Reunião às 11h30')
    assert.equal(
      (await client.get(`/chats/${chat.id}`).bearerToken(bruno.token)).body().lastMessage,
      'Reunião às 11h30'
    )
    // editing does not count as a new unread message
    assert.equal(unreadOf((await client.get(`/chats/${chat.id}`).bearerToken(bruno.token)).body(), bruno.user.id), 1)

    const notMine = await client.put(path).bearerToken(bruno.token).json({ message: 'Mudei' })
    notMine.assertStatus(403)
    assert.equal(notMine.body().error, 'ERR_CHAT_MESSAGE_SENDER_ONLY')
    ;(await client.put(path).bearerToken(t.adminToken).json({ message: '   ' })).assertStatus(422)
    ;(await client.put(path).bearerToken(outsider.token).json({ message: 'x' })).assertStatus(404)
    ;(await client.get(`${path}/edits`).bearerToken(outsider.token)).assertStatus(404)
    // a message of another chat, or an unknown id, is not found here
    const other = await aChat(t.company.id, t.admin.id, [])
    for (const url of [
      `/chats/${other.id}/messages/${sent.id}`,
      `/chats/${chat.id}/messages/abc`,
      `/chats/${chat.id}/messages/0`,
    ]) {
      const r = await client.put(url).bearerToken(t.adminToken).json({ message: 'x' })
      r.assertStatus(404)
      assert.equal(r.body().error, 'ERR_NO_CHAT_MESSAGE_FOUND')
    }
  })
})

test.group('chats: share this ticket', () => {
  test('a ticket the sender may see is posted as a link; members who may not see it get no contact name', async ({
    client,
    assert,
  }) => {
    const t = await createTenant()
    const other = await createTenant()
    // a plain user in no queue: the inbox does not show them this queue's ticket
    const bruno = await createUser(t.company, { name: 'Bruno Lima' })
    const chat = await aChat(t.company.id, t.admin.id, [bruno.user.id], 'Plantão')
    const ticket = await seedTicket(t, 'pending')
    const foreign = await seedTicket(other, 'pending')

    const shared = await client
      .post(`/chats/${chat.id}/share-ticket`)
      .bearerToken(t.adminToken)
      .json({ ticketId: ticket.ticketId })
    shared.assertStatus(201)
    assert.deepEqual(shared.body().ticket, {
      id: ticket.ticketId,
      uuid: ticket.ticketUuid,
      contactName: `Contact ${ticket.marker}`,
    })
    assert.equal(shared.body().message, `Ticket #${ticket.ticketId}`)
    // with a word of the sender's
    const said = await client
      .post(`/chats/${chat.id}/share-ticket`)
      .bearerToken(t.adminToken)
      .json({ ticketId: ticket.ticketId, message: 'Bruno, pode ver este?' })
    assert.equal(said.body().message, 'Bruno, pode ver este?')

    const page = async (token: string) =>
      (await client.get(`/chats/${chat.id}/messages`).bearerToken(token)).body().records as any[]
    assert.deepEqual(
      (await page(t.adminToken)).map((m) => m.ticket),
      [shared.body().ticket, shared.body().ticket]
    )
    // bruno sees the link (its page answers only those who may see the ticket), not the contact's name
    assert.deepEqual(
      (await page(bruno.token)).map((m) => m.ticket),
      [
        { id: ticket.ticketId, uuid: ticket.ticketUuid },
        { id: ticket.ticketId, uuid: ticket.ticketUuid },
      ]
    )
    assert.equal((await client.get(`/tickets/u/${ticket.ticketUuid}`).bearerToken(bruno.token)).status(), 404)

    // a ticket the sender may not see, or another company's, is not found; a chat of others neither
    const hidden = await client
      .post(`/chats/${chat.id}/share-ticket`)
      .bearerToken(bruno.token)
      .json({ ticketId: ticket.ticketId })
    hidden.assertStatus(404)
    assert.equal(hidden.body().error, 'ERR_NO_TICKET_FOUND')
    const alien = await client
      .post(`/chats/${chat.id}/share-ticket`)
      .bearerToken(t.adminToken)
      .json({ ticketId: foreign.ticketId })
    assert.equal(alien.body().error, 'ERR_NO_TICKET_FOUND')
    const notMine = await client
      .post(`/chats/${chat.id}/share-ticket`)
      .bearerToken(other.adminToken)
      .json({ ticketId: foreign.ticketId })
    assert.equal(notMine.body().error, 'ERR_NO_CHAT_FOUND')
    ;(
      await client.post(`/chats/${chat.id}/share-ticket`).bearerToken(t.adminToken).json({ ticketId: 'x' })
    ).assertStatus(422)
    assert.lengthOf(await page(t.adminToken), 2)
  })
})
