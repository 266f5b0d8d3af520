import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import { DateTime } from 'luxon'
import { waitFor } from '#channels/whatsapp/tests/fixtures/world'
import { tenancy } from '#core/tenancy'
import { companySettings } from '#core/settings'
import { Whatsapp } from '#core/models'
import { emitImport } from '#modules/connections/services/connection_events'
import { PASSWORD, createTenant, createUser, uid } from '#tests/helpers/world'
import { fakeWhatsAppEachTest } from './fake_whatsapp.js'
import { SUPER, launchBrowser, openPage, screenshot, signIn } from './support.js'

/**
 * The connections screens in Chromium against the app running in this
 * process, with the WhatsApp sessions on a fake Baileys socket that the test
 * drives (QR codes, scan, logout).
 */
test.group('browser · connections', (group) => {
  group.each.timeout(120_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })
  const fake = fakeWhatsAppEachTest(group, 'browser-connections')

  test('an admin adds a WhatsApp connection, scans the live QR, connects and disconnects', async ({ assert }) => {
    const { admin, company } = await createTenant()
    const { page, context, errors } = await openPage(browser)
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/connections')
    await page.locator('h1', { hasText: 'Conexões' }).waitFor()
    // let the realtime subscriptions settle
    await page.waitForTimeout(1000)

    // the add menu offers the channels of the plan (all flags on by default)
    await page.click('[data-testid=add-connection]')
    await page.locator('[data-testid=add-whatsapp]').waitFor()
    assert.equal(await page.locator('[data-testid=add-facebook]').count(), 1)
    await page.click('[data-testid=add-whatsapp]')
    await page.locator('input[name=name]').waitFor()

    // spec 2 §5 messages before anything is sent
    await page.click('button[type=submit]')
    assert.include(await page.locator('[role=dialog]').innerText(), 'Obrigatório')
    await page.fill('input[name=name]', 'L')
    assert.include(await page.locator('[role=dialog]').innerText(), 'Muito curto!')
    const name = `Loja ${uid()}`
    await page.fill('input[name=name]', name)
    // the token is generated (30 characters) and read-only
    const token = await page.locator('[data-testid=connection-token]').inputValue()
    assert.match(token, /^[A-Za-z0-9]{30}$/)
    // hours are not per connection by default: no schedules tab
    assert.equal(await page.locator('[data-testid=tab-schedules]').count(), 0)
    // a redirect time without its queue is refused
    await page.click('[data-testid=tab-chatbot]')
    await page.fill('input[name=timeSendQueue]', '5')
    await page.click('button[type=submit]')
    await page.locator('[role=dialog]', { hasText: 'Informe a fila para redirecionar' }).waitFor()
    await page.fill('input[name=timeSendQueue]', '0')
    await page.click('[data-testid=tab-general]')
    await screenshot(page, 'connection-editor')
    await page.click('button[type=submit]')

    // the new connection starts at once; its QR dialog shows the codes as they come
    const qrDialog = page.locator('[data-testid=qr-dialog]')
    await qrDialog.waitFor()
    await fake.settledSocket()
    fake.wa.last.qr('2@FIRST-CODE,abc')
    await page.locator('[data-testid=qr-code][data-value="2@FIRST-CODE,abc"]').waitFor()
    const box = await page.locator('[data-testid=qr-code]').boundingBox()
    assert.equal(Math.round(box!.width), 300)
    await screenshot(page, 'qr-dialog')
    fake.wa.last.qr('2@SECOND-CODE,def')
    await page.locator('[data-testid=qr-code][data-value="2@SECOND-CODE,def"]').waitFor()

    // pairing by phone number instead: the dialog shows the code to type on the phone
    const before = fake.wa.sockets.length
    await page.fill('[data-testid=pairing-phone]', '5511933332222')
    await page.click('[data-testid=pairing-ask]')
    await waitFor(async () => fake.wa.sockets.length > before)
    await fake.settledSocket()
    fake.wa.last.qr('2@THIRD-CODE,ghi')
    await page.locator('[data-testid=pairing-code]', { hasText: 'ABCD1234' }).waitFor()
    assert.deepEqual(fake.wa.last.pairingRequests, ['5511933332222'])

    // the phone links: the dialog closes and the row says CONNECTED
    fake.wa.last.open('5511933332222')
    await qrDialog.waitFor({ state: 'detached' })
    const row = page.locator('tr', { hasText: name })
    await row.locator('[data-status=CONNECTED]').waitFor()
    assert.include(await row.innerText(), '5511933332222')
    // last update as dd/MM/yy HH:mm
    assert.match(await row.innerText(), /\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}/)
    await page.locator('[data-testid=connections-warning]').waitFor({ state: 'detached' })
    await screenshot(page, 'connections')

    // disconnect (with confirmation): DISCONNECTED, and the side menu warns
    await row.locator('[data-testid^=disconnect-]').click()
    await page.locator('.fui-DialogSurface').getByRole('button', { name: 'Desconectar' }).click()
    await row.locator('[data-status=DISCONNECTED]').waitFor()
    await row.locator('[data-testid^=retry-]').waitFor()
    await row.locator('[data-testid^=new-qr-]').waitFor()
    await page.locator('[data-testid=connections-warning]').waitFor()
    assert.equal(fake.wa.last.loggedOut, true)
    await screenshot(page, 'connections-disconnected')

    // a plain user sees the connections but none of the admin actions
    const { user } = await createUser(company)
    const other = await openPage(browser)
    await signIn(other.page, user.email, PASSWORD)
    await other.page.goto('/connections')
    await other.page.locator('tr', { hasText: name }).waitFor()
    assert.equal(await other.page.locator('[data-testid=add-connection]').count(), 0)
    assert.equal(await other.page.locator('[data-testid=restart-connections]').count(), 0)
    assert.equal(await other.page.locator('[data-testid^=edit-connection-]').count(), 0)
    assert.equal(await other.page.locator('[data-testid^=delete-connection-]').count(), 0)
    assert.equal(await other.page.locator('[data-testid^=retry-]').count(), 0)
    assert.notInclude(await other.page.locator('thead').innerText(), 'Sessão')
    await other.context.close()

    assert.deepEqual(errors, [])
    await context.close()
  })

  test('history import: preparing, live progress, then closing the imported tickets', async ({ assert }) => {
    const { admin, company } = await createTenant()
    const row0 = await tenancy.run(company.id, () =>
      Whatsapp.create({
        name: `Importa ${uid()}`,
        channel: 'whatsapp',
        status: 'CONNECTED',
        number: '5511922221111',
        importOldMessages: true,
        importOldMessagesDate: DateTime.now().minus({ days: 30 }),
        // the last history batch arrived just now: within the 35-second preparing window
        statusImportMessages: String(Date.now()),
      } as any)
    )
    await tenancy.run(company.id, () => companySettings.set('scheduleType', 'connection'))
    const { page, context, errors } = await openPage(browser)
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/connections')
    const row = page.locator('tr', { hasText: row0.name })
    await row.locator('button', { hasText: 'Preparando importação' }).waitFor()
    await page.waitForTimeout(1000)

    emitImport(company.id, { action: 'update', status: { this: -1, all: -1 } })
    await row.locator(`[data-testid=import-progress-${row0.id}]`, { hasText: 'Preparando' }).waitFor()
    emitImport(company.id, { action: 'update', status: { this: 10, all: 40, date: '01/02/26 10:00:00' } })
    await row
      .locator(`[data-testid=import-progress-${row0.id}]`, { hasText: '10 de 40 · 01/02/26 10:00:00 · 25%' })
      .waitFor()
    await screenshot(page, 'connections-import-progress')

    // the import ends with the close-imported-tickets button (reference §10) and a refresh
    await tenancy.run(company.id, async () => {
      row0.statusImportMessages = 'renderButtonCloseTickets'
      await row0.save()
    })
    emitImport(company.id, { action: 'refresh' })
    await row.locator(`[data-testid=close-imported-${row0.id}]`).click()
    await page.locator('[data-testid=toast-success]', { hasText: 'Tickets importados fechados com sucesso!' }).waitFor()
    await row.locator(`[data-testid=close-imported-${row0.id}]`).waitFor({ state: 'detached' })
    const after = await tenancy.run(company.id, () => Whatsapp.findOrFail(row0.id))
    assert.isNull(after.statusImportMessages)

    // connection-level hours: the editor has the schedules tab, and saving keeps every field
    await page.click(`[data-testid=edit-connection-${row0.id}]`)
    await page.click('[data-testid=tab-schedules]')
    await page.locator('[aria-label="Segunda-feira startTimeA"]').fill('07:30')
    await screenshot(page, 'connection-editor-schedules')
    await page.click('button[type=submit]')
    await page.locator('[role=dialog]').waitFor({ state: 'detached' })
    const edited = await tenancy.run(company.id, () => Whatsapp.findOrFail(row0.id))
    assert.equal(edited.schedules.find((d) => d.weekdayEn === 'monday')?.startTimeA, '07:30')
    assert.equal(edited.name, row0.name)
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('the super user sees every company on the all-connections page and opens one', async ({ assert }) => {
    const { admin, company } = await createTenant()
    // a connection made through the API as the admin would
    const { page: adminPage, context: adminContext } = await openPage(browser)
    await signIn(adminPage, admin.email, PASSWORD)
    const name = `Filial ${uid()}`
    const created = await adminPage.evaluate(async (n) => {
      const res = await fetch('/whatsapp', {
        method: 'POST',
        headers: {
          'Accept': 'application/json',
          'Content-Type': 'application/json',
          'Authorization': `Bearer ${localStorage.getItem('token')}`,
        },
        body: JSON.stringify({ name: n }),
      })
      return res.status
    }, name)
    assert.equal(created, 201)
    // a non-super user is sent to /tickets
    await adminPage.goto('/allConnections')
    await adminPage.waitForURL((u) => !u.pathname.startsWith('/allConnections'))
    await adminContext.close()

    const { page, context, errors } = await openPage(browser)
    await signIn(page, SUPER.email, SUPER.password)
    await page.goto('/allConnections')
    await page.locator('h1', { hasText: 'Todas as conexões' }).waitFor()
    const row = page.locator('tr', { hasText: company.name })
    await row.waitFor()
    assert.include(await page.locator('table').innerText(), 'Total geral')
    await row.locator(`[data-testid=company-connections-${company.id}]`).click()
    await page.locator('[role=dialog] td', { hasText: name }).waitFor()
    await screenshot(page, 'all-connections')
    assert.deepEqual(errors, [])
    await context.close()
  })

  test("the add menu and the API connection's channel tab come from the manifests; the callback is set in the UI", async ({
    assert,
  }) => {
    const { admin, company } = await createTenant()
    for (const size of [
      { width: 1440, height: 900, tag: 'desktop' },
      { width: 390, height: 844, tag: 'mobile' },
    ]) {
      const { page, context, errors } = await openPage(browser, size)
      await signIn(page, admin.email, PASSWORD)
      await page.goto('/connections')
      await page.locator('h1', { hasText: 'Conexões' }).waitFor()
      await page.click('[data-testid=add-connection]')
      // every channel the plan offers, as GET /modules lists them: the API channel too
      await page.locator('[data-testid=add-api]').waitFor()
      assert.equal(await page.locator('[data-testid=add-whatsapp]').count(), 1)
      await page.click('[data-testid=add-api]')
      await page.locator('input[name=name]').waitFor()
      const name = `Integração ${size.tag} ${uid()}`
      await page.fill('input[name=name]', name)
      await page.click('[data-testid=tab-channel]')
      await page.locator('[data-testid=channel-settings]').waitFor()
      await page.fill('input[name="settings.callbackUrl"]', 'not-a-url')
      await page.click('button[type=submit]')
      await page.locator('[role=dialog]', { hasText: 'Informe uma URL http(s) válida' }).waitFor()
      await page.fill('input[name="settings.callbackUrl"]', `https://example.test/${size.tag}`)
      await page.fill('input[name="settings.secret"]', 'short')
      await page.click('button[type=submit]')
      // the server's rule (vine schema of the channel) comes back on the channel tab
      await page.locator('[role=dialog]', { hasText: 'Muito curto' }).waitFor()
      await page.fill('input[name="settings.secret"]', `a-secret-typed-in-the-ui-${size.tag}`)
      await screenshot(page, `connection-dialog-api-${size.tag}`)
      await page.click('button[type=submit]')
      await page.locator('[role=dialog]').waitFor({ state: 'detached' })
      const row = await tenancy.run(company.id, () => Whatsapp.query().where('name', name).firstOrFail())
      assert.deepEqual(row.settings, {
        callbackUrl: `https://example.test/${size.tag}`,
        secret: `a-secret-typed-in-the-ui-${size.tag}`,
      })
      // editing again: the URL is shown, the secret only as "set"
      await page.locator(`[data-testid=edit-connection-${row.id}]`).click()
      await page.click('[data-testid=tab-channel]')
      assert.equal(await page.inputValue('input[name="settings.callbackUrl"]'), `https://example.test/${size.tag}`)
      assert.equal(await page.inputValue('input[name="settings.secret"]'), '')
      assert.include(await page.locator('[role=dialog]').innerText(), 'Definido')
      await screenshot(page, `connection-dialog-api-edit-${size.tag}`)
      assert.deepEqual(errors, [])
      await context.close()
    }
  })
})
