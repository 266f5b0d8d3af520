import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { realtime } from '#core/realtime'
import { startWorkers, waitFor } from '#tests/helpers/inbox'
import { createPlan, createTenant, createUser } from '#tests/helpers/world'
import { FakeOpenAi } from '#modules/prompts/tests/fake_openai'
import { setKey, ticketWithConversation } from './fixtures.js'

let fake: FakeOpenAi

const conversation = (n: number) => Array.from({ length: n }, (_, i) => `mensagem ${i + 1}`)

/** Asks for help and waits for the job's end, as the browser does (poll). */
async function ask(client: any, token: string, ticketId: number, body: Record<string, unknown>) {
  const r = await client.post(`/assist/tickets/${ticketId}/jobs`).bearerToken(token).json(body)
  r.assertStatus(202)
  const { job } = r.body()
  return waitFor(async () => {
    const g = await client.get(`/assist/jobs/${job.id}`).bearerToken(token)
    return g.body().job.status === 'pending' ? null : g.body().job
  })
}

const messagesOf = async (ticketId: number) =>
  Number((await db.from('messages').where('ticket_id', ticketId).count('* as n'))[0].n)

test.group('assist: AI help for agents', (group) => {
  group.each.setup(async () => {
    await startWorkers()
    fake = await new FakeOpenAi().start()
  })
  group.each.teardown(async () => {
    await fake.stop()
    delete process.env.ASSIST_DAILY_CALLS
  })

  test('admins set the company key (sealed, only masked) and the model; users only see whether it is on', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const { token } = await createUser(company)
    const empty = await client.get('/assist/settings').bearerToken(token)
    assert.deepEqual(empty.body(), { configured: false, model: 'gpt-4o-mini' })

    const saved = await client
      .put('/assist/settings')
      .bearerToken(adminToken)
      .json({ apiKey: 'sk-live-secret-9876', model: 'gpt-4.1-mini' })
    saved.assertStatus(200)
    assert.deepInclude(saved.body(), { configured: true, model: 'gpt-4.1-mini', apiKey: '••••9876' })
    const row = await db.from('assist_settings').where('company_id', company.id).first()
    assert.notInclude(row.api_key, 'sk-live-secret')

    const asUser = await client.get('/assist/settings').bearerToken(token)
    assert.deepEqual(asUser.body(), { configured: true, model: 'gpt-4.1-mini' })
    const asAdmin = await client.get('/assist/settings').bearerToken(adminToken)
    assert.equal(asAdmin.body().apiKey, '••••9876')
    assert.notInclude(JSON.stringify(asAdmin.body()), 'sk-live-secret')

    // the mask sent back keeps the key; a blank removes it; a user may not write; a bad model is refused
    const kept = await client.put('/assist/settings').bearerToken(adminToken).json({ apiKey: '••••9876' })
    assert.equal(kept.body().apiKey, '••••9876')
    ;(await client.put('/assist/settings').bearerToken(token).json({ apiKey: 'sk-user-attempt' })).assertStatus(403)
    const bad = await client.put('/assist/settings').bearerToken(adminToken).json({ model: 'gpt 4; drop' })
    bad.assertStatus(422)
    assert.equal(bad.body().error, 'ERR_VALIDATION')
    const removed = await client.put('/assist/settings').bearerToken(adminToken).json({ apiKey: '' })
    assert.deepInclude(removed.body(), { configured: false, apiKey: null })
  })

  test('summary: a job with the company key and model over the LAST messages; the answer reaches the asker only', async ({
    client,
    assert,
  }) => {
    const owner = await createTenant()
    await setKey(owner.company.id, 'sk-company-key-4321', 'gpt-4.1-mini')
    const s = await ticketWithConversation(owner, conversation(40))
    fake.answer = () => '- Cliente pergunta pelo pedido\n- Próximo passo: rastrear'
    const heard: { channel: string; payload: any }[] = []
    const stop = realtime.tap((channel, payload) => heard.push({ channel, payload }))
    try {
      const job = await ask(client, owner.adminToken, s.ticketId, { kind: 'summary' })
      assert.equal(job.status, 'done')
      assert.equal(job.result.text, '- Cliente pergunta pelo pedido\n- Próximo passo: rastrear')
      const [req] = fake.chats
      assert.equal(req.authorization, 'Bearer sk-company-key-4321')
      assert.equal(req.body.model, 'gpt-4.1-mini')
      const transcript: string = req.body.messages.at(-1).content
      // 30 of 41 messages: the latest ones, oldest first, not the first ones
      assert.include(transcript, 'mensagem 40')
      assert.include(transcript, 'mensagem 11')
      assert.notInclude(transcript, 'mensagem 10\n')
      assert.notInclude(transcript, `hello ${s.marker}`)
      assert.isBelow(transcript.indexOf('mensagem 11'), transcript.indexOf('mensagem 40'))
      assert.include(transcript, `Customer (Contact ${s.marker}): mensagem 39`)
      assert.include(transcript, 'Agent: mensagem 40')
      const event = await waitFor(async () =>
        heard.find((h) => h.payload.event === `company-${owner.company.id}-assist`)
      )
      assert.equal(event.channel, `company/${owner.company.id}/user/${owner.admin.id}`)
      assert.equal(event.payload.job.id, job.id)
    } finally {
      stop()
    }
  })

  test('suggestions: three replies from the last messages and the quick replies the agent may use; nothing is sent', async ({
    client,
    assert,
  }) => {
    const owner = await createTenant()
    await setKey(owner.company.id)
    const other = await createUser(owner.company)
    const s = await ticketWithConversation(owner, conversation(20))
    await db.table('quick_messages').multiInsert([
      {
        company_id: owner.company.id,
        shortcode: 'prazo',
        message: 'O prazo de entrega é de 5 dias úteis.',
        geral: true,
        visao: true,
        user_id: other.user.id,
      },
      {
        company_id: owner.company.id,
        shortcode: 'segredo',
        message: 'Texto só do outro atendente.',
        geral: false,
        visao: false,
        user_id: other.user.id,
      },
      {
        company_id: owner.company.id,
        shortcode: 'off',
        message: 'Resposta desativada.',
        geral: true,
        visao: true,
        status: false,
        user_id: other.user.id,
      },
    ])
    const before = await messagesOf(s.ticketId)
    fake.answer = () =>
      '```json\n{"suggestions": ["Olá! Vou verificar.", "O prazo é de 5 dias úteis.", "Posso ajudar em algo mais?"]}\n```'
    const job = await ask(client, owner.adminToken, s.ticketId, { kind: 'suggestions' })
    assert.equal(job.status, 'done')
    assert.deepEqual(job.result.suggestions, [
      'Olá! Vou verificar.',
      'O prazo é de 5 dias úteis.',
      'Posso ajudar em algo mais?',
    ])
    const [system, user] = fake.chats[0].body.messages
    assert.include(system.content, '/prazo: O prazo de entrega é de 5 dias úteis.')
    assert.notInclude(system.content, 'segredo')
    assert.notInclude(system.content, 'desativada')
    // the last 12 messages only
    assert.include(user.content, 'mensagem 20')
    assert.include(user.content, 'mensagem 9')
    assert.notInclude(user.content, 'mensagem 8\n')
    // the module never sends: the ticket has the same messages
    assert.equal(await messagesOf(s.ticketId), before)
  })

  test('improve my text: the draft alone is rewritten; the draft is not kept once answered', async ({
    client,
    assert,
  }) => {
    const owner = await createTenant()
    await setKey(owner.company.id)
    const s = await ticketWithConversation(owner, conversation(3))
    fake.answer = (body) => `"${body.messages.at(-1).content.replace('vc', 'você')}!"`
    const job = await ask(client, owner.adminToken, s.ticketId, {
      kind: 'improve',
      text: 'vc pode mandar o comprovante',
    })
    assert.equal(job.status, 'done')
    assert.equal(job.result.text, 'você pode mandar o comprovante!')
    const [system, user] = fake.chats[0].body.messages
    assert.equal(system.role, 'system')
    assert.equal(user.content, 'vc pode mandar o comprovante')
    assert.notInclude(JSON.stringify(fake.chats[0].body), 'mensagem 1')
    const row = await db.from('assist_calls').where('id', job.id).first()
    assert.isNull(row.input)
    // improve needs the text
    const r = await client
      .post(`/assist/tickets/${s.ticketId}/jobs`)
      .bearerToken(owner.adminToken)
      .json({ kind: 'improve' })
    r.assertStatus(422)
    assert.equal(r.body().error, 'ERR_VALIDATION')
  })

  test('no key: a clear error, no job; a failing provider: the job fails with a translated code, never a 500', async ({
    client,
    assert,
  }) => {
    const owner = await createTenant()
    const s = await ticketWithConversation(owner, conversation(4))
    const none = await client
      .post(`/assist/tickets/${s.ticketId}/jobs`)
      .bearerToken(owner.adminToken)
      .json({ kind: 'summary' })
    none.assertStatus(422)
    assert.equal(none.body().error, 'ERR_ASSIST_NO_KEY')
    assert.include(none.body().message, 'OpenAI')
    assert.lengthOf(fake.chats, 0)

    await setKey(owner.company.id)
    for (const [status, code] of [
      [500, 'ERR_ASSIST_PROVIDER_FAILED'],
      [429, 'ERR_ASSIST_RATE_LIMITED'],
      [401, 'ERR_ASSIST_KEY_REJECTED'],
    ] as const) {
      fake.answer = () => status
      const job = await ask(client, owner.adminToken, s.ticketId, { kind: 'summary' })
      assert.equal(job.status, 'failed')
      assert.equal(job.error, code)
      assert.isNull(job.result)
    }
    // an unreadable answer for suggestions is a provider failure too
    fake.answer = () => '   '
    const job = await ask(client, owner.adminToken, s.ticketId, { kind: 'suggestions' })
    assert.equal(job.error, 'ERR_ASSIST_PROVIDER_FAILED')
  })

  test('an empty conversation is told apart; the daily guard bounds the calls of a company', async ({
    client,
    assert,
  }) => {
    const owner = await createTenant()
    await setKey(owner.company.id)
    const empty = await ticketWithConversation(owner, [])
    await db.from('messages').where('ticket_id', empty.ticketId).delete()
    const job = await ask(client, owner.adminToken, empty.ticketId, { kind: 'summary' })
    assert.equal(job.error, 'ERR_ASSIST_EMPTY_CONVERSATION')
    assert.lengthOf(fake.chats, 0)

    process.env.ASSIST_DAILY_CALLS = '3'
    const s = await ticketWithConversation(owner, conversation(2))
    await ask(client, owner.adminToken, s.ticketId, { kind: 'summary' })
    await ask(client, owner.adminToken, s.ticketId, { kind: 'improve', text: 'oi' })
    const over = await client
      .post(`/assist/tickets/${s.ticketId}/jobs`)
      .bearerToken(owner.adminToken)
      .json({ kind: 'summary' })
    over.assertStatus(429)
    assert.equal(over.body().error, 'ERR_ASSIST_DAILY_LIMIT')
    const settings = await client.get('/assist/settings').bearerToken(owner.adminToken)
    assert.deepInclude(settings.body(), { dailyLimit: 3, usedToday: 3 })
  })

  test('plan gate: without useOpenAi every call answers 403 with the plan message', async ({ client, assert }) => {
    const plan = await createPlan({ useOpenAi: false })
    const owner = await createTenant({ plan })
    await setKey(owner.company.id)
    const s = await ticketWithConversation(owner, conversation(2))
    for (const r of [
      await client.get('/assist/settings').bearerToken(owner.adminToken),
      await client.post(`/assist/tickets/${s.ticketId}/jobs`).bearerToken(owner.adminToken).json({ kind: 'summary' }),
    ]) {
      r.assertStatus(403)
      assert.equal(r.body().error, 'ERR_PLAN_FEATURE_DISABLED')
      assert.equal(r.body().message, 'Esta empresa não possui permissão para acessar este recurso.')
    }
    assert.lengthOf(fake.chats, 0)
  })

  test("isolation: another company's ticket, a ticket the agent cannot see and another agent's answer are not found", async ({
    client,
    assert,
  }) => {
    const owner = await createTenant()
    const intruder = await createTenant()
    await setKey(owner.company.id)
    await setKey(intruder.company.id)
    const s = await ticketWithConversation(owner, conversation(3))
    const foreign = await client
      .post(`/assist/tickets/${s.ticketId}/jobs`)
      .bearerToken(intruder.adminToken)
      .json({ kind: 'summary' })
    foreign.assertStatus(404)
    assert.equal(foreign.body().error, 'ERR_NO_TICKET_FOUND')

    // an attendant outside the ticket's queue
    const outsider = await createUser(owner.company)
    const hidden = await client
      .post(`/assist/tickets/${s.ticketId}/jobs`)
      .bearerToken(outsider.token)
      .json({ kind: 'summary' })
    hidden.assertStatus(404)

    const job = await ask(client, owner.adminToken, s.ticketId, { kind: 'summary' })
    ;(await client.get(`/assist/jobs/${job.id}`).bearerToken(outsider.token)).assertStatus(404)
    ;(await client.get(`/assist/jobs/${job.id}`).bearerToken(intruder.adminToken)).assertStatus(404)
    assert.lengthOf(fake.chats, 1)
  })
})
