import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD, createTenant } from '#tests/helpers/world'
import { startWorkers, waitFor } from '#tests/helpers/inbox'
import { channelHooks, connectionRef } from '#core/pipeline'
import { Whatsapp } from '#core/models'
import { tenancy } from '#core/tenancy'
import { startFakeBotApi, type FakeBotApi } from '#channels/telegram/tests/fake_bot_api'
import { telegramDriver } from '#channels/telegram/driver'
import { BASE_URL, launchBrowser, openPage, screenshot, signIn } from './support.js'

/** screenshots go where the suite's others go, or to SCREENSHOT_DIR when set */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400)
  const dir = process.env.SCREENSHOT_DIR
  if (!dir) return screenshot(page, `telegram-${name}`)
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false })
}

test.group('browser · Telegram', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  let fake: FakeBotApi
  group.setup(async () => {
    browser = await launchBrowser()
    fake = await startFakeBotApi()
    process.env.TELEGRAM_API_URL = fake.url
    await startWorkers()
    return async () => {
      await fake.close()
      process.env.TELEGRAM_API_URL = 'http://127.0.0.1:9'
      await browser.close()
    }
  })

  test('an admin connects a bot by its token, a message arrives on the webhook, the reply goes out', async ({
    assert,
  }) => {
    const { admin, company } = await createTenant()
    const token = `${100000 + Math.floor(Math.random() * 899999)}:AAHbrowser${Math.random().toString(36).slice(2)}xxxxxxxxxxxxxxxxxxxxxxxx`
    fake.bot(token, 'loja_bot')

    const { page, errors } = await openPage(browser, { width: 390, height: 844 })
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/connections')
    await page.click('[data-testid=add-connection]')
    await page.click('[data-testid=add-telegram]')
    await page.locator('input[name=name]').waitFor()
    await page.fill('input[name=name]', 'Loja no Telegram')
    await page.click('[data-testid=tab-channel]')
    await page.locator('[data-testid=channel-settings]').waitFor()
    // a token Telegram refuses comes back on its field
    await page.fill('input[name="settings.botToken"]', '123456:refused-token-refused-token-refused')
    await page.click('button[type=submit]')
    await page.locator('[role=dialog] [data-testid=tab-error-channel], [role=dialog] [role=alert]').first().waitFor()
    await shot(page, 'connection-dialog-refused-390')
    await page.fill('input[name="settings.botToken"]', token)
    await shot(page, 'connection-dialog-390')
    await page.setViewportSize({ width: 1440, height: 900 })
    await shot(page, 'connection-dialog-1440')
    await page.click('button[type=submit]')
    await page.locator('[role=dialog]').waitFor({ state: 'detached' })
    await page.getByRole('cell', { name: 'Loja no Telegram', exact: true }).waitFor()
    await shot(page, 'connections-1440')

    // the session sweep would start it; here the test does, with a public APP_URL (webhook mode)
    const conn = await tenancy.run(company.id, () =>
      Whatsapp.query().where('channel', 'telegram').where('name', 'Loja no Telegram').firstOrFail()
    )
    const previous = process.env.APP_URL
    process.env.APP_URL = 'https://balcao.example'
    try {
      await telegramDriver.start(connectionRef(conn), channelHooks)
    } finally {
      if (previous === undefined) delete process.env.APP_URL
      else process.env.APP_URL = previous
    }
    const hook = fake.webhooks.get(token)!
    const key = hook.url.split('/').pop()
    const userId = 800000000 + Math.floor(Math.random() * 1e8)
    const res = await fetch(`${BASE_URL}/channels/telegram/webhook/${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook.secret },
      body: JSON.stringify({
        update_id: 1,
        message: {
          message_id: 77,
          date: Math.floor(Date.now() / 1000),
          chat: { id: userId, type: 'private', first_name: 'Carla' },
          from: { id: userId, is_bot: false, first_name: 'Carla', last_name: 'Mendes' },
          text: 'Vocês abrem sábado?',
        },
      }),
    })
    assert.equal(res.status, 200)
    const ticket = await waitFor(async () => {
      const c = await db
        .from('contacts')
        .where({ company_id: company.id, number: String(userId) })
        .first()
      return c ? db.from('tickets').where({ company_id: company.id, contact_id: c.id }).first() : null
    }, 20000)
    await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: admin.id })

    await page.goto(`/tickets/${ticket.uuid}`)
    await page.locator('[data-testid=message]', { hasText: 'Vocês abrem sábado?' }).waitFor()
    const input = page.locator('[data-testid=message-input] textarea, textarea[data-testid=message-input]').first()
    await input.fill('Abrimos sim, das 9h às 13h.')
    await input.press('Enter')
    await page.locator('[data-testid=message]', { hasText: 'Abrimos sim' }).waitFor()
    const sent = await waitFor(async () =>
      fake.calls.find((c) => c.token === token && c.method === 'sendMessage' && c.params.text?.includes('Abrimos sim'))
    )
    assert.equal(String(sent.params.chat_id), String(userId))
    await shot(page, 'chat-1440')
    assert.deepEqual(errors, [])
  })
})
