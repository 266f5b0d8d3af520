/**
 * The agents' AI help in the chat (issue #19 §4), with the local fake OpenAI
 * server: suggestions land in the composer and nothing is sent until the agent
 * presses Send; "improve" replaces the draft only when accepted; the summary;
 * the admins' key on the settings screen; the menu goes away with the key.
 */
import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD, createUser, uid } from '#tests/helpers/world'
import {
  createConnection,
  ingest,
  inboxWorld,
  message,
  rand,
  startWorkers,
  waitFor,
  waitProcessed,
  type InboxWorld,
} from '#tests/helpers/inbox'
import { FakeOpenAi } from '#modules/prompts/tests/fake_openai'
import { setKey } from '#modules/assist/tests/fixtures'
import { BASE_URL, launchBrowser, openPage, screenshot, signIn } from './support.js'

const SUGGESTIONS = [
  'Claro! Pode me passar o número do pedido?',
  'O prazo de entrega é de 5 dias úteis.',
  'Vou verificar e já retorno, tudo bem?',
]

/** The outside system behind the API-channel connection (loopback only): records every callback. */
async function receiver() {
  const bodies: string[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      bodies.push(body)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: `ext-${uid()}` }))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as any).port
  return { bodies, url: `http://127.0.0.1:${port}/hook`, close: () => new Promise((r) => server.close(r)) }
}

async function apiCall(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { 'Accept': 'application/json', 'Content-Type': 'application/json', 'Authorization': `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

async function chatWorld() {
  await startWorkers()
  const w: InboxWorld = await inboxWorld()
  const rx = await receiver()
  const conn = await createConnection(w.company, {
    settings: { secret: 'a-long-shared-secret-for-chat', callbackUrl: rx.url },
  } as any)
  await db.table('whatsapp_queues').insert({ whatsapp_id: conn.id, queue_id: w.queue.id })
  await ingest(w, message(conn.id, rand(), 'Olá, meu pedido ainda não chegou. Qual o prazo de entrega?'))
  await waitProcessed(w.company.id)
  const row = await db.from('tickets').where({ company_id: w.company.id, whatsapp_id: conn.id }).firstOrFail()
  await apiCall(w.adminToken, 'PUT', `/tickets/${row.id}`, { status: 'open', userId: w.admin.id, queueId: w.queue.id })
  return { w, rx, ticket: row as { id: number; uuid: string } }
}

async function openChat(page: Page, uuid: string) {
  await page.goto(`/tickets/${uuid}`)
  await page.locator('[data-testid=chat-page]').waitFor()
  await page.locator('[data-testid=message]').first().waitFor()
}

const composer = (page: Page) =>
  page.locator('[data-testid=message-input] textarea, textarea[data-testid=message-input]').first()

async function pick(page: Page, item: 'summary' | 'suggest' | 'improve') {
  await page.click('[data-testid=assist-menu]')
  await page.click(`[data-testid=assist-${item}]`)
}

test.group('browser · AI help for agents', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  let fake: FakeOpenAi
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })
  group.each.setup(async () => {
    fake = await new FakeOpenAi().start()
    fake.answer = (body) => {
      const system: string = body.messages[0].content
      if (system.includes('Propose exactly 3')) return JSON.stringify({ suggestions: SUGGESTIONS })
      if (system.includes('Summarise'))
        return '- O cliente pergunta pelo pedido que não chegou\n- Próximo passo: informar o prazo de entrega'
      return 'Olá! Seu pedido será entregue em até 5 dias úteis.'
    }
    return () => fake.stop()
  })

  test('an agent asks for suggestions, one lands in the composer, nothing is sent until they press send', async ({
    assert,
  }) => {
    const { w, rx, ticket } = await chatWorld()
    try {
      await setKey(w.company.id)
      await apiCall(w.adminToken, 'POST', '/quick-messages', {
        shortcode: 'prazo',
        message: 'O prazo de entrega é de 5 dias úteis.',
      })
      const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
      await signIn(page, w.admin.email, PASSWORD)
      await openChat(page, ticket.uuid)

      // suggestions: three, from the conversation and the quick replies
      await pick(page, 'suggest')
      await page.locator('[data-testid=assist-suggestions-dialog]').waitFor()
      const options = page.locator('[data-testid=assist-suggestion]')
      assert.deepEqual(await options.allInnerTexts(), SUGGESTIONS)
      const asked = fake.chats.at(-1)!.body.messages
      assert.include(asked[0].content, '/prazo: O prazo de entrega é de 5 dias úteis.')
      assert.include(asked[1].content, 'meu pedido ainda não chegou')
      await screenshot(page, 'assist-suggestions-1440')

      const sentBefore = await db.from('messages').where({ ticket_id: ticket.id, from_me: true }).count('* as n')
      await options.nth(1).click()
      await page.locator('[data-testid=assist-suggestions-dialog]').waitFor({ state: 'detached' })
      assert.equal(await composer(page).inputValue(), SUGGESTIONS[1])
      // in the composer only: no message, no delivery
      await page.waitForTimeout(1500)
      const sentAfter = await db.from('messages').where({ ticket_id: ticket.id, from_me: true }).count('* as n')
      assert.equal(Number(sentAfter[0].n), Number(sentBefore[0].n))
      assert.isFalse(rx.bodies.some((b) => b.includes(SUGGESTIONS[1])))
      await screenshot(page, 'assist-suggestion-in-composer-1440')

      // the agent presses send: now it goes
      await page.click('[data-testid=send]')
      await page.locator('[data-testid=message]', { hasText: SUGGESTIONS[1] }).waitFor()
      await waitFor(async () => rx.bodies.some((b) => JSON.parse(b).body?.includes(SUGGESTIONS[1])), 20000)

      // improve: shown beside the draft; "keep mine" leaves it, "use this text" replaces it (still unsent)
      await composer(page).fill('seu pedido chega em 5 dia util')
      await pick(page, 'improve')
      await page.locator('[data-testid=assist-improve-dialog]').waitFor()
      assert.equal(fake.chats.at(-1)!.body.messages[1].content, 'seu pedido chega em 5 dia util')
      await screenshot(page, 'assist-improve-1440')
      await page.click('[data-testid=assist-keep]')
      assert.equal(await composer(page).inputValue(), 'seu pedido chega em 5 dia util')
      await pick(page, 'improve')
      await page.click('[data-testid=assist-replace]')
      assert.equal(await composer(page).inputValue(), 'Olá! Seu pedido será entregue em até 5 dias úteis.')
      assert.isFalse(rx.bodies.some((b) => b.includes('entregue em até 5 dias')))

      // the summary
      await pick(page, 'summary')
      const summary = page.locator('[data-testid=assist-summary-dialog]')
      await summary.waitFor()
      assert.include(await summary.innerText(), 'Próximo passo: informar o prazo de entrega')
      await screenshot(page, 'assist-summary-1440')
      await page.keyboard.press('Escape')
      await summary.waitFor({ state: 'detached' })

      // the admin's settings tab: on, the key only masked
      await page.goto('/settings')
      await page.click('[data-testid=settings-tab-assist]')
      await page.locator('[data-testid=assist-settings]').waitFor()
      assert.equal(await page.locator('input[name=apiKey]').inputValue(), '••••4321')
      await screenshot(page, 'assist-settings-1440')

      // the key removed: the chat's AI menu goes away (live)
      await openChat(page, ticket.uuid)
      await page.locator('[data-testid=assist-menu]').waitFor()
      // another admin (signing the agent in through the form ended the fixture's API session)
      const other = await createUser(w.company, { profile: 'admin' } as any)
      await apiCall(other.token, 'PUT', '/assist/settings', { apiKey: '' })
      await page.locator('[data-testid=assist-menu]').waitFor({ state: 'detached' })
      assert.deepEqual(errors, [])
      await context.close()
    } finally {
      await rx.close()
    }
  })

  test('on a phone: the AI menu beside the composer and the suggestions fit the screen', async ({ assert }) => {
    const { w, rx, ticket } = await chatWorld()
    try {
      await setKey(w.company.id)
      const { page, context, errors } = await openPage(browser, { width: 390, height: 844 })
      await signIn(page, w.admin.email, PASSWORD)
      await openChat(page, ticket.uuid)
      const menu = await page.locator('[data-testid=assist-menu]').boundingBox()
      assert.isNotNull(menu)
      assert.isAtMost(menu!.x + menu!.width, 390)
      await screenshot(page, 'assist-chat-390')
      await pick(page, 'suggest')
      await page.locator('[data-testid=assist-suggestions-dialog]').waitFor()
      await screenshot(page, 'assist-suggestions-390')
      await page.locator('[data-testid=assist-suggestion]').first().click()
      assert.equal(await composer(page).inputValue(), SUGGESTIONS[0])
      const send = await page.locator('[data-testid=send]').boundingBox()
      assert.isAtMost(send!.x + send!.width, 390)
      assert.deepEqual(errors, [])
      await context.close()
    } finally {
      await rx.close()
    }
  })
})
