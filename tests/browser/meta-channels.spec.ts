import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD, createTenant } from '#tests/helpers/world'
import { startWorkers, waitFor } from '#tests/helpers/inbox'
import { forgetMetaConnections } from '#channels/meta/connections'
import { runTokenHealth } from '#channels/meta/token_health'
import { signMetaPayload } from '#channels/meta/signature'
import { startFakeGraph, type FakeGraph } from '#channels/meta/tests/fake_graph'
import { APP_SECRET, messaging, useMetaEnv, waMessages } from '#channels/meta/tests/fixtures'
import { sealSecret } from '#core/secrets'
import { createConnection } from '#tests/helpers/inbox'
import { BASE_URL, launchBrowser, openPage, screenshot, signIn } from './support.js'

/** screenshots go where the suite's others go, or to SCREENSHOT_DIR when set */
async function shot(page: Page, name: string) {
  // menus and toasts fade in: the picture shows them settled
  await page.waitForTimeout(400)
  const dir = process.env.SCREENSHOT_DIR
  if (!dir) return screenshot(page, `meta-${name}`)
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false })
}

/** The Facebook JavaScript SDK as the browser gets it in this test: login answers at once for one user. */
const sdkStub = (userId: string) => `
  window.FB = {
    init: function (o) { window.__fbInit = o },
    login: function (cb, opts) { window.__fbScope = opts && opts.scope; cb({ status: 'connected', authResponse: { userID: '${userId}', accessToken: 'EAAGbrowser-short-lived-token-0001' } }) }
  };
  if (window.fbAsyncInit) window.fbAsyncInit();
`

async function signedPost(path: string, payload: unknown) {
  const raw = JSON.stringify(payload)
  const res = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaPayload(APP_SECRET, raw) },
    body: raw,
  })
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}`)
}

test.group('browser · Meta channels', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  let fake: FakeGraph
  let restoreEnv: () => void
  group.setup(async () => {
    browser = await launchBrowser()
    fake = await startFakeGraph()
    restoreEnv = useMetaEnv(fake.url)
    await startWorkers()
    return async () => {
      restoreEnv()
      await fake.close()
      await browser.close()
    }
  })

  test('an admin connects a page with the Facebook login, a message arrives, the reply goes out under the 24 h banner', async ({
    assert,
  }) => {
    const { admin, company } = await createTenant()
    const pageId = String(100000000000 + Math.floor(Math.random() * 1e11))
    const userId = String(200000000000 + Math.floor(Math.random() * 1e11))
    fake.pages.splice(0, fake.pages.length, { id: pageId, name: 'Loja Meta', access_token: `EAAGpage-${pageId}` })

    const { page, errors } = await openPage(browser, { width: 1440, height: 900 })
    let sdkLoads = 0
    await page.route('https://connect.facebook.net/**', (route) => {
      sdkLoads++
      return route.fulfill({ contentType: 'text/javascript', body: sdkStub(userId) })
    })
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/connections')
    await page.locator('[data-testid=add-connection]').waitFor()
    assert.equal(sdkLoads, 0, 'the SDK is loaded only when the Facebook item is used')
    await page.click('[data-testid=add-connection]')
    await page.locator('[data-testid=add-facebook]').waitFor()
    await page.locator('[data-testid=add-instagram]').waitFor()
    await shot(page, 'connections-add-menu-1440')
    await page.click('[data-testid=add-facebook]')
    await page.getByRole('cell', { name: 'Loja Meta', exact: true }).waitFor()
    assert.equal(sdkLoads, 1)
    assert.include(String(await page.evaluate(() => (globalThis as any).__fbScope)), 'pages_messaging')
    assert.equal(await page.evaluate(() => (globalThis as any).__fbInit?.version), 'v13.0')
    await shot(page, 'connections-facebook-connected-1440')
    const conn = await db.from('whatsapps').where({ company_id: company.id, channel: 'facebook' }).firstOrFail()
    forgetMetaConnections()

    // a person writes to the page
    const psid = String(300000000000 + Math.floor(Math.random() * 1e11))
    fake.profiles.set(psid, { first_name: 'Marina', last_name: 'Costa' })
    await signedPost(
      '/channels/facebook/webhook',
      messaging('page', pageId, [{ sender: { id: psid }, message: { mid: `m_${psid}`, text: 'Vocês entregam hoje?' } }])
    )
    const ticket = await waitFor(async () => {
      const c = await db.from('contacts').where({ company_id: company.id, number: psid }).first()
      return c
        ? db.from('tickets').where({ company_id: company.id, contact_id: c.id, whatsapp_id: conn.id }).first()
        : null
    }, 20000)
    await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: admin.id })

    await page.goto(`/tickets/${ticket.uuid}`)
    await page.locator('[data-testid=chat-page]').waitFor()
    await page.locator('[data-testid=message]', { hasText: 'Vocês entregam hoje?' }).waitFor()
    // the ticket's channel is shown by its manifest's icon, in the list and in the chat's header
    await page
      .locator(`[data-testid=ticket-card][data-ticket-id="${ticket.id}"] [data-testid=channel-facebook]`)
      .waitFor()
    await page.locator('[data-testid=chat-header-caption] [data-testid=channel-facebook]').waitFor()
    assert.match(await page.locator('[data-testid=chat-header-caption]').innerText(), /Loja Meta/)
    const banner = page.locator('[data-testid=reply-window-banner]')
    await banner.waitFor()
    assert.match(await banner.innerText(), /24 h/)
    const input = page.locator('[data-testid=message-input] textarea, textarea[data-testid=message-input]').first()
    await input.fill('Entregamos sim, até as 18h!')
    await input.press('Enter')
    await page.locator('[data-testid=message]', { hasText: 'Entregamos sim' }).waitFor()
    const sent = await waitFor(async () =>
      fake.calls.find(
        (c) => c.path === `/${pageId}/messages` && String(c.body?.message?.text).includes('Entregamos sim, até as 18h!')
      )
    )
    assert.deepEqual(sent.body.recipient, { id: psid })
    assert.equal(sent.body.messaging_type, 'RESPONSE')
    await shot(page, 'chat-facebook-window-1440')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(300)
    await shot(page, 'chat-facebook-window-390')
    await page.goto('/connections')
    await page.getByText('Loja Meta').first().waitFor()
    await shot(page, 'connections-facebook-connected-390')
    await page.click('[data-testid=add-connection]')
    await page.locator('[data-testid=add-instagram]').waitFor()
    await shot(page, 'connections-add-menu-390')
    // the Cloud API item opens the connection dialog with the manifest's fields
    await page.click('[data-testid=add-whatsappapi]')
    await page.click('[data-testid=tab-channel]')
    await page.locator('[role=dialog]').getByText('ID do número de telefone').waitFor()
    await shot(page, 'connection-dialog-whatsappapi-390')
    await page.setViewportSize({ width: 1440, height: 900 })
    await shot(page, 'connection-dialog-whatsappapi-1440')

    // a revoked page token: the daily check drops the connection, and the admin is told on any page
    await page.goto('/tickets')
    await page.locator('[data-testid=side-menu]').waitFor()
    await page.waitForTimeout(1500) // the page's realtime subscriptions settle
    fake.tokens.set(`EAAGpage-${pageId}`, { valid: false, message: 'Session has expired' })
    const alert = page
      .getByText('A conexão "Loja Meta" caiu: o token da Meta expirou ou foi revogado. Conecte-a de novo em Conexões.')
      .first()
    for (let attempt = 1; ; attempt++) {
      await runTokenHealth()
      try {
        await alert.waitFor({ timeout: 5000 })
        break
      } catch (e) {
        // the event went out before the stream was listening: up again, and checked again
        if (attempt === 3) throw e
        await db.from('whatsapps').where({ company_id: company.id, name: 'Loja Meta' }).update({ status: 'CONNECTED' })
      }
    }
    const dropped = await db.from('whatsapps').where({ company_id: company.id, name: 'Loja Meta' }).firstOrFail()
    assert.equal(dropped.status, 'DISCONNECTED')
    // the side menu's badge stays after the toast is gone
    await page.locator('[data-testid=connections-warning]').waitFor()
    await shot(page, 'connection-down-alert-1440')
    assert.deepEqual(errors, [])
  })
  test('a WhatsApp Cloud chat past its 24 h window offers the template picker; the template goes out', async ({
    assert,
  }) => {
    const { admin, company } = await createTenant()
    const phone = String(100000000000000 + Math.floor(Math.random() * 1e13))
    const conn = await createConnection(company, {
      channel: 'whatsappapi',
      name: 'Cloud Loja',
      settings: { phoneNumberId: phone, wabaId: '300400500600', systemUserToken: sealSecret(`EAAGcloud-${phone}`) },
    } as any)
    await db.table('wa_cloud_templates').insert({
      company_id: company.id,
      whatsapp_id: conn.id,
      name: 'pedido_pronto',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      body: 'Olá {{1}}, seu pedido {{2}} está pronto!',
      variables: 2,
    })
    forgetMetaConnections()
    const number = String(5511900000000 + Math.floor(Math.random() * 99999999))
    await signedPost(
      '/channels/whatsappapi/webhook',
      waMessages(phone, number, 'Paulo Reis', [
        { id: `wamid.B${number}`, type: 'text', text: { body: 'Meu pedido já saiu?' } },
      ])
    )
    const ticket = await waitFor(async () => {
      const c = await db.from('contacts').where({ company_id: company.id, number }).first()
      return c ? db.from('tickets').where({ company_id: company.id, contact_id: c.id }).first() : null
    }, 20000)
    await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: admin.id })
    // the contact wrote 30 hours ago
    await db
      .from('meta_windows')
      .where({ company_id: company.id, whatsapp_id: conn.id })
      .update({ last_inbound_at: new Date(Date.now() - 30 * 3600_000) })

    const { page, errors } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, admin.email, PASSWORD)
    await page.goto(`/tickets/${ticket.uuid}`)
    await page.locator('[data-testid=message]', { hasText: 'Meu pedido já saiu?' }).waitFor()
    const banner = page.locator('[data-testid=reply-window-banner]')
    await banner.getByText('modelo aprovado').waitFor()
    await shot(page, 'chat-whatsappapi-window-closed-1440')
    await page.click('[data-testid=open-template-picker]')
    await page.click('[data-testid=template-select]')
    await page.getByRole('option', { name: 'pedido_pronto (pt_BR)' }).click()
    await page.fill('input[name=template-variable-1]', 'Paulo')
    await page.fill('input[name=template-variable-2]', '#4521')
    assert.equal(
      await page.locator('[data-testid=template-preview]').innerText(),
      'Olá Paulo, seu pedido #4521 está pronto!'
    )
    await shot(page, 'chat-whatsappapi-template-picker-1440')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.waitForTimeout(800)
    await shot(page, 'chat-whatsappapi-template-picker-390')
    await page.locator('[role=dialog] button[type=submit]').click()
    await page.locator('[role=dialog]').waitFor({ state: 'detached' })
    const call = await waitFor(async () =>
      fake.calls.find((c) => c.path === `/${phone}/messages` && c.body?.type === 'template')
    )
    assert.deepEqual(call.body.template.components[0].parameters, [
      { type: 'text', text: 'Paulo' },
      { type: 'text', text: '#4521' },
    ])
    await page.locator('[data-testid=message]', { hasText: 'seu pedido #4521 está pronto' }).waitFor()
    await shot(page, 'chat-whatsappapi-template-sent-390')
    assert.deepEqual(errors, [])
  })
})
