import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { waitFor } from '#channels/whatsapp/tests/fixtures/world'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { createPlan, createTenant, superSession, uid } from '#tests/helpers/world'
import { createQueue } from '#tests/helpers/inbox'
import { fakeWhatsAppEachTest } from './fake_whatsapp.js'
import { SUPER, launchBrowser, openPage, screenshot, signIn } from './support.js'

/**
 * The all-connections page's company dialog (spec 3 §2, issue #15 item 19): the
 * super user gets what the connections page gives that company's admins — the add
 * menu with the channels of the company's own plan, edit, delete and the session
 * actions with the QR dialog — in Chromium, against the app running in this process,
 * with WhatsApp sessions on a fake Baileys socket the test drives.
 */
test.group('browser · all connections', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })
  const fake = fakeWhatsAppEachTest(group, 'browser-all-connections')

  const count = async (companyId: number) =>
    Number((await db.from('whatsapps').where('company_id', companyId).count('* as n').first())?.n ?? 0)

  async function openCompany(page: Page, companyId: number, companyName: string) {
    await page.goto('/allConnections')
    await page.locator('h1', { hasText: 'Todas as conexões' }).waitFor()
    await page.locator(`[data-testid=company-connections-${companyId}]`).click()
    const dialog = page.locator('[data-testid=company-connections]')
    await dialog.locator('h2', { hasText: `Conexões de ${companyName}` }).waitFor()
    return dialog
  }

  test("the super user adds, connects, disconnects and deletes another company's connections from its dialog", async ({
    assert,
  }) => {
    // the company's plan has no Facebook (the super user's own plan has every channel)
    const plan = await createPlan({ connections: 3, useFacebook: false })
    const { company } = await createTenant({ plan })
    const old = await tenancy.run(company.id, () =>
      Whatsapp.create({ name: `Antiga ${uid()}`, channel: 'whatsapp', status: 'DISCONNECTED' })
    )
    const { user: superUser } = await superSession()
    const ownBefore = await count(superUser.companyId)

    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, SUPER.email, SUPER.password)
    const dialog = await openCompany(page, company.id, company.name)
    const oldRow = dialog.locator('tr', { hasText: old.name })
    await oldRow.waitFor()
    // what an admin has on the connections page: session actions, edit and delete
    await oldRow.locator(`[data-testid=retry-${old.id}]`).waitFor()
    await oldRow.locator(`[data-testid=new-qr-${old.id}]`).waitFor()
    await oldRow.locator(`[data-testid=edit-connection-${old.id}]`).waitFor()
    await oldRow.locator(`[data-testid=delete-connection-${old.id}]`).waitFor()
    assert.include(await dialog.locator('thead').innerText(), 'Sessão')
    await screenshot(page, 'all-connections-company-desktop')

    // the add menu follows the company's plan
    await dialog.locator('[data-testid=add-connection]').click()
    await page.locator('[data-testid=add-whatsapp]').waitFor()
    assert.equal(await page.locator('[data-testid=add-facebook]').count(), 0)
    assert.equal(await page.locator('[data-testid=add-api]').count(), 1)
    // Instagram is in the plan, but its connections come from the company admin's own Facebook sign-in
    assert.equal(await page.locator('[data-testid=add-instagram]').count(), 0)
    await screenshot(page, 'all-connections-add-menu-desktop')
    await page.click('[data-testid=add-whatsapp]')
    await page.locator('input[name=name]').waitFor()
    // another company's token is not the super user's to see
    assert.equal(await page.locator('[data-testid=connection-token]').count(), 0)
    const name = `Filial ${uid()}`
    await page.fill('input[name=name]', name)
    await screenshot(page, 'all-connections-editor-desktop')
    await page.click('button[type=submit]')

    // created in the company, not the super user's; it starts and its QR shows (read again while open)
    const qrDialog = page.locator('[data-testid=qr-dialog]')
    await qrDialog.waitFor()
    const created = await tenancy.run(company.id, () => Whatsapp.query().where('name', name).firstOrFail())
    assert.equal(created.companyId, company.id)
    assert.equal(await count(superUser.companyId), ownBefore)
    await fake.settledSocket()
    fake.wa.last.qr('2@ALL-CONNECTIONS,abc')
    await page.locator('[data-testid=qr-code][data-value="2@ALL-CONNECTIONS,abc"]').waitFor()
    await screenshot(page, 'all-connections-qr-desktop')

    // the phone links: the dialog closes and the row says CONNECTED, with its disconnect button
    fake.wa.last.open('5511944443333')
    await qrDialog.waitFor({ state: 'detached' })
    const row = dialog.locator('tr', { hasText: name })
    await row.locator('[data-status=CONNECTED]').waitFor()
    await row.locator('[data-testid^=disconnect-]').click()
    await page
      .locator('.fui-DialogSurface', { hasText: `Desconectar "${name}"?` })
      .getByRole('button', { name: 'Desconectar' })
      .click()
    await row.locator('[data-status=DISCONNECTED]').waitFor()
    await row.locator(`[data-testid=retry-${created.id}]`).waitFor()
    assert.isTrue(fake.wa.last.loggedOut)

    // delete the old one, after the confirmation
    await oldRow.locator(`[data-testid=delete-connection-${old.id}]`).click()
    await page
      .locator('.fui-DialogSurface', { hasText: `Excluir a conexão "${old.name}"?` })
      .getByRole('button', { name: 'Sim' })
      .click()
    await page.locator('[data-testid=toast-success]', { hasText: 'Conexão excluída com sucesso!' }).waitFor()
    await oldRow.waitFor({ state: 'detached' })
    assert.isNull(await db.from('whatsapps').where('id', old.id).first())
    assert.equal(await count(company.id), 1)
    await screenshot(page, 'all-connections-after-delete-desktop')

    // closing the dialog refreshes the counts
    await dialog.getByRole('button', { name: 'Fechar' }).click()
    await dialog.waitFor({ state: 'detached' })
    const companyRow = page.locator('tr', { hasText: company.name })
    await waitFor(async () => /\b1\b/.test(await companyRow.innerText()))
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('on a phone the company dialog keeps the add menu, session actions, edit and delete in reach', async ({
    assert,
  }) => {
    const { company } = await createTenant()
    const w = await tenancy.run(company.id, () =>
      Whatsapp.create({ name: `Celular ${uid()}`, channel: 'whatsapp', status: 'DISCONNECTED' })
    )
    const queue = await createQueue(company, `Fila do cliente ${uid()}`)
    await db.table('whatsapp_queues').insert({ whatsapp_id: w.id, queue_id: queue.id })
    const { page, context, errors } = await openPage(browser, { width: 390, height: 844 })
    await signIn(page, SUPER.email, SUPER.password)
    const dialog = await openCompany(page, company.id, company.name)
    await dialog.locator(`[data-testid=retry-${w.id}]`).waitFor()
    for (const id of [`new-qr-${w.id}`, `edit-connection-${w.id}`, `delete-connection-${w.id}`, 'add-connection']) {
      const box = await dialog.locator(`[data-testid=${id}]`).boundingBox()
      assert.isNotNull(box, id)
      assert.isAtMost(box!.x + box!.width, 390, `${id} inside the screen`)
    }
    await screenshot(page, 'all-connections-company-mobile')
    await dialog.locator('[data-testid=add-connection]').click()
    await page.locator('[data-testid=add-whatsapp]').waitFor()
    await screenshot(page, 'all-connections-add-menu-mobile')
    await page.click('[data-testid=add-whatsapp]')
    await page.locator('input[name=name]').waitFor()
    await screenshot(page, 'all-connections-editor-mobile')
    await page.getByRole('button', { name: 'Cancelar' }).click()
    await page.locator('input[name=name]').waitFor({ state: 'detached' })

    // edit an existing one (PUT /whatsapp-admin/:id): the greeting media stays the company's
    await dialog.locator(`[data-testid=edit-connection-${w.id}]`).click()
    await page.locator('[data-testid=greeting-media-name]').waitFor()
    assert.equal(await page.locator('[data-testid=greeting-media]').count(), 0)
    // the queue options are that company's: its queue shows as chosen
    await page.locator('.fui-DialogSurface', { hasText: queue.name }).last().waitFor()
    await page.fill('input[name=name]', `${w.name} 2`)
    await page.click('button[type=submit]')
    await page.locator('input[name=name]').waitFor({ state: 'detached' })
    await dialog.getByText(`${w.name} 2`).first().waitFor()
    const saved = await tenancy.run(company.id, () => Whatsapp.findOrFail(w.id))
    assert.equal(saved.name, `${w.name} 2`)
    assert.exists(await db.from('whatsapp_queues').where({ whatsapp_id: w.id, queue_id: queue.id }).first())

    // new QR from the session actions: the QR dialog opens for another company's connection
    await dialog.locator(`[data-testid=new-qr-${w.id}]`).click()
    await page.locator('[data-testid=qr-dialog]').waitFor()
    await fake.settledSocket()
    fake.wa.last.qr('2@PHONE-CODE,xyz')
    await page.locator('[data-testid=qr-code][data-value="2@PHONE-CODE,xyz"]').waitFor()
    await screenshot(page, 'all-connections-qr-mobile')
    assert.deepEqual(errors, [])
    await context.close()
  })
})
