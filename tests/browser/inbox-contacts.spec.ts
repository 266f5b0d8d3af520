import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import { companySettings } from '#core/settings'
import ExcelJS from 'exceljs'
import type { Browser } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { Whatsapp } from '#core/models'
import { tenancy } from '#core/tenancy'
import { PASSWORD, createTenant, createUser, uid } from '#tests/helpers/world'
import { startWorkers } from '#tests/helpers/inbox'
import { BASE_URL, clickUntilShown, launchBrowser, openPage, screenshot, signIn } from './support.js'

const rand = () => String(5511900000000 + Math.floor(Math.random() * 99_999_999))

async function xlsx(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('contatos')
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

/** a 1×1 PNG */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64'
)

async function postAs(token: string, path: string, body: unknown) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'Accept': 'application/json', 'Content-Type': 'application/json', 'Authorization': `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

test.group('browser · inbox contacts, tags and quick messages', (group) => {
  group.each.timeout(120_000)
  let browser: Browser
  group.setup(async () => {
    // the import runs as a job: this process's workers take it (not left to an earlier test)
    await startWorkers()
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('contacts: add and edit with validation, block, import xlsx, export, delete, open a ticket', async ({
    assert,
  }) => {
    const { admin, company } = await createTenant()
    const connection = await tenancy.run(company.id, () =>
      Whatsapp.create({ name: `API ${uid()}`, channel: 'api', status: 'CONNECTED', settings: {} } as any)
    )
    // spec 1 §5: a ticket needs a queue; the company's only one is used without asking
    const [queue] = await db
      .table('queues')
      .insert({ company_id: company.id, name: `Fila ${uid()}`, color: '#2b7cd3', schedules: JSON.stringify([]) })
      .returning('id')
    const existing = rand()
    await db.table('contacts').insert({ company_id: company.id, name: 'Cliente Antigo', number: existing })
    const [tag] = await db
      .table('tags')
      .insert({ company_id: company.id, name: 'Atacado', color: '#1f7a3d', kanban: 0 })
      .returning('id')
    const { page, context, errors } = await openPage(browser)
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/contacts')
    await page.locator('h1', { hasText: 'Contatos' }).waitFor()
    await page.locator('td', { hasText: 'Cliente Antigo' }).waitFor()

    // the spec's validation messages
    await page.click('[data-testid=add-contact]')
    await page.locator('input[name=name]').waitFor()
    await page.click('button[type=submit]')
    assert.include(await page.locator('[role=dialog]').innerText(), 'Obrigatório')
    await page.fill('input[name=name]', 'C')
    await page.fill('input[name=number]', '1234')
    await page.fill('input[name=email]', 'nao-e-email')
    const dialogText = await page.locator('[role=dialog]').innerText()
    assert.include(dialogText, 'Muito curto!')
    assert.include(dialogText, 'E-mail inválido')

    const number = rand()
    await page.fill('input[name=name]', 'Carla Dias')
    await page.fill('input[name=number]', `+${number}`)
    await page.fill('input[name=email]', 'carla@example.test')
    await page.click('[data-testid=add-extra-info]')
    await page.fill('input[name=extraName0]', 'CPF')
    await page.fill('input[name=extraValue0]', '123.456.789-00')
    await page.click('[data-testid=add-extra-info]')
    await page.fill('input[name=extraName1]', 'Empresa')
    await page.fill('input[name=extraValue1]', 'Padaria Central')
    // tags: the second drop-down of the dialog (after the channel)
    await page.locator('[role=dialog] [role=combobox]').nth(1).click()
    await page.locator('[role=menuitemcheckbox], [role=option]', { hasText: 'Atacado' }).click()
    await page.keyboard.press('Escape')
    await screenshot(page, 'contact-dialog')
    await page.click('button[type=submit]')
    await page.locator('[role=dialog]').waitFor({ state: 'detached' })
    await page.locator('td', { hasText: 'Carla Dias' }).waitFor()
    const carla = await db.from('contacts').where({ company_id: company.id, number }).firstOrFail()
    assert.equal(carla.email, 'carla@example.test')
    const extra = await db.from('contact_custom_fields').where('contact_id', carla.id).orderBy('id')
    assert.deepEqual(
      extra.map((e) => [e.name, e.value]),
      [
        ['CPF', '123.456.789-00'],
        ['Empresa', 'Padaria Central'],
      ]
    )
    const linked = await db.from('contact_tags').where('contact_id', carla.id)
    assert.deepEqual(
      linked.map((l) => l.tag_id),
      [tag.id]
    )
    await page.locator('tr', { hasText: 'Carla Dias' }).locator('span[title=Atacado]').waitFor()

    // edit: the saved values come back; rename and drop one extra row
    await page.click(`[data-testid=edit-contact-${carla.id}]`)
    await page.waitForFunction(`document.querySelector('input[name=extraName1]')?.value === 'Empresa'`)
    assert.equal(await page.inputValue('input[name=name]'), 'Carla Dias')
    await page.fill('input[name=name]', 'Carla Dias Souza')
    await page.click('[data-testid=remove-extra-info-0]')
    await page.click('button[type=submit]')
    await page.locator('[role=dialog]').waitFor({ state: 'detached' })
    await page.locator('td', { hasText: 'Carla Dias Souza' }).waitFor()
    const renamed = await db.from('contacts').where('id', carla.id).firstOrFail()
    assert.equal(renamed.name, 'Carla Dias Souza')
    const left = await db.from('contact_custom_fields').where('contact_id', carla.id)
    assert.deepEqual(
      left.map((e) => e.name),
      ['Empresa']
    )

    // block and unblock
    await page.click(`[data-testid=block-contact-${carla.id}]`)
    await page.locator(`[data-testid=contact-status-${carla.id}]`, { hasText: 'Bloqueado' }).waitFor()
    assert.isFalse((await db.from('contacts').where('id', carla.id).firstOrFail()).active)
    await page.click(`[data-testid=block-contact-${carla.id}]`)
    await page.locator(`[data-testid=contact-status-${carla.id}]`, { hasText: 'Ativo' }).waitFor()

    // import: one result per row, the new contacts in the list
    const n1 = rand()
    const n2 = rand()
    const sheet = await xlsx([
      ['Nome', 'Número', 'E-mail'],
      ['Importado Um', n1, 'um@example.test'],
      ['Repetido', existing, ''],
      ['Sem número', '123', ''],
      ['Importado Dois', n2, ''],
    ])
    // the block's toast may take the first click on the menu
    await clickUntilShown(page, '[data-testid=contacts-import-export]', page.locator('[data-testid=import-contacts]'))
    await page.click('[data-testid=import-contacts]')
    await page.locator('[data-testid=import-file]').setInputFiles({
      name: 'contatos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet,
    })
    await page.click('[data-testid=start-import]')
    await page.locator('[data-testid=import-summary]', { hasText: '2 de 4 contatos criados' }).waitFor()
    const results = await page.locator('[data-testid=import-results]').innerText()
    assert.include(results, 'Criado')
    assert.include(results, 'Já existe')
    assert.include(results, 'Inválido: Número inválido')
    // spec 2 §9: closes 15 s after completion unless kept open
    await page.locator('[data-testid=keep-open]', { hasText: 'Fecha em' }).waitFor()
    await screenshot(page, 'contacts-import')
    await page.locator('[role=dialog] button', { hasText: 'Fechar' }).click()
    await page.locator('td', { hasText: 'Importado Um' }).waitFor()
    await page.locator('td', { hasText: 'Importado Dois' }).waitFor()

    // export downloads an xlsx holding the contacts
    await clickUntilShown(page, '[data-testid=contacts-import-export]', page.locator('[data-testid=export-contacts]'))
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-contacts]')])
    assert.equal(download.suggestedFilename(), 'contatos.xlsx')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(readFileSync((await download.path())!) as any)
    const names: string[] = []
    wb.worksheets[0].eachRow((row) => names.push(String(row.getCell(2).value)))
    assert.includeMembers(names, ['Carla Dias Souza', 'Importado Um', 'Importado Dois', 'Cliente Antigo'])

    await screenshot(page, 'contacts')

    // the tag filter keeps the tagged contact only
    await page.click('[data-testid=contact-tag-filter]')
    await page.locator('[role=menuitemcheckbox], [role=option]', { hasText: 'Atacado' }).click()
    await page.keyboard.press('Escape')
    await page.waitForFunction(`!document.querySelector('table').innerText.includes('Importado Um')`)
    assert.include(await page.locator('table').innerText(), 'Carla Dias Souza')
    await page.click('[data-testid=contact-tag-filter]')
    await page.locator('[role=menuitemcheckbox], [role=option]', { hasText: 'Atacado' }).click()
    await page.keyboard.press('Escape')
    await page.locator('td', { hasText: 'Importado Um' }).waitFor()

    // search narrows the list (debounced)
    await page.fill('input[role=searchbox], input[type=search]', 'Importado')
    await page.waitForFunction(`!document.querySelector('table').innerText.includes('Carla Dias Souza')`)
    assert.include(await page.locator('table').innerText(), 'Importado Dois')

    // delete with confirmation
    const dois = await db.from('contacts').where({ company_id: company.id, number: n2 }).firstOrFail()
    await page.click(`[data-testid=delete-contact-${dois.id}]`)
    await page.locator('[role=dialog] button', { hasText: 'Sim' }).click()
    await page.waitForFunction(`!document.querySelector('table').innerText.includes('Importado Dois')`)
    assert.isNull(await db.from('contacts').where('id', dois.id).first())

    // open a ticket through the connection: lands on /tickets/{uuid}
    const um = await db.from('contacts').where({ company_id: company.id, number: n1 }).firstOrFail()
    await page.click(`[data-testid=open-ticket-${um.id}]`)
    await page.click(`[data-testid=open-ticket-${um.id}-${connection.id}]`)
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/)
    const ticket = await db.from('tickets').where({ contact_id: um.id }).firstOrFail()
    assert.equal(new URL(page.url()).pathname, `/tickets/${ticket.uuid}`)
    assert.equal(ticket.whatsapp_id, connection.id)
    assert.equal(ticket.user_id, admin.id)
    assert.equal(ticket.queue_id, queue.id)
    assert.deepEqual(errors, [])
    await context.close()

    // on a phone the export's progress stays on screen (the job's state held at half way, never let through)
    const phone = await openPage(browser, { width: 390, height: 844 })
    await signIn(phone.page, admin.email, PASSWORD)
    await phone.page.goto('/contacts')
    await phone.page.locator('td', { hasText: 'Carla Dias Souza' }).waitFor()
    await phone.page.route(/\/contacts\/exports\/[0-9a-f-]+$/, (route) =>
      route.fulfill({
        json: { status: 'processing', done: 1, total: 2 },
        headers: { 'access-control-allow-origin': '*' },
      })
    )
    await phone.page.click('[data-testid=contacts-import-export]')
    await phone.page.click('[data-testid=export-contacts]')
    const progress = phone.page.locator('[data-testid=contacts-import-export]', { hasText: 'Exportando… 50%' })
    await progress.waitFor()
    const box = (await progress.boundingBox())!
    assert.isAtMost(box.x + box.width, 390)
    await screenshot(phone.page, 'contacts-exporting-mobile')
    assert.deepEqual(phone.errors, [])
    await phone.context.close()
  })

  test('contacts: a plain attendant under lgpdHideNumber sees masked numbers and cannot delete', async ({ assert }) => {
    const { company } = await createTenant()
    const number = rand()
    const [row] = await db
      .table('contacts')
      .insert({ company_id: company.id, name: 'Cliente Sigiloso', number })
      .returning('id')
    await tenancy.run(company.id, () => companySettings.set('lgpdHideNumber', 'enabled'))
    const { user } = await createUser(company)
    const { page, context, errors } = await openPage(browser)
    await signIn(page, user.email, PASSWORD)
    await page.goto('/contacts')
    const line = page.locator('tr', { hasText: 'Cliente Sigiloso' })
    await line.waitFor()
    const text = await line.innerText()
    assert.notInclude(text, number)
    assert.include(text, '*'.repeat(number.length - 2) + number.slice(-2))
    assert.equal(await page.locator(`[data-testid=delete-contact-${row.id}]`).count(), 0)

    // the masked number cannot be edited and is never sent back
    await page.click(`[data-testid=edit-contact-${row.id}]`)
    await page.waitForFunction(`document.querySelector('input[name=name]')?.value === 'Cliente Sigiloso'`)
    assert.isTrue(await page.locator('input[name=number]').isDisabled())
    assert.include(await page.locator('[role=dialog]').innerText(), 'Número oculto pela LGPD')
    await page.fill('input[name=name]', 'Cliente Sigiloso Dois')
    await page.click('button[type=submit]')
    await page.locator('td', { hasText: 'Cliente Sigiloso Dois' }).waitFor()
    const saved = await db.from('contacts').where('id', row.id).firstOrFail()
    assert.equal(saved.number, number)
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('tags: create with validation, live updates, edit and delete', async ({ assert }) => {
    const { admin, company } = await createTenant()
    // a colleague's session (signing the admin in through the browser ends the admin's other session)
    const colleague = await createUser(company)
    const [contact] = await db
      .table('contacts')
      .insert({ company_id: company.id, name: 'Dona Rosa', number: rand() })
      .returning('id')
    const [seeded] = await db
      .table('tags')
      .insert({ company_id: company.id, name: 'Atacado', color: '#1f7a3d', kanban: 0 })
      .returning('id')
    await db.table('contact_tags').insert({ contact_id: contact.id, tag_id: seeded.id })
    const { page, context, errors } = await openPage(browser)
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/tags')
    await page.locator('h1', { hasText: 'Tags' }).waitFor()
    const atacado = page.locator('tr', { hasText: 'Atacado' })
    await atacado.waitFor()
    assert.include(await atacado.innerText(), '1')

    await page.click('[data-testid=add-tag]')
    await page.locator('input[name=name]').waitFor()
    await page.click('button[type=submit]')
    assert.include(await page.locator('[role=dialog]').innerText(), 'Obrigatório')
    await page.fill('input[name=name]', 'ab')
    assert.include(await page.locator('[role=dialog]').innerText(), 'Mensagem muito curta')
    await page.fill('input[name=name]', 'Cliente VIP')
    await page.fill('input[name=color]', '#aa22cc')
    await screenshot(page, 'tag-dialog')
    await page.click('button[type=submit]')
    await page.locator('[role=dialog]').waitFor({ state: 'detached' })
    await page.locator('td', { hasText: 'Cliente VIP' }).waitFor()
    const vip = await db.from('tags').where({ company_id: company.id, name: 'Cliente VIP' }).firstOrFail()
    assert.equal(vip.color, '#aa22cc')
    assert.equal(vip.kanban, 0)

    // another user's tag arrives live
    await page.waitForTimeout(1000)
    await postAs(colleague.token, '/tags', { name: 'Chegou ao vivo', color: '#0a5cad' })
    await page.locator('td', { hasText: 'Chegou ao vivo' }).waitFor()

    await page.click(`[data-testid=edit-tag-${vip.id}]`)
    await page.fill('input[name=name]', 'Cliente Ouro')
    await page.click('button[type=submit]')
    await page.locator('td', { hasText: 'Cliente Ouro' }).waitFor()
    assert.equal((await db.from('tags').where('id', vip.id).firstOrFail()).name, 'Cliente Ouro')
    await screenshot(page, 'tags')

    await page.click(`[data-testid=delete-tag-${vip.id}]`)
    await page.locator('[role=dialog] button', { hasText: 'Sim' }).click()
    await page.waitForFunction(`!document.querySelector('table').innerText.includes('Cliente Ouro')`)
    assert.isNull(await db.from('tags').where('id', vip.id).first())
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('quick messages: create with media, remove the media, delete', async ({ assert }) => {
    const { admin, company } = await createTenant()
    const { page, context, errors } = await openPage(browser)
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/quick-messages')
    await page.locator('h1', { hasText: 'Respostas rápidas' }).waitFor()

    await page.click('[data-testid=add-quick-message]')
    await page.locator('input[name=shortcode]').waitFor()
    await page.click('button[type=submit]')
    assert.include(await page.locator('[role=dialog]').innerText(), 'Obrigatório')
    await page.fill('input[name=shortcode]', 'boasvindas')
    await page.fill('textarea[name=message]', 'Olá! Seja bem-vindo à Padaria Central. Segue nosso cardápio.')
    await page.locator('[data-testid=quick-message-file]').setInputFiles({
      name: 'cardapio.png',
      mimeType: 'image/png',
      buffer: PNG,
    })
    await page.locator('[data-testid=quick-message-file-name]', { hasText: 'cardapio.png' }).waitFor()
    await screenshot(page, 'quick-message-dialog')
    await page.click('button[type=submit]')
    await page.locator('[role=dialog]').waitFor({ state: 'detached' })
    const row = page.locator('tr', { hasText: '/boasvindas' })
    await row.waitFor()
    await row.locator('a', { hasText: 'cardapio.png' }).waitFor()
    const saved = await db
      .from('quick_messages')
      .where({ company_id: company.id, shortcode: 'boasvindas' })
      .firstOrFail()
    assert.equal(saved.media_name, 'cardapio.png')
    assert.match(saved.media_path, /\.png$/)
    // the media link serves the file
    const href = await row.locator('a', { hasText: 'cardapio.png' }).getAttribute('href')
    const media = await page.request.get(href!)
    assert.equal(media.status(), 200)
    await screenshot(page, 'quick-messages')

    // remove the media on edit
    await page.click(`[data-testid=edit-quick-message-${saved.id}]`)
    await page.click('[data-testid=remove-media]')
    await page.click('button[type=submit]')
    await page.locator('[role=dialog]').waitFor({ state: 'detached' })
    await page.waitForFunction(`!document.querySelector('table').innerText.includes('cardapio.png')`)
    assert.isNull((await db.from('quick_messages').where('id', saved.id).firstOrFail()).media_path)

    await page.click(`[data-testid=delete-quick-message-${saved.id}]`)
    await page.locator('[role=dialog] button', { hasText: 'Sim' }).click()
    await page.waitForFunction(`!document.querySelector('table').innerText.includes('/boasvindas')`)
    assert.isNull(await db.from('quick_messages').where('id', saved.id).first())
    assert.deepEqual(errors, [])
    await context.close()
  })
})
