import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createPlan, createTenant, createUser } from '#tests/helpers/world'
import { swapDialogflow } from '../services/dialogflow.js'
import { listen } from '#tests/helpers/realtime'
import { SERVICE_ACCOUNT } from './isolation.js'

test.group('integrations: CRUD', () => {
  test('an admin creates, lists, edits and deletes integrations; secrets never come back', async ({
    client,
    assert,
  }) => {
    const { adminToken } = await createTenant()
    const hook = await client.post('/queueIntegration').bearerToken(adminToken).json({
      type: 'webhook',
      name: 'Meu webhook',
      projectName: 'ignorado',
      urlN8N: 'https://hooks.example.test/in',
      secret: 'segredo-de-assinatura-123',
    })
    hook.assertStatus(201)
    assert.deepInclude(hook.body(), {
      type: 'webhook',
      name: 'Meu webhook',
      projectName: 'Meu webhook',
      urlN8N: 'https://hooks.example.test/in',
      secret: '••••-123',
    })

    const bot = await client
      .post('/queueIntegration')
      .bearerToken(adminToken)
      .json({ type: 'typebot', name: 'Typebot', urlN8N: 'https://typebot.example.test', typebotSlug: 'atendimento' })
    bot.assertStatus(201)
    assert.deepInclude(bot.body(), { typebotExpires: 1, typebotDelayMessage: 1000, typebotSlug: 'atendimento' })

    const df = await client.post('/queueIntegration').bearerToken(adminToken).json({
      type: 'dialogflow',
      name: 'Dialogflow',
      projectName: 'loja-bot',
      jsonContent: SERVICE_ACCOUNT,
      language: 'es',
    })
    df.assertStatus(201)
    assert.equal(df.body().jsonContent, '••••')
    assert.equal(df.body().credentialsEmail, 'bot@loja-bot.iam.gserviceaccount.com')
    const row = await db.from('queue_integrations').where('id', df.body().id).first()
    assert.notInclude(row.json_content, 'PRIVATE KEY')

    const page = await client
      .get('/queueIntegration')
      .qs({ searchParam: 'type', pageNumber: 1 })
      .bearerToken(adminToken)
    assert.deepEqual(
      page.body().queueIntegrations.map((i: any) => i.id),
      [bot.body().id]
    )
    const all = await client.get('/queueIntegration').bearerToken(adminToken)
    assert.lengthOf(all.body().queueIntegrations, 3)
    assert.isFalse(all.body().hasMore)
    assert.notInclude(JSON.stringify(all.body()), 'PRIVATE KEY')
    assert.notInclude(JSON.stringify(all.body()), 'segredo-de-assinatura')

    // the masks sent back keep the secrets
    const edited = await client
      .put(`/queueIntegration/${df.body().id}`)
      .bearerToken(adminToken)
      .json({ ...df.body(), name: 'Dialogflow 2' })
    edited.assertStatus(200)
    assert.equal(edited.body().credentialsEmail, 'bot@loja-bot.iam.gserviceaccount.com')

    const del = await client.delete(`/queueIntegration/${hook.body().id}`).bearerToken(adminToken)
    del.assertStatus(200)
    ;(await client.get(`/queueIntegration/${hook.body().id}`).bearerToken(adminToken)).assertStatus(404)
  })

  test('an address may carry a token: users and the company-wide event read its origin, admins the whole of it', async ({
    client,
    assert,
  }) => {
    const t = await createTenant()
    const agent = await createUser(t.company)
    const l = listen(`http://127.0.0.1:${process.env.PORT}`, agent.token)
    try {
      await l.subscribe(`company/${t.company.id}`)
      const url = 'https://n8n.example.test/webhook/abc?token=s3cr3t'
      const created = await client
        .post('/queueIntegration')
        .bearerToken(t.adminToken)
        .json({ type: 'n8n', name: 'Fluxo n8n', urlN8N: url })
      created.assertStatus(201)
      assert.equal(created.body().urlN8N, url)
      const id = created.body().id
      const event = await l.waitFor(
        (m) => m.event === `company-${t.company.id}-queueIntegration` && m.action === 'create'
      )
      assert.equal(event?.record?.urlN8N, 'https://n8n.example.test/••••')
      assert.notInclude(JSON.stringify(event), 's3cr3t')

      const listed = await client.get('/queueIntegration').bearerToken(agent.token)
      listed.assertStatus(200)
      assert.equal(listed.body().queueIntegrations[0].urlN8N, 'https://n8n.example.test/••••')
      const shown = await client.get(`/queueIntegration/${id}`).bearerToken(agent.token)
      assert.equal(shown.body().urlN8N, 'https://n8n.example.test/••••')
      // the admin's edit dialog reads the record whole, so saving it keeps the address
      assert.equal((await client.get(`/queueIntegration/${id}`).bearerToken(t.adminToken)).body().urlN8N, url)
      assert.equal(
        (await client.get('/queueIntegration').bearerToken(t.adminToken)).body().queueIntegrations[0].urlN8N,
        url
      )
      const bare = await client
        .put(`/queueIntegration/${id}`)
        .bearerToken(t.adminToken)
        .json({ type: 'n8n', name: 'Fluxo n8n', urlN8N: 'https://n8n.example.test' })
      assert.equal(bare.body().urlN8N, 'https://n8n.example.test')
      assert.equal(
        (await client.get(`/queueIntegration/${id}`).bearerToken(agent.token)).body().urlN8N,
        'https://n8n.example.test'
      )
    } finally {
      l.close()
    }
  })

  test('validation: name 2-50, URL by type, slug for typebot, credentials for dialogflow', async ({
    client,
    assert,
  }) => {
    const { adminToken } = await createTenant()
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'webhook', name: 'x', urlN8N: 'https://a.test' }, 'ERR_VALIDATION'],
      [{ type: 'webhook', name: 'y'.repeat(51), urlN8N: 'https://a.test' }, 'ERR_VALIDATION'],
      [{ type: 'telegram', name: 'Bot', urlN8N: 'https://a.test' }, 'ERR_VALIDATION'],
      [{ type: 'webhook', name: 'Hook', urlN8N: 'javascript:alert(1)' }, 'ERR_VALIDATION'],
      [{ type: 'n8n', name: 'Hook' }, 'ERR_INTEGRATION_URL_REQUIRED'],
      [{ type: 'typebot', name: 'Bot', urlN8N: 'https://t.test' }, 'ERR_INTEGRATION_SLUG_REQUIRED'],
      [
        { type: 'dialogflow', name: 'DF', projectName: 'p', jsonContent: '{"a":1}' },
        'ERR_INTEGRATION_CREDENTIALS_INVALID',
      ],
      [{ type: 'dialogflow', name: 'DF', projectName: 'p' }, 'ERR_INTEGRATION_CREDENTIALS_INVALID'],
      [{ type: 'webhook', name: 'Hook', urlN8N: 'https://a.test', secret: 'curto' }, 'ERR_VALIDATION'],
    ]
    for (const [body, code] of cases) {
      const r = await client.post('/queueIntegration').bearerToken(adminToken).json(body)
      assert.equal(r.status(), 422, JSON.stringify(body))
      assert.equal(r.body().error, code, JSON.stringify(body))
    }
    ;(await client.get('/queueIntegration/999999999').bearerToken(adminToken)).assertStatus(404)
  })

  test('testSession checks the credentials through the Dialogflow client', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const body = { projectName: 'loja-bot', jsonContent: SERVICE_ACCOUNT, language: 'pt-BR' }
    const checked: string[] = []
    const restore = swapDialogflow({
      async check(c, project) {
        checked.push(`${c.client_email}/${project}`)
        if (project !== 'loja-bot') throw new Error('not found')
      },
      async detectIntent() {
        return { replies: [], endConversation: false }
      },
    })
    try {
      ;(await client.post('/queueIntegration/testSession').bearerToken(adminToken).json(body)).assertStatus(200)
      const wrong = await client
        .post('/queueIntegration/testSession')
        .bearerToken(adminToken)
        .json({ ...body, projectName: 'outro' })
      assert.equal(wrong.body().error, 'ERR_INTEGRATION_TEST_FAILED')
      const bad = await client
        .post('/queueIntegration/testSession')
        .bearerToken(adminToken)
        .json({ ...body, jsonContent: 'nope' })
      assert.equal(bad.body().error, 'ERR_INTEGRATION_CREDENTIALS_INVALID')
      assert.deepEqual(checked, [
        'bot@loja-bot.iam.gserviceaccount.com/loja-bot',
        'bot@loja-bot.iam.gserviceaccount.com/outro',
      ])
    } finally {
      restore()
    }
  })

  test('users read, admins write; useIntegrations gates every call', async ({ client, assert }) => {
    const { company } = await createTenant()
    const { token } = await createUser(company)
    ;(await client.get('/queueIntegration').bearerToken(token)).assertStatus(200)
    ;(
      await client
        .post('/queueIntegration')
        .bearerToken(token)
        .json({ type: 'webhook', name: 'Hook', urlN8N: 'https://a.test' })
    ).assertStatus(403)
    const off = await createTenant({ plan: await createPlan({ useIntegrations: false }) })
    const denied = await client.get('/queueIntegration').bearerToken(off.adminToken)
    denied.assertStatus(403)
    assert.equal(denied.body().error, 'ERR_PLAN_FEATURE_DISABLED')
  })
})

test.group('integrations: targets', () => {
  test('cloud metadata, unspecified and multicast addresses are never reached', async ({ assert }) => {
    const { forbiddenAddress, assertSafeTarget } = await import('../services/safe_target.js')
    for (const ip of ['169.254.169.254', '0.0.0.0', '224.0.0.1', '::', 'fe80::1', '::ffff:169.254.169.254'])
      assert.isTrue(forbiddenAddress(ip), ip)
    for (const ip of ['127.0.0.1', '10.0.0.5', '192.168.1.10', '8.8.8.8', '::1'])
      assert.isFalse(forbiddenAddress(ip), ip)
    await assert.rejects(() => assertSafeTarget('http://169.254.169.254/latest/meta-data'))
    await assertSafeTarget('http://127.0.0.1:9/hook')
  })
})
