import { mkdirSync } from 'node:fs'
import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD, createTenant } from '#tests/helpers/world'
import {
  createConnection,
  createQueue,
  ingest,
  message,
  rand,
  recordingDriver,
  startWorkers,
  waitFor,
} from '#tests/helpers/inbox'
import { FakeOpenAi } from '#modules/prompts/tests/fake_openai'
import { FakeServer } from '#modules/integrations/tests/fake_server'
import { BASE_URL, launchBrowser, menuTexts, openPage, signIn } from './support.js'

/** the bots' screens are looked at by people: kept outside the repository */
const SHOTS = process.env.BOTS_SHOTS_DIR ?? '/tmp/helper/bots'
const dialog = (page: Page) => page.locator('[role=dialog]')
const cell = (page: Page, text: string) => page.getByRole('cell', { name: text, exact: true })

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.waitForTimeout(500)
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

async function choose(page: Page, name: string, label: string) {
  await page.click(`button[name="${name}"]`)
  await page.getByRole('option', { name: label, exact: true }).click()
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

test.group('browser · bots (file lists, AI prompts, integrations)', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    await startWorkers()
    return () => browser.close()
  })

  test('a user builds a file list with a file; it shows live in the table', async ({ assert }) => {
    const { admin } = await createTenant()
    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/files')
    await page.locator('h1', { hasText: 'Listas de arquivos' }).waitFor()
    await page.click('[data-testid=add-files]')
    await page.fill('input[name=name]', 'Catálogo de verão')
    await page.fill('textarea[name=message]', 'Segue o nosso catálogo')
    await page.click('[data-testid=add-file]')
    await page.setInputFiles('[data-testid=file-input]', { name: 'vitrine.png', mimeType: 'image/png', buffer: PNG })
    await dialog(page).getByText('vitrine.png').waitFor()
    await shot(page, 'files-dialog-1440')
    await page.click('button[type=submit]')
    await dialog(page).waitFor({ state: 'detached' })
    await cell(page, 'Catálogo de verão').waitFor()
    const option = await db.from('file_list_options').where({ name: 'vitrine' }).orderBy('id', 'desc').firstOrFail()
    assert.equal(option.media_type, 'image')
    await shot(page, 'files-list-1440')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    await page.getByText('Catálogo de verão').first().waitFor()
    await shot(page, 'files-list-390')
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('an admin creates a prompt and an integration; the AI answers a contact', async ({ assert }) => {
    const fake = await new FakeOpenAi().start()
    const receiver = await new FakeServer().start()
    const driver = recordingDriver()
    try {
      fake.answer = () => 'Olá! Sou a assistente da loja.'
      const { admin, company } = await createTenant()
      await createQueue(company, 'Atendimento')
      const conn = await createConnection(company, { name: 'Loja', isDefault: true } as any)
      const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
      await signIn(page, admin.email, PASSWORD)

      // the three pages are in the admin's menu
      const menu = await menuTexts(page)
      for (const entry of ['Listas de arquivos', 'Prompts de IA', 'Integrações']) assert.include(menu, entry)
      await page.goto('/prompts')
      await page.locator('h1', { hasText: 'Prompts de IA' }).waitFor()
      await page.click('[data-testid=add-prompt]')
      await page.fill('input[name=name]', 'Assistente Sol')
      await page.fill('input[name=apiKey]', 'sk-test-browser-1234')
      assert.equal(await page.getAttribute('input[name=apiKey]', 'type'), 'password')
      await page.getByRole('button', { name: 'Mostrar' }).click()
      assert.equal(await page.getAttribute('input[name=apiKey]', 'type'), 'text')
      await page.fill(
        'textarea[name=prompt]',
        'Você é a assistente da Loja Sol. Responda dúvidas sobre produtos e prazos.'
      )
      await choose(page, 'queueId', 'Atendimento')
      await shot(page, 'prompts-dialog-1440')
      await page.click('button[type=submit]')
      await dialog(page).waitFor({ state: 'detached' })
      await cell(page, 'Assistente Sol').waitFor()
      await shot(page, 'prompts-list-1440')
      const prompt = await db.from('prompts').where({ company_id: company.id }).firstOrFail()

      await page.goto('/queue-integration')
      await page.locator('h1', { hasText: 'Integrações' }).waitFor()
      await page.click('[data-testid=add-integration]')
      await choose(page, 'type', 'Webhook')
      await page.fill('input[name=name]', 'Meu CRM')
      await page.fill('input[name=urlN8N]', `${receiver.url}/hook`)
      await shot(page, 'integrations-dialog-1440')
      await page.click('button[type=submit]')
      await dialog(page).waitFor({ state: 'detached' })
      await cell(page, 'Meu CRM').waitFor()
      await shot(page, 'integrations-list-1440')

      // the delivery log of a webhook: its tries, newest first
      const crm = await db.from('queue_integrations').where({ company_id: company.id, name: 'Meu CRM' }).firstOrFail()
      // the list carries the address masked for users; the admin's edit dialog reads it whole
      await page.click(`[data-testid=edit-integration-${crm.id}]`)
      const urlField = dialog(page).locator('input[name=urlN8N]')
      await urlField.waitFor()
      await waitFor(async () => (await urlField.inputValue()) === `${receiver.url}/hook`)
      await dialog(page).getByRole('button', { name: 'Cancelar' }).click()
      await dialog(page).waitFor({ state: 'detached' })
      await db.table('integration_deliveries').insert([
        {
          company_id: company.id,
          integration_id: crm.id,
          ticket_id: 1,
          message_id: 1,
          attempt: 1,
          status_code: 503,
          ok: false,
          error_code: 'ERR_INTEGRATION_DELIVERY_STATUS',
          error: 'HTTP 503',
        },
        {
          company_id: company.id,
          integration_id: crm.id,
          ticket_id: 1,
          message_id: 1,
          attempt: 2,
          status_code: 200,
          ok: true,
        },
      ])
      await page.click(`[data-testid=deliveries-integration-${crm.id}]`)
      // why it failed, translated; the raw error under it for the admin
      await dialog(page).getByText('O receptor respondeu com um código de erro.').waitFor()
      await dialog(page).getByText('HTTP 503').waitFor()
      await shot(page, 'integrations-deliveries-1440')
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })

      // the connection uses the prompt: a contact writes, the AI answers through the outbox
      await db.from('whatsapps').where('id', conn.id).update({ prompt_id: prompt.id })
      const number = rand()
      await ingest({ company }, message(conn.id, number, 'Vocês abrem sábado?'))
      await waitFor(async () => driver.sent.some((m) => m.body?.includes('Sou a assistente da loja')))
      assert.equal(fake.chats[0].body.messages.at(-1).content, 'Vocês abrem sábado?')

      // spec 1 §4's integration toggle: a ticket the integration answers is turned off and on from the chat's menu
      const integration = await db
        .from('queue_integrations')
        .where({ company_id: company.id, name: 'Meu CRM' })
        .firstOrFail()
      const contact = await db.from('contacts').where({ company_id: company.id, number }).firstOrFail()
      const ticket = await db.from('tickets').where({ company_id: company.id, contact_id: contact.id }).firstOrFail()
      await db
        .from('tickets')
        .where('id', ticket.id)
        .update({ status: 'pending', user_id: null, use_integration: true, integration_id: integration.id })
      await page.goto(`/tickets/${ticket.uuid}`)
      await page.locator('[data-testid=chat-page]').waitFor()
      await page.click('[data-testid=ticket-more]')
      const toggle = page.locator('[data-testid=action-integration]')
      assert.equal(await toggle.innerText(), 'Desligar a integração')
      await toggle.click()
      await page.getByText('A integração não responde mais este atendimento.').first().waitFor()
      await waitFor(async () => (await db.from('tickets').where('id', ticket.id).first())?.use_integration === false)
      // the item's click closes the menu; it is opened again only once closed (a click while it still
      // shows would close it: in one loaded run the item was not found after that click)
      await toggle.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => {})
      if (!(await toggle.isVisible())) await page.click('[data-testid=ticket-more]')
      assert.equal(await toggle.getAttribute('data-on'), 'false')
      assert.equal(await toggle.innerText(), 'Ligar a integração')
      await page.keyboard.press('Escape')

      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto('/prompts')
      await page.getByText('Assistente Sol').first().waitFor()
      await shot(page, 'prompts-list-390')
      await page.goto('/queue-integration')
      await page.getByText('Meu CRM').first().waitFor()
      await shot(page, 'integrations-list-390')
      await page.click(`[data-testid=deliveries-integration-${crm.id}]`)
      await dialog(page).getByText('HTTP 503').waitFor()
      // a phone shows the tries as cards, never wider than the screen
      assert.isAtMost(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth), 390)
      await shot(page, 'integrations-deliveries-390')
      assert.deepEqual(errors, [])
      assert.include(BASE_URL, 'http')
      await context.close()
    } finally {
      driver.restore()
      await fake.stop()
      await receiver.stop()
    }
  })
})
