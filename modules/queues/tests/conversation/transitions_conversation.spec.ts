import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createUser } from '#tests/helpers/world'
import { tenancy } from '#core/tenancy'
import Rating from '../../rating.js'
import { company, type Company } from './dsl.js'

let current: Company | null = null
const open = async (connection: Record<string, unknown> = {}) => (current = await company(connection))

async function agentOf(c: Company, queueIds: number[], fields: Record<string, unknown> = {}) {
  const u = await createUser(c.world.company, { name: 'Carlos Lima', ...fields } as any)
  if (queueIds.length)
    await db.table('user_queues').multiInsert(queueIds.map((q) => ({ user_id: u.user.id, queue_id: q })))
  return u
}

test.group('conversation: accept, resolve, NPS and transfer', (group) => {
  group.each.teardown(async () => {
    await current?.close()
    current = null
  })

  test('accept greeting (sendGreetingAccepted) names the agent; default and custom texts; off when disabled', async ({
    client,
    assert,
  }) => {
    const c = await open()
    const q = await c.queue({ name: 'Geral' })
    const a = await agentOf(c, [q.id])
    const m = c.contact('Marta Dias')
    await m.says('oi')
    const t = await m.ticket()
    // a leftover chatbot stage is cleared once an agent takes the ticket
    await db.from('tickets').where('id', t.id).update({ chatbot_stage_id: 424242, amount_used_bot_queues: 2 })
    ;(await client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'open' })).assertStatus(200)
    const taken = await m.ticket()
    assert.isNull(taken.chatbot_stage_id)
    assert.equal(taken.amount_used_bot_queues, 0)
    const [greeting] = await m.newReplies()
    assert.match(
      greeting,
      /^(Bom dia|Boa tarde|Boa noite|Boa madrugada) \*Marta Dias\*, meu nome é \*Carlos Lima\* e agora vou/
    )
    const row = await db.from('messages').where({ ticket_id: t.id, from_me: true }).first()
    assert.equal(row.user_id, a.user.id)

    await c.set({ greetingAcceptedMessage: 'Olá {{firstName}}, aqui é {{userName}} da fila {{queue}}.' })
    const n = c.contact('Nina Reis')
    await n.says('oi')
    const t2 = await n.ticket()
    await client.put(`/tickets/${t2.id}`).bearerToken(a.token).json({ status: 'open' })
    assert.deepEqual(await n.newReplies(), ['Olá Nina, aqui é Carlos Lima da fila Geral.'])

    await c.set({ sendGreetingAccepted: 'disabled' })
    const o = c.contact('Otto')
    await o.says('oi')
    const t3 = await o.ticket()
    await client.put(`/tickets/${t3.id}`).bearerToken(a.token).json({ status: 'open' })
    assert.deepEqual(await o.newReplies(), [])
  })

  test("resolve sends the agent's own farewellMessage, else the completion message; none without farewell", async ({
    client,
    assert,
  }) => {
    const c = await open({ complation_message: 'Obrigado, {{name}}!' })
    const q = await c.queue({ name: 'Geral' })
    await c.set({ sendGreetingAccepted: 'disabled' })
    const plain = await agentOf(c, [q.id])
    const polite = await agentOf(c, [q.id], { farewellMessage: 'Foi um prazer, {{firstName}}. {{userName}}' })

    const x = c.contact('Xavier Neto')
    await x.says('oi')
    const tx = await x.ticket()
    await client.put(`/tickets/${tx.id}`).bearerToken(plain.token).json({ status: 'open' })
    ;(await client.put(`/tickets/${tx.id}`).bearerToken(plain.token).json({ status: 'closed' })).assertStatus(200)
    assert.deepEqual(await x.newReplies(), ['Obrigado, Xavier Neto!'])

    const y = c.contact('Yara Melo')
    await y.says('oi')
    const ty = await y.ticket()
    await client.put(`/tickets/${ty.id}`).bearerToken(polite.token).json({ status: 'open' })
    await client.put(`/tickets/${ty.id}`).bearerToken(polite.token).json({ status: 'closed' })
    assert.deepEqual(await y.newReplies(), ['Foi um prazer, Yara. Carlos Lima'])

    const z = c.contact('Zé')
    await z.says('oi')
    const tz = await z.ticket()
    await client.put(`/tickets/${tz.id}`).bearerToken(plain.token).json({ status: 'open' })
    await client
      .put(`/tickets/${tz.id}`)
      .bearerToken(plain.token)
      .json({ status: 'closed', sendFarewellMessage: false, amountUsedBotQueues: 0 })
    assert.deepEqual(await z.newReplies(), [])
    assert.equal((await z.ticket()).status, 'closed')

    // ignoring a pending ticket: farewell only with sendFarewellWaitingTicket
    const w = c.contact('W')
    await w.says('oi')
    await client
      .put(`/tickets/${(await w.ticket()).id}`)
      .bearerToken(c.world.adminToken)
      .json({ status: 'closed' })
    assert.deepEqual(await w.newReplies(), [])
    await c.set({ sendFarewellWaitingTicket: 'enabled' })
    const v = c.contact('Vera')
    await v.says('oi')
    await client
      .put(`/tickets/${(await v.ticket()).id}`)
      .bearerToken(c.world.adminToken)
      .json({ status: 'closed' })
    assert.deepEqual(await v.newReplies(), ['Obrigado, Vera!'])
  })

  test('NPS: resolve hands off to the rating, invalid replies retry up to maxUseBotQueuesNPS, 0–10 stored', async ({
    client,
    assert,
  }) => {
    const c = await open({
      complation_message: 'Obrigado!',
      rating_message: 'De 0 a 10, como foi o atendimento de {{userName}}?',
      max_use_bot_queues_nps: 2,
      expires_ticket_nps: 30,
    })
    const q = await c.queue({ name: 'Geral' })
    await c.set({ userRating: 'enabled', sendGreetingAccepted: 'disabled' })
    const a = await agentOf(c, [q.id])
    const r = c.contact('Rita')
    await r.says('oi')
    const t = await r.ticket()
    await client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'open' })
    const res = await client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'closed' })
    res.assertStatus(200)
    assert.equal(res.body().status, 'nps')
    assert.deepEqual(await r.newReplies(), ['De 0 a 10, como foi o atendimento de Carlos Lima?'])
    assert.include(await r.logs(), 'nps')

    assert.deepEqual(await r.says('ótimo'), [
      'Opção inválida, tente novamente.',
      'De 0 a 10, como foi o atendimento de Carlos Lima?',
    ])
    assert.deepEqual(await r.says('muito bom'), [], 'maxUseBotQueuesNPS reached: silent')
    assert.deepEqual(await r.says('9'), ['Obrigado!'])
    const closed = await r.ticket()
    assert.equal(closed.status, 'closed')
    const [rating] = await db.from('ratings').where('ticket_id', t.id)
    assert.equal(rating.rate, 9)
    assert.equal(rating.user_id, a.user.id)
    assert.equal(rating.company_id, c.id)
    // the tenant model reads it in the company's scope only
    const scoped = await tenancy.run(c.id, () => Rating.query().where('ticket_id', t.id))
    assert.lengthOf(scoped, 1)
    const other = await company()
    assert.lengthOf(await tenancy.run(other.id, () => Rating.query().where('ticket_id', t.id)), 0)
    other.driver.restore()
    assert.deepEqual((await r.logs()).slice(-2), ['nps', 'closed'])

    // an agent closing a ticket that waits for its rating: closed, no second prompt
    const n = c.contact('Nilo')
    await n.says('oi')
    const tn = await n.ticket()
    await client.put(`/tickets/${tn.id}`).bearerToken(a.token).json({ status: 'open' })
    await client.put(`/tickets/${tn.id}`).bearerToken(a.token).json({ status: 'closed' })
    assert.equal((await n.ticket()).status, 'nps')
    const done = await client.put(`/tickets/${tn.id}`).bearerToken(a.token).json({ status: 'closed' })
    assert.equal(done.body().status, 'closed')
    assert.deepEqual(await n.newReplies(), ['De 0 a 10, como foi o atendimento de Carlos Lima?'])

    // "close without farewell" skips the rating
    const s = c.contact('Sol')
    await s.says('oi')
    const ts = await s.ticket()
    await client.put(`/tickets/${ts.id}`).bearerToken(a.token).json({ status: 'open' })
    const quiet = await client
      .put(`/tickets/${ts.id}`)
      .bearerToken(a.token)
      .json({ status: 'closed', sendFarewellMessage: false })
    assert.equal(quiet.body().status, 'closed')
  })

  test('transfer message (sendMsgTransfTicket) with ${queue.name} and placeholders; closeTicketOnTransfer opens a new ticket', async ({
    client,
    assert,
  }) => {
    const c = await open()
    const from = await c.queue({ name: 'Entrada' })
    const to = await c.queue({ name: 'Cobrança' })
    await c.set({
      sendGreetingAccepted: 'disabled',
      sendMsgTransfTicket: 'enabled',
      transferMessage: '{{firstName}}, você foi transferido para ${queue.name}.',
    })
    const a = await agentOf(c, [from.id, to.id])
    const u = c.contact('Ugo Prado')
    await u.says('oi')
    await u.says('1')
    const t = await u.ticket()
    await client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'open' })
    const moved = await client
      .put(`/tickets/${t.id}`)
      .bearerToken(a.token)
      .json({ isTransfered: true, queueId: to.id, status: 'pending', msgTransfer: 'nota' })
    moved.assertStatus(200)
    assert.equal(moved.body().id, t.id)
    assert.deepEqual(await u.newReplies(), ['Ugo, você foi transferido para Cobrança.'])

    // closeTicketOnTransfer: the old ticket closes, a new one carries queue, user and the note
    await c.set({ closeTicketOnTransfer: 'enabled', sendMsgTransfTicket: 'disabled' })
    await client.put(`/tickets/${t.id}`).bearerToken(a.token).json({ status: 'open' })
    const again = await client
      .put(`/tickets/${t.id}`)
      .bearerToken(a.token)
      .json({ isTransfered: true, queueId: from.id, userId: a.user.id, status: 'open', msgTransfer: 'volta' })
    again.assertStatus(200)
    const fresh = again.body()
    assert.notEqual(fresh.id, t.id)
    assert.equal(fresh.queueId, from.id)
    assert.equal(fresh.userId, a.user.id)
    assert.equal(fresh.status, 'open')
    const old = await db.from('tickets').where('id', t.id).first()
    assert.equal(old.status, 'closed')
    const note = await db.from('messages').where({ ticket_id: fresh.id, is_private: true }).first()
    assert.equal(note.body, 'volta')
    assert.deepEqual(await u.newReplies(), [], 'no farewell and no transfer message')
  })
})
