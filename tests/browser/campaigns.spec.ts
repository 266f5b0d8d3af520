import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { PASSWORD, createTenant } from '#tests/helpers/world'
import { createConnection, recordingDriver, startWorkers } from '#tests/helpers/inbox'
import { saveSettings } from '#modules/campaigns/services/campaign_settings'
import { BASE_URL, holdExportState, launchBrowser, openDialog, openPage, screenshot, signIn } from './support.js'

const dialog = (page: Page) => page.locator('[role=dialog]')
const cell = (page: Page, text: string) => page.getByRole('cell', { name: text, exact: true })

async function choose(page: Page, name: string, label: string) {
  await page.click(`button[name="${name}"]`)
  await page.getByRole('option', { name: label, exact: true }).click()
}

/** a datetime-local value one minute ago, in the browser's (= this process's) time zone */
function aMinuteAgo() {
  const d = new Date(Date.now() - 60_000)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}

test.group('browser · campaigns', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    await startWorkers()
    return () => browser.close()
  })

  test('an admin builds a list, creates a campaign and watches the report fill live', async ({ assert }) => {
    const driver = recordingDriver()
    try {
      const { admin, company } = await createTenant()
      const conn = await createConnection(company, { name: 'Loja Centro' } as any)
      // sending all day, every day, without pauses: the pacing itself is proven in the dispatcher's tests
      await tenancy.run(company.id, () =>
        saveSettings({
          messageInterval: 0,
          longerIntervalAfter: 0,
          greaterInterval: 0,
          startHour: '00:00',
          endHour: '23:59',
          sabado: true,
          domingo: true,
        })
      )
      const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
      await signIn(page, admin.email, PASSWORD)

      // settings: the saved values come back, a variable is added
      await page.goto('/campaigns-config')
      await page.locator('h1', { hasText: 'Configurações de campanhas' }).waitFor()
      await page.getByRole('button', { name: 'Adicionar variável' }).click()
      await page.fill('input[name=variable-key-0]', 'loja')
      await page.fill('input[name=variable-value-0]', 'Loja Centro')
      await page.click('[data-testid=save-campaign-settings]')
      await page.getByText('Configurações salvas').first().waitFor()
      await screenshot(page, 'campaigns-settings')

      // a list with two contacts
      await page.locator('[data-testid=side-menu] a', { hasText: 'Listas de contatos' }).click()
      await page.waitForURL(`${BASE_URL}/contact-lists`)
      await openDialog(page, '[data-testid=add-list]')
      await page.fill('input[name=name]', 'Clientes VIP')
      await page.click('button[type=submit]')
      await dialog(page).waitFor({ state: 'detached' })
      await cell(page, 'Clientes VIP').waitFor()
      const list = await db.from('contact_lists').where({ company_id: company.id, name: 'Clientes VIP' }).firstOrFail()
      await page.click(`[data-testid=open-list-${list.id}]`)
      await page.waitForURL(`${BASE_URL}/contact-lists/${list.id}/contacts`)
      // the sample sheet speaks the page's language, with headers the import reads
      const [sample] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Planilha modelo' }).click(),
      ])
      assert.equal(sample.suggestedFilename(), 'modelo-lista-de-contatos.csv')
      assert.match(readFileSync((await sample.path())!, 'utf8'), /^nome,numero,email\n/)
      for (const [name, number] of [
        ['Ana Souza', '+55 11 99999-0001'],
        ['Bruno Lima', '5511999990002'],
      ]) {
        await openDialog(page, '[data-testid=add-item]')
        await page.fill('input[name=name]', name)
        await page.fill('input[name=number]', number)
        await page.click('button[type=submit]')
        await dialog(page).waitFor({ state: 'detached' })
      }
      await cell(page, '5511999990001').waitFor()
      // import: a sheet with a new contact, one already in the list and a bad row
      await page.setInputFiles('[data-testid=import-file]', {
        name: 'contatos.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'Nome,Telefone,E-mail\nCarla Dias,5511999990003,carla@example.test\nAna Souza,5511999990001,\nSem número,12,\n'
        ),
      })
      await page.getByText('Importação concluída: 1 novos, 1 já na lista, 1 inválidos.').first().waitFor()
      await page.locator('[data-testid=import-invalid]', { hasText: '4 (número)' }).waitFor()
      await cell(page, '5511999990003').waitFor()
      await db.from('contact_list_items').where({ contact_list_id: list.id, number: '5511999990003' }).delete()
      await page.reload()
      await cell(page, '5511999990001').waitFor()
      // a number already in the list is refused with the server's message
      await openDialog(page, '[data-testid=add-item]')
      await page.fill('input[name=name]', 'Ana de novo')
      await page.fill('input[name=number]', '5511999990001')
      await page.click('button[type=submit]')
      await page.getByText('Este número já está nesta lista.').first().waitFor()
      await dialog(page).getByRole('button', { name: 'Cancelar' }).click()
      await dialog(page).waitFor({ state: 'detached' })
      await screenshot(page, 'campaigns-contact-items')

      // the campaign: the confirmation fields appear only with confirmation on
      await page.locator('[data-testid=side-menu] a', { hasText: 'Campanhas' }).first().click()
      await page.waitForURL(`${BASE_URL}/campaigns`)
      // a daily cap below the list's size per number: the dialog warns (the cap is lifted again before saving)
      await tenancy.run(company.id, () => saveSettings({ dailyLimit: 1 }))
      const connectionsLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/whatsapp')
      await page.click('[data-testid=add-campaign]')
      await page.fill('input[name=name]', 'Black Friday')
      assert.equal(await page.locator('textarea[name=confirmationMessage1]').count(), 0)
      await page.getByRole('switch', { name: 'Pedir confirmação' }).click()
      await page.locator('textarea[name=confirmationMessage1]').waitFor()
      await page.getByRole('switch', { name: 'Pedir confirmação' }).click()
      await page.locator('textarea[name=confirmationMessage1]').waitFor({ state: 'detached' })
      await connectionsLoaded
      await page.getByRole('combobox', { name: 'Conexões' }).click()
      // a multiselect's options are menuitemcheckboxes
      await page.getByRole('menuitemcheckbox', { name: 'Loja Centro' }).click()
      await page.keyboard.press('Escape')
      await choose(page, 'contactListId', 'Clientes VIP (2)')
      await page.locator('[data-testid=daily-cap-warning]', { hasText: 'limite diário de 1 envios' }).waitFor()
      // an image goes with the message as its caption
      await page.setInputFiles('[role=dialog] input[type=file]', {
        name: 'oferta.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64'
        ),
      })
      await page.locator('[data-testid=campaign-media]', { hasText: 'oferta.png' }).waitFor()
      await tenancy.run(company.id, () => saveSettings({ dailyLimit: 0 }))
      await page.fill('textarea[name=message1]', 'Oi {primeiroNome}, ofertas da {loja}!')
      await screenshot(page, 'campaigns-dialog')
      await page.fill('input[name=scheduledAt]', aMinuteAgo())
      await page.click('button[type=submit]')
      await dialog(page).waitFor({ state: 'detached' })
      await cell(page, 'Black Friday').waitFor()
      const campaign = await db.from('campaigns').where({ company_id: company.id, name: 'Black Friday' }).firstOrFail()
      assert.equal(campaign.whatsapp_id, String(conn.id))
      assert.equal(campaign.media_name, 'oferta.png')

      // the report follows the dispatcher live until FINALIZADA
      await page.click(`[data-testid=report-${campaign.id}]`)
      await page.waitForURL(`${BASE_URL}/campaign/${campaign.id}/report`)
      await page.locator('[data-testid=report-status][data-status=FINALIZADA]').waitFor({ timeout: 30_000 })
      await page.getByText('2 de 2 entregues').waitFor({ timeout: 15_000 })
      assert.equal(await page.locator('[data-percent]').getAttribute('data-percent'), '100')
      await screenshot(page, 'campaigns-report')
      // the report's xlsx: a job on the server, in the page's language, then the download; while the
      // job runs the button says how far it is (its state held at half way here, to look at it)
      const state = /\/campaigns\/\d+\/exports\/[0-9a-f-]+$/
      const release = await holdExportState(page, state, { status: 'processing', done: 1, total: 2 })
      const downloading = page.waitForEvent('download')
      await page.click('[data-testid=campaign-export]')
      await page.locator('[data-testid=campaign-export]', { hasText: 'Exportando… 50%' }).waitFor()
      await screenshot(page, 'campaigns-report-exporting')
      await release()
      const download = await downloading
      assert.equal(download.suggestedFilename(), `campanha-${campaign.id}.xlsx`)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(readFileSync((await download.path())!) as any)
      const rows: string[][] = []
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as any[]).slice(1, 5).map(String)))
      assert.deepEqual(rows[0], ['Nome', 'Número', 'E-mail', 'Situação'])
      assert.sameMembers(
        rows.slice(1).map((r) => `${r[1]} ${r[3]}`),
        ['5511999990001 Entregue', '5511999990002 Entregue']
      )
      await page.locator('[data-testid=campaign-export]:not([disabled])').waitFor()
      assert.isTrue(driver.sent.every((m) => m.kind === 'media' && m.mediaType === 'image'))
      const sent = driver.sent.map((m) => [m.to.number, m.body]).sort()
      assert.deepEqual(sent, [
        ['5511999990001', 'Oi Ana, ofertas da Loja Centro!'],
        ['5511999990002', 'Oi Bruno, ofertas da Loja Centro!'],
      ])

      // a finished campaign opens read-only
      await page.goto('/campaigns')
      await page.click(`[data-testid=view-campaign-${campaign.id}]`)
      await page.getByText('Esta campanha não pode mais ser alterada').first().waitFor()
      assert.equal(await page.locator('input[name=name]').count(), 0)
      await screenshot(page, 'campaigns-list-readonly')
      await dialog(page).getByRole('button', { name: 'Cancelar' }).click()

      // small screen: the report stays readable
      const mobile = await openPage(browser, { width: 390, height: 844 })
      await signIn(mobile.page, admin.email, PASSWORD)
      await mobile.page.goto(`/campaign/${campaign.id}/report`)
      await mobile.page.getByText('2 de 2 entregues').waitFor()
      await screenshot(mobile.page, 'campaigns-report-mobile')
      // the export's progress on a phone (the job's state held at half way, never let through)
      await holdExportState(mobile.page, state, { status: 'processing', done: 1, total: 2 })
      await mobile.page.click('[data-testid=campaign-export]')
      await mobile.page.locator('[data-testid=campaign-export]', { hasText: 'Exportando… 50%' }).waitFor()
      await screenshot(mobile.page, 'campaigns-report-exporting-mobile')
      await mobile.page.goto('/campaigns')
      await cell(mobile.page, 'Black Friday').waitFor()
      await screenshot(mobile.page, 'campaigns-list-mobile')
      await mobile.context.close()

      assert.deepEqual(errors, [])
      await context.close()
    } finally {
      driver.restore()
    }
  })
  test("a confirmation campaign's report shows the questions' acks apart from the offer's", async ({ assert }) => {
    const { admin, company } = await createTenant()
    const conn = await createConnection(company, { name: 'Loja Norte' } as any)
    // a finished campaign's rows as the dispatcher leaves them (the acks themselves: modules/campaigns/tests)
    const [campaign] = await db
      .table('campaigns')
      .insert({
        company_id: company.id,
        name: 'Confirma',
        status: 'FINALIZADA',
        confirmation: true,
        confirmation_message1: 'Posso enviar?',
        message1: 'Ofertas',
        whatsapp_id: String(conn.id),
        scheduled_at: new Date(Date.now() - 3_600_000),
        completed_at: new Date(),
      })
      .returning('id')
    const now = new Date()
    const row = (n: number, extra: Record<string, unknown>) => ({
      company_id: company.id,
      campaign_id: campaign.id,
      number: `55119777700${n}`,
      name: `Pessoa ${n}`,
      whatsapp_id: conn.id,
      confirmation_requested_at: now,
      ...extra,
    })
    await db.table('campaign_shippings').multiInsert([
      // asked, read, confirmed, offer delivered and read
      row(1, {
        status: 'delivered',
        confirmation_delivered_at: now,
        confirmation_read_at: now,
        confirmed_at: now,
        delivered_at: now,
        read_at: now,
      }),
      // asked and delivered, never answered
      row(2, { status: 'confirming', confirmation_delivered_at: now }),
      // the question failed
      row(3, { status: 'failed', failed_at: now, error: 'ERR_WAPP_INVALID_CONTACT' }),
    ])
    for (const size of [
      { width: 1440, height: 900, name: 'campaigns-report-confirmation' },
      { width: 390, height: 844, name: 'campaigns-report-confirmation-mobile' },
    ]) {
      const { page, context, errors } = await openPage(browser, size)
      await signIn(page, admin.email, PASSWORD)
      await page.goto(`/campaign/${campaign.id}/report`)
      const value = (id: string) => page.locator(`[data-testid=${id}]`)
      await value('card-confirmation-delivered').waitFor()
      assert.include(await value('card-confirmation-requested').innerText(), '3')
      assert.include(await value('card-confirmation-delivered').innerText(), 'Confirmações entregues')
      assert.include(await value('card-confirmation-delivered').innerText(), '2')
      assert.include(await value('card-confirmation-read').innerText(), '1')
      assert.include(await value('card-delivered').innerText(), '1')
      assert.include(await value('card-failed').innerText(), '1')
      await screenshot(page, size.name)
      assert.deepEqual(errors, [])
      await context.close()
    }
  })
})
