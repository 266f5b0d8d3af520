import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createPlan, createTenant, createUser } from '#tests/helpers/world'

const tree = [
  {
    name: 'Vendas novas',
    greetingMessage: 'O que deseja comprar?',
    options: [
      { name: 'Planos', queueType: 'text', greetingMessage: 'Temos três planos' },
      { name: 'Falar com atendente', queueType: 'attendent' },
    ],
  },
  { name: 'Segunda via', queueType: 'text', closeTicket: true },
]

test.group('queues', () => {
  test('create a queue with schedules and a nested chatbot tree; read it back in menu order', async ({
    client,
    assert,
  }) => {
    const { adminToken } = await createTenant()
    const r = await client
      .post('/queue')
      .bearerToken(adminToken)
      .json({
        name: 'Comercial',
        color: '#0a84ff',
        greetingMessage: 'Bem-vindo ao comercial',
        orderQueue: 1,
        tempoRoteador: 10,
        ativarRoteador: true,
        schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00' }],
        chatbots: tree,
      })
    r.assertStatus(201)
    const q = r.body()
    assert.equal(q.tempoRoteador, 10)
    assert.equal(q.schedules[0].endTimeB, '')
    assert.deepEqual(
      q.chatbots.map((c: any) => c.name),
      ['Vendas novas', 'Segunda via']
    )
    assert.deepEqual(
      q.chatbots[0].options.map((c: any) => c.name),
      ['Planos', 'Falar com atendente']
    )
    const one = await client.get(`/queue/${q.id}`).bearerToken(adminToken)
    assert.deepEqual(one.body().chatbots, q.chatbots)
  })

  test('updating the tree keeps known ids, adds new options and removes missing ones', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const q = (
      await client.post('/queue').bearerToken(adminToken).json({ name: 'Suporte', color: '#123456', chatbots: tree })
    ).body()
    const keep = q.chatbots[0]
    const r = await client
      .put(`/queue/${q.id}`)
      .bearerToken(adminToken)
      .json({ chatbots: [{ id: keep.id, name: 'Vendas (novo nome)' }, { name: 'Cancelamento' }] })
    r.assertStatus(200)
    assert.deepEqual(
      r.body().chatbots.map((c: any) => [c.id === keep.id, c.name]),
      [
        [true, 'Vendas (novo nome)'],
        [false, 'Cancelamento'],
      ]
    )
    // options sent without `options` keep their sub-options
    assert.lengthOf(r.body().chatbots[0].options, 2)
    const orphans = await db.from('chatbots').where('id', q.chatbots[1].id)
    assert.lengthOf(orphans, 0)
  })

  test('validation: name 2-50, colour 3-9 and unique, option names at least 4, rotation choices', async ({
    client,
    assert,
  }) => {
    const { adminToken } = await createTenant()
    const bad = await client.post('/queue').bearerToken(adminToken).json({ name: 'A', color: '#1', tempoRoteador: 7 })
    bad.assertStatus(422)
    assert.sameMembers(
      bad.body().fields.map((f: any) => f.field),
      ['name', 'color', 'tempoRoteador']
    )
    ;(
      await client
        .post('/queue')
        .bearerToken(adminToken)
        .json({ name: 'Fila', color: '#abcdef', chatbots: [{ name: 'abc' }] })
    ).assertStatus(422)
    ;(await client.post('/queue').bearerToken(adminToken).json({ name: 'Primeira', color: '#ABCDEF' })).assertStatus(
      201
    )
    const dup = await client
      .post('/queue')
      .bearerToken(adminToken)
      .json({ name: 'Segunda', color: '#abcdef', greetingMessage: 'Oi' })
    dup.assertStatus(409)
    dup.assertBodyContains({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' })
  })

  test('a greeting is required once the company has more than one queue', async ({ client }) => {
    const { adminToken } = await createTenant()
    ;(await client.post('/queue').bearerToken(adminToken).json({ name: 'Única', color: '#111111' })).assertStatus(201)
    const second = await client.post('/queue').bearerToken(adminToken).json({ name: 'Outra', color: '#222222' })
    second.assertStatus(422)
    second.assertBodyContains({ error: 'ERR_WAPP_GREETING_REQUIRED' })
    ;(
      await client
        .post('/queue')
        .bearerToken(adminToken)
        .json({ name: 'Outra', color: '#222222', greetingMessage: 'Olá!' })
    ).assertStatus(201)
  })

  test('out-of-hours message required when scheduleType is queue', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    await client.put('/settings/scheduleType').bearerToken(adminToken).json({ value: 'queue' })
    const r = await client.post('/queue').bearerToken(adminToken).json({ name: 'Plantão', color: '#333333' })
    r.assertStatus(422)
    assert.equal(r.body().fields[0].field, 'outOfHoursMessage')
    ;(
      await client
        .post('/queue')
        .bearerToken(adminToken)
        .json({ name: 'Plantão', color: '#333333', outOfHoursMessage: 'Voltamos às 8h' })
    ).assertStatus(201)
  })

  test('plan queue limit; users read, only admins write; references stay in the company', async ({ client }) => {
    const plan = await createPlan({ queues: 1 })
    const { company, adminToken } = await createTenant({ plan })
    const other = await createTenant()
    const foreignUser = other.admin
    const { token } = await createUser(company)
    ;(await client.post('/queue').bearerToken(token).json({ name: 'Fila', color: '#444444' })).assertStatus(403)
    const first = await client.post('/queue').bearerToken(adminToken).json({ name: 'Fila', color: '#444444' })
    first.assertStatus(201)
    const over = await client
      .post('/queue')
      .bearerToken(adminToken)
      .json({ name: 'Fila 2', color: '#555555', greetingMessage: 'Oi' })
    over.assertStatus(403)
    over.assertBodyContains({ error: 'ERR_PLAN_QUEUES_LIMIT' })
    ;(await client.get('/queue').bearerToken(token)).assertStatus(200)
    const foreign = await client
      .put(`/queue/${first.body().id}`)
      .bearerToken(adminToken)
      .json({ chatbots: [{ name: 'Atendente X', queueType: 'attendent', optUserId: foreignUser.id }] })
    foreign.assertStatus(422)
    foreign.assertBodyContains({ error: 'ERR_NO_USER_FOUND' })
  })

  test('chatbot calls: add under a queue or an option, update, delete with its sub-options', async ({
    client,
    assert,
  }) => {
    const { adminToken } = await createTenant()
    const q = (
      await client.post('/queue').bearerToken(adminToken).json({ name: 'Bot', color: '#666666', chatbots: tree })
    ).body()
    const added = await client.post('/chatbot').bearerToken(adminToken).json({ queueId: q.id, name: 'Terceira opção' })
    added.assertStatus(201)
    const sub = await client
      .post('/chatbot')
      .bearerToken(adminToken)
      .json({ chatbotId: added.body().id, name: 'Sub opção' })
    sub.assertStatus(201)
    const shown = await client.get(`/chatbot/${added.body().id}`).bearerToken(adminToken)
    assert.deepEqual(
      shown.body().options.map((o: any) => o.name),
      ['Sub opção']
    )
    const queue = await client.get(`/queue/${q.id}`).bearerToken(adminToken)
    assert.lengthOf(queue.body().chatbots, 3)
    ;(
      await client.put(`/chatbot/${added.body().id}`).bearerToken(adminToken).json({ greetingMessage: 'Escolha' })
    ).assertStatus(200)
    ;(await client.post('/chatbot').bearerToken(adminToken).json({ name: 'Sem pai' })).assertStatus(422)
    ;(await client.delete(`/chatbot/${added.body().id}`).bearerToken(adminToken)).assertStatus(204)
    ;(await client.get(`/chatbot/${sub.body().id}`).bearerToken(adminToken)).assertStatus(404)
  })
})
