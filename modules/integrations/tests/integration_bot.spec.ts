import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { jobs } from '#core/jobs'
import { waitDrained, waitFor } from '#tests/helpers/inbox'
import { company, type Company } from '#modules/queues/tests/conversation/dsl'
import QueueIntegration from '../models/queue_integration.js'
import { sealSecret } from '#core/secrets'
import { retryDelays, signBody } from '../services/webhook.js'
import { QUEUE } from '../services/runner.js'
import { swapDialogflow } from '../services/dialogflow.js'
import { FakeServer, bubble } from './fake_server.js'
import { SERVICE_ACCOUNT } from './isolation.js'

const SECRET = 'segredo-de-assinatura-123'
let current: Company | null = null
let server: FakeServer

const integration = (c: Company, fields: Partial<QueueIntegration>) =>
  tenancy.run(c.id, () =>
    QueueIntegration.create({
      type: 'webhook',
      name: 'Hook',
      urlN8N: `${server.url}/hook`,
      secret: sealSecret(SECRET),
      language: 'pt-BR',
      ...fields,
    })
  )

/** The contact says something; waits until the bot has answered `n` more messages. */
async function ask(chat: ReturnType<Company['contact']>, body: string, n = 1) {
  const before = (await chat.replies()).length
  await chat.says(body)
  if (n) await waitFor(async () => (await chat.replies()).length >= before + n)
  return (await chat.replies()).slice(before)
}

test.group('integrations: bots in the conversation', (group) => {
  group.each.setup(async () => {
    server = await new FakeServer().start()
    retryDelays.ms = [20, 20]
  })
  group.each.teardown(async () => {
    await server.stop()
    await current?.close()
    current = null
  })

  test('webhook on the connection: signed normalised JSON, the reply goes back; the ticket stays with it', async ({
    assert,
  }) => {
    const c = (current = await company({ greeting_message: 'Olá' }))
    await c.queue({ name: 'A' })
    await c.queue({ name: 'B' })
    const hook = await integration(c, {})
    await c.connection({ integration_id: hook.id })
    server.handler = (r) => ({ json: { reply: `recebi: ${r.body.message.body}` } })
    const ana = c.contact('Ana')
    assert.deepEqual(await ask(ana, 'oi'), ['recebi: oi'])
    const [seen] = server.seen
    assert.equal(
      seen.headers['x-balcao-signature'],
      signBody(SECRET, Number(seen.headers['x-balcao-timestamp']), seen.raw)
    )
    assert.deepInclude(seen.body.contact, { name: 'Ana', number: ana.number })
    assert.deepInclude(seen.body.message, { body: 'oi' })
    assert.equal(seen.body.integration.id, hook.id)
    const t = await ana.ticket()
    assert.isTrue(t.use_integration)
    assert.equal(t.integration_id, hook.id)
    // no menu: every message goes to the integration
    assert.deepEqual(await ask(ana, 'tudo bem?'), ['recebi: tudo bem?'])
  })

  test('n8n on a single queue (auto-assign): retried on 5xx, each try logged; a 4xx is not retried', async ({
    assert,
  }) => {
    const c = (current = await company())
    const hook = await integration(c, { type: 'n8n' })
    const q = await c.queue({ name: 'Suporte' })
    await db.from('queues').where('id', q.id).update({ integration_id: hook.id })
    let calls = 0
    server.handler = () => (++calls < 3 ? { status: 503, text: 'busy' } : { text: 'ok, anotado' })
    const bia = c.contact('Bia')
    assert.deepEqual(await ask(bia, 'preciso de ajuda'), ['ok, anotado'])
    const log = await db.from('integration_deliveries').where('integration_id', hook.id).orderBy('id')
    assert.deepEqual(
      log.map((l: any) => [l.attempt, l.status_code, l.ok]),
      [
        [1, 503, false],
        [2, 503, false],
        [3, 200, true],
      ]
    )
    assert.equal((await bia.ticket()).queue_id, q.id)

    server.handler = () => ({ status: 404, text: 'no' })
    await bia.says('de novo')
    await waitFor(
      async () =>
        (await db.from('integration_deliveries').where({ integration_id: hook.id, status_code: 404 })).length === 1
    )
    await new Promise((r) => setTimeout(r, 200))
    assert.lengthOf(await db.from('integration_deliveries').where({ integration_id: hook.id, status_code: 404 }), 1)
  })

  test('typebot via a chatbot option: start, continue, choices, expiry from the LAST activity, restart and finish keywords', async ({
    assert,
  }) => {
    const c = (current = await company({ greeting_message: 'Olá', complation_message: 'Tchau' }))
    const bot = await integration(c, {
      type: 'typebot',
      name: 'Typebot',
      urlN8N: server.url,
      typebotSlug: 'vendas',
      typebotExpires: 5,
      typebotDelayMessage: 0,
      typebotKeywordRestart: 'reiniciar',
      typebotRestartMessage: 'Vamos recomeçar.',
      typebotKeywordFinish: 'encerrar',
    })
    const q = await c.queue({ name: 'Vendas', greetingMessage: 'Escolha:' })
    await c.queue({ name: 'Outra' })
    await db
      .table('chatbots')
      .insert({ company_id: c.id, queue_id: q.id, name: 'Robô', queue_type: 'integration', opt_integration_id: bot.id })
    await db.table('chatbots').insert({ company_id: c.id, queue_id: q.id, name: 'Humano', queue_type: 'text' })
    let starts = 0
    server.handler = (r) => {
      if (r.path.endsWith('/startChat')) {
        starts++
        return {
          json: {
            sessionId: `s${starts}`,
            messages: [bubble('Bem-vindo à '), bubble('Loja', true)],
            input: { type: 'choice input', items: [{ content: 'Camisetas' }, { content: 'Bonés' }] },
          },
        }
      }
      if (r.body.message === 'transferir') return { json: { messages: [bubble(`#{"queueId":${q.id}}`)] } }
      return { json: { messages: [bubble(`você disse ${r.body.message}`)] } }
    }
    const caio = c.contact('Caio')
    await caio.says('oi')
    await caio.says('1')
    const first = await ask(caio, '1', 3)
    assert.deepEqual(
      first,
      ['Bem-vindo à ', '*Loja*', '▶️ Camisetas\n▶️ Bonés'].map((s) => s.trim())
    )
    const start = server.seen.find((s) => s.path === '/api/v1/typebots/vendas/startChat')!
    assert.deepInclude(start.body.prefilledVariables, { number: caio.number, pushName: 'Caio' })
    let t = await caio.ticket()
    assert.isNull(t.queue_id)
    assert.isTrue(t.use_integration)

    assert.deepEqual(await ask(caio, 'Camisetas'), ['você disse Camisetas'])
    assert.match(server.seen.at(-1)!.path, /\/api\/v1\/sessions\/s1\/continueChat$/)

    // 4 minutes of silence, then 4 more: the session lives (5 min from the last activity)
    await db
      .from('integration_sessions')
      .where('ticket_id', t.id)
      .update({ last_activity_at: new Date(Date.now() - 4 * 60_000) })
    await ask(caio, 'ainda aqui')
    assert.equal(starts, 1)
    await db
      .from('integration_sessions')
      .where('ticket_id', t.id)
      .update({ last_activity_at: new Date(Date.now() - 6 * 60_000) })
    await ask(caio, 'voltei', 3)
    assert.equal(starts, 2)

    assert.deepEqual(await ask(caio, 'Reiniciar'), ['Vamos recomeçar.'])
    assert.lengthOf(await db.from('integration_sessions').where('ticket_id', t.id), 0)

    // a '#' trigger moves the ticket to a queue and ends the integration
    await ask(caio, 'olá', 3)
    await caio.says('transferir')
    await waitFor(async () => (await caio.ticket()).queue_id === q.id)
    t = await caio.ticket()
    assert.isFalse(t.use_integration)

    // finish keyword closes the ticket (a new contact, straight to the bot through the connection)
    await c.connection({ integration_id: bot.id })
    const dani = c.contact('Dani')
    await ask(dani, 'oi', 3)
    await dani.says('ENCERRAR')
    await waitFor(async () => (await dani.ticket()).status === 'closed')
  })

  test('a typebot #{"stopBot":true} bubble hands the ticket back; the connection does not take it again', async ({
    assert,
  }) => {
    const c = (current = await company())
    const bot = await integration(c, {
      type: 'typebot',
      name: 'Typebot',
      urlN8N: server.url,
      typebotSlug: 'suporte',
      typebotDelayMessage: 0,
    })
    await c.connection({ integration_id: bot.id })
    server.handler = (r) => {
      if (r.path.endsWith('/startChat')) return { json: { sessionId: 's1', messages: [bubble('Oi! Como ajudo?')] } }
      if (r.body.message === 'humano')
        return { json: { messages: [bubble('Chamando alguém.'), bubble('#{"stopBot":true}')] } }
      return { json: { messages: [bubble(`você disse ${r.body.message}`)] } }
    }
    const gabi = c.contact('Gabi')
    assert.deepEqual(await ask(gabi, 'oi'), ['Oi! Como ajudo?'])
    assert.deepEqual(await ask(gabi, 'humano'), ['Chamando alguém.'])
    await waitFor(async () => (await gabi.ticket()).use_integration === false)
    const t = await gabi.ticket()
    assert.equal(t.integration_id, bot.id)
    assert.isFalse(t.is_bot)
    const calls = server.seen.length
    await gabi.says('alô?')
    await waitFor(async () => (await db.from('messages').where({ ticket_id: t.id, body: 'alô?' })).length)
    await new Promise((r) => setTimeout(r, 1000))
    assert.equal(server.seen.length, calls)
    assert.isFalse((await gabi.ticket()).use_integration)
  })

  test('typebot bubbles are paced by typebotDelayMessage', async ({ assert }) => {
    const c = (current = await company())
    const bot = await integration(c, {
      type: 'typebot',
      urlN8N: server.url,
      typebotSlug: 'x',
      typebotDelayMessage: 300,
    })
    await c.connection({ integration_id: bot.id })
    server.handler = () => ({ json: { sessionId: 's', messages: [bubble('um'), bubble('dois'), bubble('três')] } })
    const gil = c.contact('Gil')
    assert.deepEqual(await ask(gil, 'oi', 3), ['um', 'dois', 'três'])
    const contact = await db.from('contacts').where({ company_id: c.id, number: gil.number }).first()
    const rows = await db.from('messages').where({ contact_id: contact.id, from_me: true }).orderBy('id')
    const times = rows.map((r: any) => new Date(r.created_at).getTime())
    assert.isAtLeast(times[1] - times[0], 250)
    assert.isAtLeast(times[2] - times[1], 250)
  })

  test('a contact with disableBot never reaches the integration', async ({ assert }) => {
    const c = (current = await company())
    const hook = await integration(c, {})
    await c.connection({ integration_id: hook.id })
    const eva = c.contact('Eva')
    await eva.says('oi')
    // the first message's (asynchronous) delivery arrives before the switch
    await waitFor(async () => server.seen.length === 1)
    await db.from('contacts').where({ company_id: c.id, number: eva.number }).update({ disable_bot: true })
    const seen = server.seen.length
    await eva.says('de novo')
    // the event and its after-commit effects done: a call to the integration would be queued by now
    await waitDrained(c.id)
    const again = await db.from('messages').where({ company_id: c.id, body: 'de novo' }).firstOrFail()
    assert.isUndefined(await jobs.queue(QUEUE).getJob(`integration-${c.id}-${again.id}`))
    assert.equal(server.seen.length, seen)
  })

  test('dialogflow through its client interface: replies with the name, endConversation stops the bot', async ({
    assert,
  }) => {
    const c = (current = await company())
    const df = await integration(c, {
      type: 'dialogflow',
      name: 'Assistente',
      urlN8N: null,
      projectName: 'loja-bot',
      jsonContent: sealSecret(SERVICE_ACCOUNT),
    })
    await c.connection({ integration_id: df.id })
    const asked: string[] = []
    const restore = swapDialogflow({
      async check() {},
      async detectIntent(req) {
        asked.push(`${req.projectName}|${req.languageCode}|${req.text}`)
        return req.text === 'tchau'
          ? { replies: ['Até mais!'], endConversation: true }
          : { replies: ['Olá! Em que posso ajudar?'], endConversation: false }
      },
    })
    try {
      const fabi = c.contact('Fabi')
      assert.deepEqual(await ask(fabi, 'oi'), ['*Assistente:* Olá! Em que posso ajudar?'])
      assert.deepEqual(await ask(fabi, 'tchau'), ['*Assistente:* Até mais!'])
      await waitFor(async () => (await fabi.ticket()).use_integration === false)
      // stopped for this ticket: the connection's integration does not take it back on the next message
      const t = await fabi.ticket()
      assert.equal(t.integration_id, df.id)
      await fabi.says('ainda tem alguém?')
      await waitFor(
        async () => (await db.from('messages').where({ ticket_id: t.id, body: 'ainda tem alguém?' })).length
      )
      await new Promise((r) => setTimeout(r, 1000))
      assert.deepEqual(asked, ['loja-bot|pt-BR|oi', 'loja-bot|pt-BR|tchau'])
      assert.isFalse((await fabi.ticket()).use_integration)
    } finally {
      restore()
    }
  })
})
