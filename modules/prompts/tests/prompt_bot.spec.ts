import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { waitFor } from '#tests/helpers/inbox'
import { company, type Company } from '#modules/queues/tests/conversation/dsl'
import Prompt from '../models/prompt.js'
import { sealSecret } from '#core/secrets'
import { OUT_OF_SERVICE, TRANSFER_PHRASE, reply } from '../services/prompt_bot.js'
import { MAX_CALLS_PER_MINUTE } from '../services/guards.js'
import { FakeOpenAi } from './fake_openai.js'

const TEXT = 'Você é a assistente da Loja Sol. Responda dúvidas sobre produtos, preços e prazos de entrega.'

let current: Company | null = null
let fake: FakeOpenAi

async function withPrompt(fields: Partial<Prompt> = {}) {
  const c = (current = await company({ greeting_message: 'Olá' }))
  const q = await c.queue({ name: 'Atendimento' })
  await c.queue({ name: 'Financeiro' })
  const prompt = await tenancy.run(c.id, () =>
    Prompt.create({
      name: 'Sol',
      prompt: TEXT,
      apiKey: sealSecret('sk-test-key-1234'),
      model: 'gpt-4.1-mini',
      voice: 'texto',
      maxTokens: 120,
      temperature: 0.5,
      maxMessages: 3,
      queueId: q.id,
      ...fields,
    })
  )
  await c.connection({ prompt_id: prompt.id })
  return { c, q, prompt }
}

/** The contact says something and waits for the bot's (asynchronous) answer. */
async function ask(chat: ReturnType<Company['contact']>, body: string, answers = 1) {
  const before = (await chat.replies()).length
  await chat.says(body)
  await waitFor(async () => (await chat.replies()).length >= before + answers)
  return (await chat.replies()).slice(before)
}

test.group('prompts: the AI assistant answers contacts', (group) => {
  group.each.setup(async () => {
    fake = await new FakeOpenAi().start()
  })
  group.each.teardown(async () => {
    await fake.stop()
    await current?.close()
    current = null
  })

  test('answers through a job with the prompt model, key and numbers; the LAST N messages, the current once', async ({
    assert,
  }) => {
    const { c } = await withPrompt()
    let n = 0
    fake.answer = () => `resposta ${++n}`
    const ana = c.contact('Ana Clara Souza')
    assert.deepEqual(await ask(ana, 'mensagem 1'), ['resposta 1'])
    await ask(ana, 'mensagem 2')
    await ask(ana, 'mensagem 3')
    assert.deepEqual(await ask(ana, 'mensagem 4'), ['resposta 4'])

    const last = fake.chats.at(-1)!
    assert.equal(last.authorization, 'Bearer sk-test-key-1234')
    assert.equal(last.body.model, 'gpt-4.1-mini')
    assert.equal(last.body.max_tokens, 120)
    assert.equal(last.body.temperature, 0.5)
    const [system, ...turns] = last.body.messages
    assert.equal(system.role, 'system')
    assert.include(system.content, 'Ana')
    assert.include(system.content, TEXT)
    // maxMessages 3 before the current one: the latest ones, not the first ones
    assert.deepEqual(
      turns.map((t: any) => `${t.role}:${t.content}`),
      ['assistant:resposta 2', 'user:mensagem 3', 'assistant:resposta 3', 'user:mensagem 4']
    )
    // no menu: the ticket stays without queue
    const t = await ana.ticket()
    assert.isNull(t.queue_id)
    const calls = await db.from('prompt_calls').where('ticket_id', t.id)
    assert.lengthOf(calls, 4)
    assert.isTrue(calls.every((r: any) => r.outcome === 'ok' && r.tokens === 42))
  })

  test('the transfer phrase hands the ticket to the prompt queue, the phrase stripped', async ({ assert }) => {
    const { c, q } = await withPrompt()
    fake.answer = () => `${TRANSFER_PHRASE}. Vou chamar um atendente para você.`
    const bia = c.contact('Bia')
    assert.deepEqual(await ask(bia, 'quero falar com alguém'), ['Vou chamar um atendente para você.'])
    await waitFor(async () => (await bia.ticket()).queue_id === q.id)
    const t = await bia.ticket()
    assert.equal(t.status, 'pending')
    assert.include(await bia.logs(), 'queue')
    // with a queue, the bot is silent and the engine's rules apply
    const before = fake.chats.length
    await bia.says('oi?')
    await new Promise((r) => setTimeout(r, 300))
    assert.equal(fake.chats.length, before)
  })

  test('a failing provider: the contact gets the out-of-service text and a human; the failure is logged', async ({
    assert,
  }) => {
    const { c, q } = await withPrompt()
    fake.answer = () => 500
    const caio = c.contact('Caio')
    assert.deepEqual(await ask(caio, 'oi'), [OUT_OF_SERVICE])
    await waitFor(async () => (await caio.ticket()).queue_id === q.id)
    const [call] = await db.from('prompt_calls').where('ticket_id', (await caio.ticket()).id)
    assert.equal(call.outcome, 'failed')
    assert.include(call.error, '500')
  })

  test('guards: a message is answered once; calls per ticket and minute and the daily token budget', async ({
    assert,
  }) => {
    const { c, prompt } = await withPrompt()
    const dani = c.contact('Dani')
    await ask(dani, 'oi')
    const t = await dani.ticket()
    const msg = await db.from('messages').where({ ticket_id: t.id, from_me: false }).orderBy('id', 'desc').first()
    const job = { companyId: c.id, ticketId: t.id, messageId: msg.id, promptId: prompt.id }
    const chats = fake.chats.length
    await reply(job) // the same message again: already answered
    assert.equal(fake.chats.length, chats)

    // per-minute limit: further messages are not sent to the provider
    for (let i = 0; i < MAX_CALLS_PER_MINUTE; i++) {
      await db.table('prompt_calls').insert({
        company_id: c.id,
        ticket_id: t.id,
        message_id: 900000000 + i + Math.floor(Math.random() * 1e6),
        outcome: 'ok',
        tokens: 1,
      })
    }
    await dani.says('de novo')
    await new Promise((r) => setTimeout(r, 800))
    assert.equal(fake.chats.length, chats)
    assert.isOk(await db.from('prompt_calls').where({ ticket_id: t.id, outcome: 'limited' }).first())

    // budget: another ticket of the company, over the day's tokens → out-of-service text and a human
    await db
      .table('prompt_calls')
      .insert({ company_id: c.id, ticket_id: 1, message_id: 1, outcome: 'ok', tokens: 10_000_000 })
    const eva = c.contact('Eva')
    assert.deepEqual(await ask(eva, 'oi'), [OUT_OF_SERVICE])
    assert.equal(fake.chats.length, chats)
  })

  test('a plan without useOpenAi: the engine answers with its menu, the AI stays out', async ({ assert }) => {
    const { c } = await withPrompt()
    const row = await db.from('companies').where('id', c.id).first()
    const plan = await db.from('plans').where('id', row.plan_id).first()
    const features = typeof plan.features === 'string' ? JSON.parse(plan.features) : (plan.features ?? {})
    await db
      .from('plans')
      .where('id', plan.id)
      .update({ features: JSON.stringify({ ...features, useOpenAi: false }) })
    const gil = c.contact('Gil')
    const [menu] = await gil.says('oi')
    assert.include(menu, '*[ 1 ]* - Atendimento')
    await new Promise((r) => setTimeout(r, 300))
    assert.lengthOf(fake.chats, 0)
  })

  test('a voice prompt answers with Azure speech (mp3, private); a failing speech service answers in text', async ({
    assert,
  }) => {
    const { c } = await withPrompt({
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: sealSecret('azure-key-1234'),
      voiceRegion: 'brazilsouth',
    })
    fake.answer = () => 'Abrimos às 9h & fechamos às 18h.'
    const speech: { headers: any; body: string }[] = []
    let fail = false
    const server = createServer((req, res) => {
      let body = ''
      req.on('data', (ch) => (body += ch))
      req.on('end', () => {
        speech.push({ headers: req.headers, body })
        if (fail) return res.writeHead(401).end()
        res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.from('ID3fake-mp3'))
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    process.env.AZURE_TTS_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const hugo = c.contact('Hugo')
      await ask(hugo, 'que horas abrem?')
      const t = await hugo.ticket()
      const audio = await db.from('messages').where({ ticket_id: t.id, from_me: true }).orderBy('id', 'desc').first()
      assert.equal(audio.media_type, 'audio')
      assert.match(audio.media_url, new RegExp(`^c${c.id}/prompts/voice/.+\\.mp3$`))
      assert.equal(speech[0].headers['ocp-apim-subscription-key'], 'azure-key-1234')
      assert.include(speech[0].body, '<voice name="pt-BR-FranciscaNeural">Abrimos às 9h &amp; fechamos às 18h.</voice>')

      fail = true
      assert.deepEqual(await ask(hugo, 'e sábado?'), ['Abrimos às 9h & fechamos às 18h.'])
    } finally {
      delete process.env.AZURE_TTS_BASE_URL
      await new Promise<void>((r) => server.close(() => r()))
    }
  })

  test('an inbound audio is transcribed and answered', async ({ assert }) => {
    const { c } = await withPrompt()
    fake.answer = (body) => `ouvi: ${body.messages.at(-1).content}`
    const key = `c${c.id}/test/audio.ogg`
    const { storage } = await import('#core/storage')
    await storage.disk().put(key, 'OggS fake audio')
    const fabi = c.contact('Fabi')
    const before = (await fabi.replies()).length
    await fabi.says('', { mediaType: 'audio', mediaUrl: key } as any)
    await waitFor(async () => (await fabi.replies()).length > before)
    const replies = (await fabi.replies()).slice(before)
    assert.include(replies.join('|'), 'ouvi: quero saber o preço')
  })
})
