import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD, createTenant, createUser } from '#tests/helpers/world'
import { BASE_URL, launchBrowser, openPage, screenshot, signIn } from './support.js'

const dialog = (page: Page) => page.locator('[role=dialog]')
const cell = (page: Page, text: string) => page.getByRole('cell', { name: text, exact: true })

/** Picks an entry of a kit SelectField (a Fluent Dropdown) by its label. */
async function choose(page: Page, name: string, label: string) {
  await page.click(`button[name="${name}"]`)
  await page.getByRole('option', { name: label, exact: true }).click()
}

async function queueRow(companyId: number, name: string) {
  return db.from('queues').where({ company_id: companyId, name }).first()
}

/** A queue's option tree as names, in the menu order (by id). */
async function tree(queueId: number) {
  const rows = await db.from('chatbots').orderBy('id')
  const level = (filter: (r: any) => boolean): any[] =>
    rows.filter(filter).map((r) => ({ name: r.name, options: level((c) => c.chatbot_id === r.id) }))
  return level((r) => r.queue_id === queueId)
}

test.group('browser · queues', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('an admin manages queues, their chatbot tree and service hours', async ({ assert }) => {
    const { admin, company } = await createTenant()
    const { page, context, errors } = await openPage(browser, { height: 900 })
    await signIn(page, admin.email, PASSWORD)
    await page.locator('[data-testid=side-menu] a', { hasText: 'Filas e chatbot' }).click()
    await page.waitForURL(`${BASE_URL}/queues`)
    await page.locator('h1', { hasText: 'Filas e chatbot' }).waitFor()

    // first queue: validation, then a greeting and a two-level option tree
    await page.click('[data-testid=add-queue]')
    await page.locator('input[name=name]').waitFor()
    await page.fill('input[name=color]', '')
    await page.click('button[type=submit]')
    assert.include(await dialog(page).innerText(), 'Obrigatório')
    await page.fill('input[name=name]', 'Suporte')
    await page.fill('input[name=color]', '#1e88e5')
    await page.fill('textarea[name=greetingMessage]', 'Olá! Bem-vindo ao suporte.')
    await page.click('[data-testid=queue-tab-chatbot]')
    await page.click('[data-testid=add-chatbot-option]')
    await page.fill('input[name=option-1-name]', 'Dúv')
    assert.include(await dialog(page).innerText(), 'Muito curto!')
    await page.fill('input[name=option-1-name]', 'Dúvidas')
    await page.fill('textarea[name=option-1-message]', 'Escolha uma opção:')
    await page.click('[data-testid=option-1-add]')
    await page.fill('input[name=option-1-1-name]', 'Segunda via')
    await page.fill('textarea[name=option-1-1-message]', 'Enviamos a segunda via por e-mail.')
    // the spec's "a message is required to continue" explanation
    await page.hover('[data-testid=option-1-add]')
    await page.getByText('A mensagem é obrigatória para continuar para o próximo nível').first().waitFor()
    await screenshot(page, 'chatbot-editor')
    await page.click('button[type=submit]')
    await dialog(page).waitFor({ state: 'detached' })
    await cell(page, 'Suporte').waitFor()
    const suporte = await queueRow(company.id, 'Suporte')
    assert.equal(suporte.greeting_message, 'Olá! Bem-vindo ao suporte.')
    assert.deepEqual(await tree(suporte.id), [{ name: 'Dúvidas', options: [{ name: 'Segunda via', options: [] }] }])

    // second queue: greeting now required, then the colour conflict comes back translated
    await page.click('[data-testid=add-queue]')
    await page.fill('input[name=name]', 'Financeiro')
    await page.fill('input[name=color]', '#1E88E5')
    await page.click('button[type=submit]')
    assert.include(await dialog(page).innerText(), 'A mensagem de saudação é obrigatória quando há mais de uma fila.')
    await page.fill('textarea[name=greetingMessage]', 'Financeiro: boletos e pagamentos.')
    await page.click('button[type=submit]')
    await dialog(page).getByText('Esta cor já está em uso, escolha outra.').waitFor()
    await screenshot(page, 'queue-dialog')
    await page.fill('input[name=color]', '#43a047')
    await page.click('button[type=submit]')
    await dialog(page).waitFor({ state: 'detached' })
    await cell(page, 'Financeiro').waitFor()
    const financeiro = await queueRow(company.id, 'Financeiro')

    // edit the first: rename, add an option routing to the other queue and move it first
    await page.click(`[data-testid=edit-queue-${suporte.id}]`)
    await page.fill('input[name=name]', 'Suporte técnico')
    await page.click('[data-testid=queue-tab-chatbot]')
    assert.equal(await page.inputValue('input[name=option-1-1-name]'), 'Segunda via')
    await page.click('[data-testid=add-chatbot-option]')
    await page.fill('input[name=option-2-name]', 'Falar com o financeiro')
    await choose(page, 'option-2-type', 'Fila')
    await choose(page, 'option-2-queue', 'Financeiro')
    await page.click('[data-testid=option-2-up]')
    assert.equal(await page.inputValue('input[name=option-1-name]'), 'Falar com o financeiro')
    await page.click('button[type=submit]')
    await dialog(page).waitFor({ state: 'detached' })
    await cell(page, 'Suporte técnico').waitFor()
    assert.deepEqual(await tree(suporte.id), [
      { name: 'Falar com o financeiro', options: [] },
      { name: 'Dúvidas', options: [{ name: 'Segunda via', options: [] }] },
    ])
    const routed = await db.from('chatbots').where({ queue_id: suporte.id, name: 'Falar com o financeiro' }).first()
    assert.equal(routed.queue_type, 'queue')
    assert.equal(routed.opt_queue_id, financeiro.id)

    // scheduleType 'queue' in the settings brings the service-hours tab
    await page.goto('/settings')
    await page.locator('button[name=scheduleType]').waitFor()
    await choose(page, 'scheduleType', 'Fila')
    await page.locator('[data-testid=toast-success]').first().waitFor()
    const setting = await db.from('company_settings').where({ company_id: company.id, key: 'scheduleType' }).first()
    assert.equal(setting.value, 'queue')
    await screenshot(page, 'settings-options')

    await page.goto('/queues')
    await page.click(`[data-testid=edit-queue-${financeiro.id}]`)
    await page.click('button[type=submit]')
    // the out-of-hours message is required now
    await dialog(page).locator('textarea[name=outOfHoursMessage]').waitFor()
    assert.include(await dialog(page).innerText(), 'Obrigatório')
    await page.fill('textarea[name=outOfHoursMessage]', 'Estamos fora do horário de atendimento.')
    await page.click('[data-testid=queue-tab-hours]')
    await page.fill('input[name=monday-startTimeA]', '09:30')
    const reminder = page.locator('[data-testid=toast-info]', {
      hasText: 'Clique em salvar para registrar as alterações',
    })
    await reminder.first().waitFor()
    await screenshot(page, 'queue-hours')
    await page.fill('input[name=saturday-endTimeB]', '')
    await page.click('button[type=submit]')
    await dialog(page).waitFor({ state: 'detached' })
    const saved = await queueRow(company.id, 'Financeiro')
    assert.equal(saved.out_of_hours_message, 'Estamos fora do horário de atendimento.')
    const schedules = typeof saved.schedules === 'string' ? JSON.parse(saved.schedules) : saved.schedules
    assert.lengthOf(schedules, 7)
    const monday = schedules.find((s: any) => s.weekdayEn === 'monday')
    assert.deepInclude(monday, { weekday: 'Segunda-feira', startTimeA: '09:30', endTimeA: '12:00' })
    assert.equal(schedules.find((s: any) => s.weekdayEn === 'saturday').endTimeB, '')

    // another admin's new queue shows up live (company-{id}-queue)
    const { token: otherAdmin } = await createUser(company, { profile: 'admin' } as any)
    const created = await fetch(`${BASE_URL}/queue`, {
      method: 'POST',
      headers: {
        'Authorization': `Bearer ${otherAdmin}`,
        'Content-Type': 'application/json',
        'Accept': 'application/json',
      },
      body: JSON.stringify({
        name: 'Comercial',
        color: '#fb8c00',
        greetingMessage: 'Comercial: orçamentos.',
        outOfHoursMessage: 'Voltamos às 8h.',
      }),
    })
    assert.equal(created.status, 201)
    await cell(page, 'Comercial').waitFor()

    // delete with confirmation
    await page.click(`[data-testid=delete-queue-${suporte.id}]`)
    await page.getByRole('button', { name: 'Sim' }).click()
    await page.locator('[data-testid=toast-success]', { hasText: 'Fila excluída com sucesso!' }).first().waitFor()
    await page.waitForFunction(`!document.querySelector('table').innerText.includes('Suporte técnico')`)
    assert.isNull(await queueRow(company.id, 'Suporte técnico'))
    assert.include(await page.locator('h1').innerText(), '(2)')
    await screenshot(page, 'queues')
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('settings: message texts save on blur, company hours appear with scheduleType company', async ({ assert }) => {
    const { admin, company } = await createTenant()
    const { page, context, errors } = await openPage(browser, { height: 900 })
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/settings')
    await page.locator('button[name=scheduleType]').waitFor()
    assert.equal(await page.locator('[data-testid=settings-tab-schedules]').count(), 0)

    // a free-text key added to the options tab: saved when the field loses focus
    const transfer = page.getByRole('textbox', { name: 'Mensagem de transferência' })
    await transfer.fill('Você foi transferido para {{queue}}.')
    await page.locator('h1').click()
    await page.locator('[data-testid=toast-success]').first().waitFor()
    const setting = async (key: string) =>
      (await db.from('company_settings').where({ company_id: company.id, key }).first())?.value
    assert.equal(await setting('transferMessage'), 'Você foi transferido para {{queue}}.')

    await choose(page, 'scheduleType', 'Empresa')
    await page.locator('[data-testid=settings-tab-schedules]').click()
    await page.fill('input[name=friday-endTimeB]', '17:00')
    await page
      .locator('[data-testid=toast-info]', { hasText: 'Clique em salvar para registrar as alterações' })
      .first()
      .waitFor()
    await page.getByRole('button', { name: 'Salvar horários' }).click()
    await page
      .locator('[data-testid=toast-success]', { hasText: 'Horários atualizados com sucesso.' })
      .first()
      .waitFor()
    const row = await db.from('companies').where('id', company.id).first()
    const schedules = typeof row.schedules === 'string' ? JSON.parse(row.schedules) : row.schedules
    assert.equal(schedules.find((s: any) => s.weekdayEn === 'friday').endTimeB, '17:00')
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('a non-admin sees the queues read-only at /queues and has no menu entry', async ({ assert }) => {
    const { company } = await createTenant()
    await db.table('queues').insert({ company_id: company.id, name: 'Fila Visível', color: '#336699' })
    const { user } = await createUser(company)
    const { page, context, errors } = await openPage(browser)
    await signIn(page, user.email, PASSWORD)
    assert.notInclude(await page.locator('[data-testid=side-menu]').innerText(), 'Filas e chatbot')
    await page.goto('/queues')
    await page.locator('td', { hasText: 'Fila Visível' }).waitFor()
    assert.equal(await page.locator('[data-testid=add-queue]').count(), 0)
    assert.equal(await page.locator('[data-testid^=edit-queue-]').count(), 0)
    assert.deepEqual(errors, [])
    await context.close()
  })
})
