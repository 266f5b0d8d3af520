/**
 * The website chat end to end in Chromium: a page of ANOTHER origin (a local
 * server on its own port) embeds the widget with the connection's key, the
 * visitor writes, an agent answers through the API, the answer appears in the
 * widget live, and the conversation is still there after a reload. A site
 * that is not allowed gets no bubble. Screenshots go to /tmp/helper/webchat.
 */
import { test } from '@japa/runner'
import { mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { inboxWorld, startWorkers, waitFor } from '#tests/helpers/inbox'
import { rateLimiter } from '#core/http'
import { webchatConnection } from '#channels/webchat/tests/fixtures'
import { forgetKeys } from '#channels/webchat/keys'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { PASSWORD, uid } from '#tests/helpers/world'
import { BASE_URL, launchBrowser, openPage, signIn } from './support.js'

const SHOTS = process.env.WEBCHAT_SHOTS ?? '/tmp/helper/webchat'

/** A bare website on its own port that embeds the widget. */
async function website(key: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Loja Exemplo</title>
<style>body{font-family:Georgia,serif;margin:0;background:#faf7f2;color:#333}header{background:#3b2f2f;color:#fff;padding:24px 40px}
main{padding:40px;max-width:720px}</style></head>
<body><header><h1>Loja Exemplo</h1></header><main><h2>Cafés especiais</h2>
<p>Grãos selecionados, torrados toda semana. Dúvidas? Fale com a gente pelo chat.</p></main>
<script src="${BASE_URL}/channels/webchat/${key}/widget.js" data-key="${key}" async></script></body></html>`
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(html)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return { url: `http://127.0.0.1:${(server.address() as any).port}/`, server }
}

const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

test.group('browser · webchat', (group) => {
  group.each.timeout(120_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    await startWorkers()
    return () => browser.close()
  })
  group.each.setup(async () => {
    await rateLimiter.resetAll()
    forgetKeys()
  })

  test('a visitor on another site writes, the agent answers, the answer shows live and after a reload', async ({
    assert,
    cleanup,
  }) => {
    const w = await inboxWorld()
    // the site's port is known once it listens: allow it then
    const { key, whatsapp } = await webchatConnection(
      w.company,
      { title: 'Loja Exemplo', preChatName: 'optional' },
      w.queue.id
    )
    const site = await website(key)
    const stranger = await website(key)
    cleanup(() => {
      site.server.close()
      stranger.server.close()
    })
    const origin = new URL(site.url).origin
    assert.notEqual(origin, new URL(BASE_URL).origin)
    await db
      .from('whatsapps')
      .where('id', whatsapp.id)
      .update({ settings: JSON.stringify({ allowedOrigins: origin, title: 'Loja Exemplo', preChatName: 'optional' }) })
    forgetKeys()

    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
    await page.goto(site.url)
    const bubble = page.locator('[data-balcao-webchat] button.bubble')
    await bubble.waitFor()
    await bubble.click()
    // the pre-chat form asks the name (optional)
    await page.locator('[data-balcao-webchat] input[name=name]').waitFor()
    await shot(page, 'webchat-prechat-1440x900')
    await page.fill('[data-balcao-webchat] input[name=name]', 'Marina')
    await page.click('[data-balcao-webchat] form.pre button[type=submit]')
    await page.locator('[data-balcao-webchat] form.pre').waitFor({ state: 'hidden' })
    await page.fill('[data-balcao-webchat] textarea', 'Vocês entregam em Campinas?')
    await page.keyboard.press('Enter')
    const ticket = await waitFor(
      () => db.from('tickets').where({ company_id: w.company.id, whatsapp_id: whatsapp.id }).first(),
      20_000
    )
    const contact = await db.from('contacts').where('id', ticket.contact_id).firstOrFail()
    assert.equal(contact.name, 'Marina')

    // the agent answers from the inbox's API
    await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: w.admin.id })
    const reply = await fetch(`${BASE_URL}/messages/${ticket.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'authorization': `Bearer ${w.adminToken}` },
      body: JSON.stringify({ body: 'Entregamos sim! O frete para Campinas é grátis.' }),
    })
    assert.equal(reply.status, 201)
    const answer = page.locator('[data-balcao-webchat] .msg.in', { hasText: 'frete para Campinas' })
    await answer.waitFor({ timeout: 15_000 })
    await page.locator('[data-balcao-webchat] .msg.out:not(.pending)', { hasText: 'Campinas?' }).waitFor()
    // an image from the visitor: sent, stored, shown back from the product's signed URL
    await page.setInputFiles('[data-balcao-webchat] input[type=file]', {
      name: 'cafe.png',
      mimeType: 'image/png',
      // a real picture: a piece of the shop's own page
      buffer: await page.screenshot({ clip: { x: 0, y: 0, width: 480, height: 240 } }),
    })
    const image = page.locator('[data-balcao-webchat] .msg.out img[alt="cafe.png"]')
    await image.waitFor({ timeout: 15_000 })
    await waitFor(() => image.evaluate((el: any) => el.complete && el.naturalWidth > 0), 10_000)
    await shot(page, 'webchat-1440x900')

    // a reload keeps the conversation (the token is in this site's localStorage)
    await page.reload()
    // while the panel is closed a new answer streams in and marks the bubble
    await bubble.waitFor()
    await page.waitForTimeout(500)
    const again = await fetch(`${BASE_URL}/messages/${ticket.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'authorization': `Bearer ${w.adminToken}` },
      body: JSON.stringify({ body: 'Posso ajudar em mais alguma coisa?' }),
    })
    assert.equal(again.status, 201)
    const dot = page.locator('[data-balcao-webchat] .dot')
    await dot.waitFor({ state: 'visible', timeout: 15_000 })
    await bubble.click()
    await dot.waitFor({ state: 'hidden' })
    await page.locator('[data-balcao-webchat] .msg.in', { hasText: 'mais alguma coisa' }).waitFor()
    await answer.waitFor()
    await page.locator('[data-balcao-webchat] .msg.out', { hasText: 'Campinas?' }).waitFor()
    assert.isFalse(await page.locator('[data-balcao-webchat] form.pre').isVisible())

    // the same visitor on a phone-sized screen
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await context.storageState(),
    })
    const mobile = await phone.newPage()
    await mobile.goto(site.url)
    await mobile.locator('[data-balcao-webchat] button.bubble').click()
    await mobile.locator('[data-balcao-webchat] .msg.in', { hasText: 'frete para Campinas' }).waitFor()
    await shot(mobile, 'webchat-390x844')
    await mobile.locator('[data-balcao-webchat] button.close').click()
    await shot(mobile, 'webchat-390x844-closed')
    await phone.close()

    // a site that is not allowed: the widget's calls are refused, no bubble
    const other = await context.newPage()
    await other.goto(stranger.url)
    await other.waitForTimeout(1500)
    assert.equal(await other.locator('[data-balcao-webchat]').count(), 0)
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('the admin creates a website chat connection; its dialog shows the tag to paste', async ({ assert }) => {
    const w = await inboxWorld()
    for (const size of [
      { width: 1440, height: 900, tag: '1440x900' },
      { width: 390, height: 844, tag: '390x844' },
    ]) {
      const { page, errors, context } = await openPage(browser, size)
      await signIn(page, w.admin.email, PASSWORD)
      await page.goto('/connections')
      await page.click('[data-testid=add-connection]')
      await page.click('[data-testid=add-webchat]')
      const name = `Site ${uid()}`
      await page.fill('input[name=name]', name)
      await page.click('[data-testid=tab-channel]')
      // before the first save there is no key yet
      await page.locator('[role=dialog]', { hasText: 'Salve a conexão para obter o código' }).waitFor()
      await page.fill('input[name="settings.allowedOrigins"]', 'https://www.loja.example.test')
      await page.click('button[type=submit]')
      await page.locator('[role=dialog]').waitFor({ state: 'detached' })
      const row = await tenancy.run(w.company.id, () => Whatsapp.query().where('name', name).firstOrFail())
      assert.equal(row.channel, 'webchat')
      await page.locator(`[data-testid=edit-connection-${row.id}]`).click()
      await page.click('[data-testid=tab-channel]')
      const box = page.locator('[data-testid=channel-snippet]')
      await box.waitFor()
      await waitFor(async () => (await box.inputValue()).includes('widget.js'), 10_000)
      const key = (await db.from('webchat_keys').where('whatsapp_id', row.id).firstOrFail()).public_key
      assert.equal(
        await box.inputValue(),
        `<script src="${BASE_URL}/channels/webchat/${key}/widget.js" data-key="${key}" async></script>`
      )
      await shot(page, `webchat-dialog-${size.tag}`)
      assert.deepEqual(errors, [])
      await context.close()
    }
  })
})
