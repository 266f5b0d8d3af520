import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createQueue } from '#tests/helpers/inbox'
import { createPlan, createTenant, createUser } from '#tests/helpers/world'

const TEXT = 'Você é a assistente da loja. Responda dúvidas sobre produtos, preços e prazos de entrega.'

test.group('prompts: CRUD', () => {
  test('an admin creates, reads, edits and deletes a prompt; the key is sealed and only masked', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const queue = await createQueue(company, 'Vendas')
    const created = await client.post('/prompt').bearerToken(adminToken).json({
      name: 'Assistente',
      prompt: TEXT,
      apiKey: 'sk-live-secret-9876',
      queueId: queue.id,
      voiceKey: 'azure-key-5555',
    })
    created.assertStatus(201)
    const p = created.body()
    assert.deepInclude(p, {
      name: 'Assistente',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: 'texto',
      model: 'gpt-4o-mini',
      apiKey: '••••9876',
      voiceKey: '••••5555',
      queue: { id: queue.id, name: 'Vendas' },
    })
    const row = await db.from('prompts').where('id', p.id).first()
    assert.notInclude(row.api_key, 'sk-live-secret')
    assert.notInclude(row.voice_key, 'azure-key')

    const all = await client.get('/prompt').bearerToken(adminToken)
    assert.deepEqual(
      all.body().prompts.map((x: any) => x.id),
      [p.id]
    )
    assert.notInclude(JSON.stringify(all.body()), 'sk-live-secret')

    // the mask sent back keeps the key; a new model and numbers are taken
    const edited = await client
      .put(`/prompt/${p.id}`)
      .bearerToken(adminToken)
      .json({ ...p, apiKey: p.apiKey, model: 'gpt-4.1-mini', maxTokens: 300, temperature: 0.3, maxMessages: 4 })
    edited.assertStatus(200)
    assert.deepInclude(edited.body(), {
      model: 'gpt-4.1-mini',
      maxTokens: 300,
      temperature: 0.3,
      maxMessages: 4,
      apiKey: '••••9876',
    })
    const again = await client
      .put(`/prompt/${p.id}`)
      .bearerToken(adminToken)
      .json({ ...p, apiKey: 'sk-new-key-0001' })
    assert.equal(again.body().apiKey, '••••0001')

    const deleted = await client.delete(`/prompt/${p.id}`).bearerToken(adminToken)
    deleted.assertStatus(200)
    assert.isString(deleted.body().message)
    ;(await client.get(`/prompt/${p.id}`).bearerToken(adminToken)).assertStatus(404)
  })

  test('validation: schema of §5, "Informe o setor" without a queue, key required, voices listed', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const queue = await createQueue(company)
    const ok = { name: 'Assistente', prompt: TEXT, apiKey: 'sk-test-abcdefgh', queueId: queue.id }
    for (const bad of [
      { ...ok, name: 'abc' },
      { ...ok, prompt: 'curto demais' },
      { ...ok, temperature: 3 },
      { ...ok, maxTokens: 0 },
      { ...ok, maxMessages: 'dez' },
      { ...ok, voice: 'pt-BR-Robo' },
      { ...ok, model: 'gpt 4; drop' },
    ]) {
      const r = await client.post('/prompt').bearerToken(adminToken).json(bad)
      assert.equal(r.status(), 422, JSON.stringify(bad))
      assert.equal(r.body().error, 'ERR_VALIDATION')
    }
    const noQueue = await client
      .post('/prompt')
      .bearerToken(adminToken)
      .json({ ...ok, queueId: null })
    noQueue.assertStatus(422)
    assert.equal(noQueue.body().error, 'ERR_PROMPT_QUEUE_REQUIRED')
    assert.equal(noQueue.body().message, 'Informe o setor')
    const noKey = await client
      .post('/prompt')
      .bearerToken(adminToken)
      .json({ ...ok, apiKey: undefined })
    assert.equal(noKey.body().error, 'ERR_PROMPT_API_KEY_REQUIRED')
    const voiced = await client
      .post('/prompt')
      .bearerToken(adminToken)
      .json({ ...ok, voice: 'pt-BR-FranciscaNeural', voiceRegion: 'brazilsouth' })
    voiced.assertStatus(201)

    // another company's queue is not a queue of this company
    const other = await createTenant()
    const foreign = await createQueue(other.company)
    const r = await client
      .post('/prompt')
      .bearerToken(adminToken)
      .json({ ...ok, queueId: foreign.id })
    r.assertStatus(422)
  })

  test('users read, only admins write; the plan flag useOpenAi gates every call', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const { token } = await createUser(company)
    ;(await client.get('/prompt').bearerToken(token)).assertStatus(200)
    const queue = await createQueue(company)
    const r = await client
      .post('/prompt')
      .bearerToken(token)
      .json({ name: 'Assistente', prompt: TEXT, apiKey: 'sk-test-abcdefgh', queueId: queue.id })
    r.assertStatus(403)

    const plan = await createPlan({ useOpenAi: false })
    const off = await createTenant({ plan })
    const denied = await client.get('/prompt').bearerToken(off.adminToken)
    denied.assertStatus(403)
    assert.equal(denied.body().error, 'ERR_PLAN_FEATURE_DISABLED')
    assert.isOk(adminToken)
  })
})
