import { test } from '@japa/runner'
import { createTenant, createUser } from '#tests/helpers/world'
import { listen, type Listener } from '#tests/helpers/realtime'
import { realtime } from '#core/realtime'
import { aChat } from './fixtures.js'

const base = () => `http://127.0.0.1:${process.env.PORT}`

/** a browser of this user: its company channel and its own user channel, as the shell subscribes */
async function browserOf(companyId: number, userId: number, token: string): Promise<Listener> {
  const l = listen(base(), token)
  await l.subscribe(`company/${companyId}`)
  await l.subscribe(`company/${companyId}/user/${userId}`)
  return l
}

const settle = () => new Promise((r) => setTimeout(r, 400))

test.group('chats: realtime reaches exactly the members', () => {
  test('a new message reaches the members (two listeners) and never a colleague outside the chat', async ({
    client,
    assert,
  }) => {
    const t = await createTenant()
    const bruno = await createUser(t.company, { name: 'Bruno' })
    const carla = await createUser(t.company, { name: 'Carla' })
    const chat = await aChat(t.company.id, t.admin.id, [bruno.user.id])
    const lb = await browserOf(t.company.id, bruno.user.id, bruno.token)
    const lc = await browserOf(t.company.id, carla.user.id, carla.token)
    const la = await browserOf(t.company.id, t.admin.id, t.adminToken)
    try {
      const secret = 'segredo do plantão'
      ;(
        await client.post(`/chats/${chat.id}/messages`).bearerToken(t.adminToken).json({ message: secret })
      ).assertStatus(201)
      const cid = t.company.id
      for (const l of [lb, la]) {
        const inChat = await l.waitFor(
          (m) => m.event === `company-${cid}-chat-${chat.id}` && m.action === 'new-message'
        )
        assert.equal(inChat?.newMessage.message, secret)
        assert.equal(inChat?.chat.id, chat.id)
        const inList = await l.waitFor((m) => m.event === `company-${cid}-chat` && m.action === 'new-message')
        assert.equal(inList?.chatId, chat.id)
      }
      // bruno's copy carries his new unread count
      const forBruno = lb.messages.find((m) => m.event === `company-${cid}-chat`)
      assert.equal(forBruno.chat.users.find((u: any) => u.userId === bruno.user.id).unreads, 1)
      await settle()
      assert.isFalse(JSON.stringify(lc.messages).includes(secret), 'a non-member heard the message')
      assert.isFalse(lc.messages.some((m) => String(m.event).includes('-chat')))
    } finally {
      for (const l of [la, lb, lc]) l.close()
    }
  })

  test('every chat event goes to the members user channels only, never the company channel', async ({
    client,
    assert,
  }) => {
    const t = await createTenant()
    const bruno = await createUser(t.company)
    const heard: { channel: string; payload: any }[] = []
    const stop = realtime.tap((channel, payload) => {
      if (String(payload.event).startsWith(`company-${t.company.id}-chat`)) heard.push({ channel, payload })
    })
    try {
      const created = await client
        .post('/chats')
        .bearerToken(t.adminToken)
        .json({ title: 'Sala', users: [bruno.user.id] })
      const id = created.body().id
      await client.post(`/chats/${id}/messages`).bearerToken(bruno.token).json({ message: 'oi' })
      await client.post(`/chats/${id}/typing`).bearerToken(bruno.token)
      await client.post(`/chats/${id}/read`).bearerToken(t.adminToken)
      await client.put(`/chats/${id}`).bearerToken(t.adminToken).json({ title: 'Sala 2' })
      await client.delete(`/chats/${id}`).bearerToken(t.adminToken)
    } finally {
      stop()
    }
    const allowed = new Set([t.admin.id, bruno.user.id].map((u) => `company/${t.company.id}/user/${u}`))
    assert.isAbove(heard.length, 10)
    for (const h of heard) assert.isTrue(allowed.has(h.channel), `${h.payload.event} sent on ${h.channel}`)
    const events = new Set(heard.map((h) => `${h.payload.event} ${h.payload.action}`))
    const cid = t.company.id
    for (const e of [
      `company-${cid}-chat create`,
      `company-${cid}-chat-user-${bruno.user.id} create`,
      `company-${cid}-chat new-message`,
      `company-${cid}-chat update`,
      `company-${cid}-chat delete`,
      `company-${cid}-chat-user-${t.admin.id} update`,
    ])
      assert.isTrue(events.has(e), `missing ${e}`)
    // typing goes to the others, not back to the one typing
    const typing = heard.filter((h) => h.payload.action === 'typing')
    assert.deepEqual(
      typing.map((h) => h.channel),
      [`company/${cid}/user/${t.admin.id}`]
    )
  })

  test('a member removed from a chat stops receiving it at once', async ({ client, assert }) => {
    const t = await createTenant()
    const bruno = await createUser(t.company)
    const carla = await createUser(t.company)
    const chat = await aChat(t.company.id, t.admin.id, [bruno.user.id, carla.user.id])
    const lb = await browserOf(t.company.id, bruno.user.id, bruno.token)
    const lc = await browserOf(t.company.id, carla.user.id, carla.token)
    const cid = t.company.id
    try {
      await client.post(`/chats/${chat.id}/messages`).bearerToken(t.adminToken).json({ message: 'antes' })
      assert.exists(await lb.waitFor((m) => m.newMessage?.message === 'antes'))

      const r = await client
        .put(`/chats/${chat.id}`)
        .bearerToken(t.adminToken)
        .json({ users: [carla.user.id] })
      r.assertStatus(200)
      // bruno is told he left (his lists drop the chat)
      const left = await lb.waitFor(
        (m) => m.event === `company-${cid}-chat-user-${bruno.user.id}` && m.action === 'delete'
      )
      assert.equal(left?.id, chat.id)

      await client.post(`/chats/${chat.id}/messages`).bearerToken(t.adminToken).json({ message: 'depois' })
      assert.exists(await lc.waitFor((m) => m.newMessage?.message === 'depois'))
      await settle()
      assert.isFalse(JSON.stringify(lb.messages).includes('depois'), 'the removed member still hears the chat')
      assert.isFalse(lb.messages.some((m) => m.action === 'update' && m.record?.id === chat.id))
    } finally {
      lb.close()
      lc.close()
    }
  })

  test('a user added to a chat hears it from then on', async ({ client, assert }) => {
    const t = await createTenant()
    const bruno = await createUser(t.company)
    const chat = await aChat(t.company.id, t.admin.id, [])
    const lb = await browserOf(t.company.id, bruno.user.id, bruno.token)
    const cid = t.company.id
    try {
      await client.post(`/chats/${chat.id}/messages`).bearerToken(t.adminToken).json({ message: 'sozinho' })
      await client
        .put(`/chats/${chat.id}`)
        .bearerToken(t.adminToken)
        .json({ users: [bruno.user.id] })
      const added = await lb.waitFor(
        (m) => m.event === `company-${cid}-chat-user-${bruno.user.id}` && m.action === 'create'
      )
      assert.equal(added?.record.id, chat.id)
      await client.post(`/chats/${chat.id}/messages`).bearerToken(t.adminToken).json({ message: 'bem-vindo' })
      assert.exists(await lb.waitFor((m) => m.newMessage?.message === 'bem-vindo'))
      // the message sent before he joined never reached him live (he reads it in the history now)
      assert.isFalse(lb.messages.some((m) => m.newMessage?.message === 'sozinho'))
    } finally {
      lb.close()
    }
  })
})
