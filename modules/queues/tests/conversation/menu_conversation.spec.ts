import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { company, mainMenu, optionsMenu, type Company } from './dsl.js'
import { inbound } from '#core/pipeline'
import { createUser } from '#tests/helpers/world'
import { ingest, message, waitFor, waitProcessed } from '#tests/helpers/inbox'

let current: Company | null = null
const open = async (connection: Record<string, unknown> = {}) => (current = await company(connection))

test.group('conversation: greeting, queue menu and chatbot', (group) => {
  group.each.teardown(async () => {
    await current?.close()
    current = null
  })

  test('greeting and numbered queue menu with the end line; a valid choice routes; the menu goes out', async ({
    assert,
  }) => {
    const c = await open({ greeting_message: '{{ms}}, {{firstName}}! Bem-vindo à {{name_company}}.' })
    const sales = await c.queue({ name: 'Vendas', greetingMessage: 'Fila de vendas, aguarde.', orderQueue: 2 })
    const support = await c.queue({ name: 'Suporte', orderQueue: 1 })
    const maria = c.contact('Maria Souza')

    const [menu] = await maria.says('oi')
    assert.match(menu, /^(Bom dia|Boa tarde|Boa noite|Boa madrugada), Maria! Bem-vindo à Company /)
    assert.isTrue(menu.endsWith('\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas\n*[ Sair ]* - Encerrar atendimento'))
    let t = await maria.ticket()
    assert.equal(t.status, 'pending')
    assert.isNull(t.queue_id)
    assert.equal(t.amount_used_bot_queues, 1)

    assert.deepEqual(await maria.says('2'), ['Fila de vendas, aguarde.'])
    t = await maria.ticket()
    assert.equal(t.queue_id, sales.id)
    assert.isNull(t.user_id)
    assert.equal(t.amount_used_bot_queues, 0)
    assert.deepEqual(await maria.logs(), ['create', 'chatBot', 'queue'])
    assert.notEqual(support.id, sales.id)

    // the replies really leave through the outbox and the channel driver
    const mine = () =>
      c.driver.sent
        .map((m) => m.body?.replaceAll('\u200e', ''))
        .filter((b) => b === menu || b === 'Fila de vendas, aguarde.')
    await waitFor(async () => mine().length >= 2)
    assert.deepEqual(mine(), [menu, 'Fila de vendas, aguarde.'])
    const rows = await db.from('messages').where({ ticket_id: t.id, from_me: true })
    assert.isTrue(rows.every((r: any) => r.body.startsWith('\u200e')))
  })

  test('Sair ends the conversation with the completion message', async ({ assert }) => {
    const c = await open({ greeting_message: 'Olá', complation_message: 'Até logo, {{name}}!' })
    await c.queue({ name: 'A' })
    await c.queue({ name: 'B' })
    const joao = c.contact('João Lima')
    assert.deepEqual(await joao.says('bom dia'), [mainMenu('Olá', ['A', 'B'])])
    assert.deepEqual(await joao.says('SAIR'), ['Até logo, João Lima!'])
    const t = await joao.ticket()
    assert.equal(t.status, 'closed')
    assert.deepEqual(await joao.logs(), ['create', 'chatBot', 'clientClosed'])
  })

  test('maxUseBotQueues: the menu repeats at most N times, then the bot is silent', async ({ assert }) => {
    const c = await open({ greeting_message: 'Escolha', max_use_bot_queues: 2 })
    await c.queue({ name: 'A' })
    await c.queue({ name: 'B' })
    const ana = c.contact('Ana')
    assert.lengthOf(await ana.says('oi'), 1)
    assert.deepEqual(await ana.says('banana'), [mainMenu('Escolha', ['A', 'B'])])
    assert.deepEqual(await ana.says('9'), [])
    assert.equal((await ana.ticket()).amount_used_bot_queues, 2)
    // a valid choice still routes
    await ana.says('1')
    assert.isNotNull((await ana.ticket()).queue_id)
  })

  test('timeUseBotQueues: after answering, the bot waits N real minutes (hours and days count)', async ({ assert }) => {
    const c = await open({ greeting_message: 'Escolha', max_use_bot_queues: 0, time_use_bot_queues: '90' })
    await c.queue({ name: 'A' })
    await c.queue({ name: 'B' })
    const bia = c.contact('Bia')
    assert.lengthOf(await bia.says('oi'), 1)
    assert.deepEqual(await bia.says('x'), [], 'within 90 minutes: silent')
    // 61 minutes ago: same minute field as "now + 29" would be for the buggy arithmetic; still silent
    await bia.ago(61, 'bot_answered_at')
    assert.deepEqual(await bia.says('x'), [])
    await bia.ago(91, 'bot_answered_at')
    assert.lengthOf(await bia.says('x'), 1, 'after 90 minutes the menu comes back')
    // a day later is also later than 90 minutes
    await bia.ago(24 * 60 + 5, 'bot_answered_at')
    assert.lengthOf(await bia.says('x'), 1)
  })

  test('one queue without chatbot: auto-assign with the greeting (sendGreetingMessageOneQueues) and queue position', async ({
    assert,
  }) => {
    const c = await open({ greeting_message: 'Olá {{name}}, ticket {{ticket_id}}' })
    const q = await c.queue({ name: 'Única' })
    await c.set({ sendQueuePosition: 'enabled', sendQueuePositionMessage: 'Sua posição na fila:' })
    const first = c.contact('Primeiro')
    const r1 = await first.says('oi')
    const t1 = await first.ticket()
    assert.deepEqual(r1, [`Olá Primeiro, ticket ${t1.id}`, 'Sua posição na fila: *1*'])
    assert.equal(t1.queue_id, q.id)
    assert.equal(t1.status, 'pending')
    assert.deepEqual(await first.logs(), ['create', 'queue'])

    const second = c.contact('Segundo')
    const r2 = await second.says('oi')
    assert.equal(r2[1], 'Sua posição na fila: *2*')

    // without the setting: routed silently
    await c.set({ sendGreetingMessageOneQueues: 'disabled', sendQueuePosition: 'disabled' })
    const third = c.contact('Terceiro')
    assert.deepEqual(await third.says('oi'), [])
    assert.equal((await third.ticket()).queue_id, q.id)
  })

  test('disableBot on the contact: no menu at all', async ({ assert }) => {
    const c = await open({ greeting_message: 'Escolha' })
    await c.queue({ name: 'A' })
    await c.queue({ name: 'B' })
    const quiet = c.contact('Quieto')
    await db.table('contacts').insert({
      company_id: c.id,
      name: 'Quieto',
      number: quiet.number,
      disable_bot: true,
    })
    assert.deepEqual(await quiet.says('oi'), [])
    assert.isNull((await quiet.ticket()).queue_id)
  })

  test('chatbot tree: options, sub-options, invalid option, back (#), an option without message stops the bot', async ({
    assert,
  }) => {
    const c = await open({ greeting_message: 'Menu principal' })
    const fin = await c.queue({ name: 'Financeiro', greetingMessage: 'Financeiro: escolha' })
    await c.queue({ name: 'Outros' })
    const boletos = await c.option({ queueId: fin.id }, { name: 'Boletos', greetingMessage: 'Boletos: escolha' })
    await c.option(
      { chatbotId: boletos },
      { name: 'Segunda via', greetingMessage: 'Enviaremos a segunda via, {{firstName}}.' }
    )
    await c.option({ chatbotId: boletos }, { name: 'Falar com alguém' })
    await c.option({ queueId: fin.id }, { name: 'Notas fiscais', greetingMessage: 'Notas: em breve' })

    const rui = c.contact('Rui Costa')
    await rui.says('oi')
    assert.deepEqual(await rui.says('1'), [optionsMenu('Financeiro: escolha', ['Boletos', 'Notas fiscais'], true)])
    assert.equal((await rui.ticket()).queue_id, fin.id)
    assert.deepEqual(await rui.says('1'), [optionsMenu('Boletos: escolha', ['Segunda via', 'Falar com alguém'])])
    assert.equal((await rui.ticket()).chatbot_stage_id, boletos)
    assert.deepEqual(await rui.says('7'), ['Opção inválida! Digite um número válido para continuar!'])
    assert.deepEqual(await rui.says('texto'), ['Opção inválida! Digite um número válido para continuar!'])
    // an option without a message: the bot stops (stage cleared, no more bot replies)
    assert.deepEqual(await rui.says('2'), [])
    let t = await rui.ticket()
    assert.isNull(t.chatbot_stage_id)
    assert.isFalse(t.is_bot)
    assert.deepEqual(await rui.says('1'), [])

    // back to the main menu with #
    const leo = c.contact('Leo')
    await leo.says('oi')
    await leo.says('1')
    assert.deepEqual(await leo.says('#'), [mainMenu('Menu principal', ['Financeiro', 'Outros'])])
    t = await leo.ticket()
    assert.isNull(t.queue_id)
    assert.isNull(t.chatbot_stage_id)
    // a leaf with a message and no sub-options shows back and end lines
    await leo.says('1')
    assert.deepEqual(await leo.says('2'), [optionsMenu('Notas: em breve', [], true)])
  })

  test('chatbot option of type queue/attendent routes and clears the stage', async ({ assert }) => {
    const c = await open({ greeting_message: 'Menu' })
    const entry = await c.queue({ name: 'Entrada', greetingMessage: 'Como ajudar?' })
    const tech = await c.queue({ name: 'Técnico' })
    const u = await createUser(c.world.company, { name: 'Carla' } as any)
    await c.option(
      { queueId: entry.id },
      { name: 'Suporte técnico', queueType: 'queue', optQueueId: tech.id, greetingMessage: 'Encaminhando ao técnico' }
    )
    await c.option(
      { queueId: entry.id },
      { name: 'Falar com a Carla', queueType: 'attendent', optQueueId: tech.id, optUserId: u.user.id }
    )

    const a = c.contact('A')
    await a.says('oi')
    await a.says('1')
    assert.deepEqual(await a.says('1'), ['Encaminhando ao técnico'])
    let t = await a.ticket()
    assert.equal(t.queue_id, tech.id)
    assert.isNull(t.user_id)
    assert.isNull(t.chatbot_stage_id)
    assert.isFalse(t.is_bot)
    assert.deepEqual(await a.says('1'), [], 'routed: the bot does not answer any more')

    const b = c.contact('B')
    await b.says('oi')
    await b.says('1')
    assert.deepEqual(await b.says('2'), [])
    t = await b.ticket()
    assert.equal(t.queue_id, tech.id)
    assert.equal(t.user_id, u.user.id)
    assert.equal(t.status, 'pending')
    assert.include(await b.logs(), 'userDefine')
  })

  test('a queue that closes tickets closes after its greeting, without farewell', async ({ assert }) => {
    const c = await open({ greeting_message: 'Menu', complation_message: 'Tchau' })
    await c.queue({ name: 'Info', greetingMessage: 'Nosso horário é 8h-18h.', closeTicket: true })
    await c.queue({ name: 'Outra' })
    const x = c.contact('X')
    await x.says('oi')
    assert.deepEqual(await x.says('1'), ['Nosso horário é 8h-18h.'])
    assert.equal((await x.ticket()).status, 'closed')
  })

  test('a crash after the bot wrote its reply neither loses nor doubles it (same transaction as the event)', async ({
    assert,
  }) => {
    const c = await open({ greeting_message: 'Menu {{connection}} {{hour}} {{data_hora}} {{protocol}}' })
    await c.queue({ name: 'A' })
    await c.queue({ name: 'B' })
    let crashes = 0
    inbound.setFaultInjector((_stored, attempt) => {
      if (attempt === 1) {
        crashes++
        throw new Error('simulated crash before commit')
      }
    })
    try {
      const d = c.contact('D')
      const replies = await d.says('oi')
      assert.isAtLeast(crashes, 1)
      assert.lengthOf(replies, 1)
      const t = await d.ticket()
      assert.equal(t.amount_used_bot_queues, 1)
      assert.match(
        replies[0],
        new RegExp(
          `^Menu Conn \\S+ \\d{1,2}:\\d{2}:\\d{2} \\d{2}-\\d{2}-\\d{4} às \\d{1,2}:\\d{2}:\\d{2} \\d{15}${t.id}\\n`
        )
      )
      // the driver double is shared by every company of the run: count this reply only
      const mine = () => c.driver.sent.filter((m) => m.body?.replaceAll('\u200e', '') === replies[0])
      await waitFor(async () => mine().length >= 1)
      await new Promise((r) => setTimeout(r, 300))
      assert.lengthOf(mine(), 1)
      assert.lengthOf(await db.from('messages').where({ ticket_id: t.id, from_me: true }), 1)
    } finally {
      inbound.setFaultInjector(null)
    }
  })

  test('messages of one contact processed at once: the ticket lock serialises the bot (no double menus)', async ({
    assert,
  }) => {
    const c = await open({ greeting_message: 'Escolha', max_use_bot_queues: 3 })
    await c.queue({ name: 'A' })
    await c.queue({ name: 'B' })
    const e = c.contact('Eva')
    // the first message creates the ticket; five more arrive together
    await e.says('oi')
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((body) =>
        ingest(c.world, message(c.whatsappId, e.number, body, { contact: { number: e.number, name: 'Eva' } }))
      )
    )
    await waitProcessed(c.id)
    assert.lengthOf(await e.replies(), 3, 'maxUseBotQueues holds under concurrency')
    assert.equal((await e.ticket()).amount_used_bot_queues, 3)
  })
})
