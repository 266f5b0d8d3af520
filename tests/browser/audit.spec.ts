import { mkdirSync, readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import type { Browser, Page } from 'playwright-core'
import { PASSWORD, createTenant, createUser, uid } from '#tests/helpers/world'
import { startWorkers, stopWorkers } from '#tests/helpers/inbox'
import { BASE_URL, SUPER, launchBrowser, menuTexts, openPage, signIn } from './support.js'

// screenshots for review only, outside the repository
const SHOTS = process.env.AUDIT_SHOTS ?? '/tmp/helper/audit'
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.waitForTimeout(400)
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

const call = (token: string, method: string, path: string, body?: unknown) =>
  fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      'Authorization': `Bearer ${token}`,
      'Content-Type': 'application/json',
      'User-Agent': 'AuditBrowserTest',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

test.group('browser · audit log', (group) => {
  group.each.timeout(120_000)
  let browser: Browser
  group.setup(async () => {
    // the page's export runs as a job
    await startWorkers()
    browser = await launchBrowser()
    return async () => {
      await browser.close()
      await stopWorkers()
    }
  })

  test('an admin finds who did what, filters, opens the details and exports xlsx', async ({ assert }) => {
    const { company, admin, adminToken } = await createTenant()
    const marker = `Pessoa ${uid()}`
    const created = await call(adminToken, 'POST', '/users', {
      name: marker,
      email: `p-${uid()}@example.test`,
      password: 'pass-123456',
      profile: 'user',
    })
    assert.equal(created.status, 201)
    const userId = ((await created.json()) as { id: number }).id
    assert.equal((await call(adminToken, 'PUT', `/users/${userId}`, { profile: 'admin' })).status, 200)
    assert.equal((await call(adminToken, 'PUT', '/settings/auditRetentionDays', { value: '180' })).status, 200)
    const { token: attendantToken } = await createUser(company)
    void attendantToken

    const desk = await openPage(browser, { width: 1440, height: 900 })
    await signIn(desk.page, admin.email, PASSWORD)
    assert.include(await menuTexts(desk.page), 'Auditoria')
    await desk.page.click('[data-testid=side-menu] a[href="/audit-log"]')
    await desk.page.waitForURL(`${BASE_URL}/audit-log`)
    const rows = desk.page.locator('[data-testid=data-table-row]')
    await rows.first().waitFor()
    // newest first: the admin's own sign-in, then the setting, the update, the creation
    await desk.page.locator('[data-action="auth.sign_in"]').first().waitFor()
    await desk.page.getByText('Usuário criado').first().waitFor()
    await desk.page.getByText('Configuração alterada').first().waitFor()
    await desk.page.getByText('180 dias').waitFor()
    await shot(desk.page, 'audit-1440')

    // filter by action
    await desk.page.getByRole('combobox', { name: 'Ação' }).click()
    await desk.page.getByRole('option', { name: 'Usuário alterado' }).click()
    await desk.page.waitForFunction(() =>
      [...(globalThis as any).document.querySelectorAll('[data-action]')].every(
        (e: any) => e.getAttribute('data-action') === 'user.update'
      )
    )
    assert.equal(await rows.count(), 1)
    await desk.page.click('[data-testid=audit-details]')
    const dialog = desk.page.locator('[data-testid=audit-details-dialog]')
    await dialog.waitFor()
    assert.include(await dialog.innerText(), '"profile": "admin"')
    assert.include(await dialog.innerText(), '"profile": "user"')
    assert.include(await dialog.innerText(), 'AuditBrowserTest')
    await shot(desk.page, 'audit-details-1440')
    await desk.page.keyboard.press('Escape')

    // search
    await desk.page.click('text=Limpar filtros')
    await desk.page.fill('input[role=searchbox], input[type=search]', 'auditretention')
    await desk.page.waitForFunction(() => {
      const found = [...(globalThis as any).document.querySelectorAll('[data-action]')]
      return found.length > 0 && found.every((e: any) => e.getAttribute('data-action') === 'settings.update')
    })

    // export with the filters in force: a job, its progress, then the file
    const [download] = await Promise.all([
      desk.page.waitForEvent('download'),
      desk.page.click('[data-testid=audit-export]'),
    ])
    assert.match(download.suggestedFilename(), /^registro-de-auditoria-\d{4}-\d{2}-\d{2}\.xlsx$/)
    const path = await download.path()
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(readFileSync(path!) as any)
    const actions: string[] = []
    workbook.worksheets[0].eachRow((row, n) => n > 1 && actions.push(String(row.getCell(6).value)))
    assert.deepEqual(actions, ['settings.update'])
    await desk.page.getByText('Planilha baixada.').first().waitFor()
    assert.deepEqual(desk.errors, [])
    await desk.context.close()

    // a phone: cards
    const phone = await openPage(browser, { width: 390, height: 844 })
    await signIn(phone.page, admin.email, PASSWORD)
    await phone.page.goto('/audit-log')
    await phone.page.locator('[data-testid=data-table][data-layout=cards]').waitFor()
    await phone.page.locator('[data-testid=data-table-row]').first().waitFor()
    await shot(phone.page, 'audit-390')
    assert.deepEqual(phone.errors, [])
    await phone.context.close()
  })

  test('attendants have no entry; the super user sees platform rows and every company', async ({ assert }) => {
    const { company } = await createTenant()
    const { user } = await createUser(company)
    const desk = await openPage(browser, { width: 1440, height: 900 })
    await signIn(desk.page, user.email, PASSWORD)
    assert.notInclude(await menuTexts(desk.page), 'Auditoria')
    await desk.context.close()

    // an attempt with an unknown e-mail is a platform row
    const ghost = `ghost-${uid()}@example.test`
    await fetch(`${BASE_URL}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ghost, password: 'whatever-1' }),
    })
    const sup = await openPage(browser, { width: 1440, height: 900 })
    await signIn(sup.page, SUPER.email, SUPER.password)
    await sup.page.goto('/audit-log')
    await sup.page.getByRole('combobox', { name: 'Empresa' }).click()
    await sup.page.getByRole('option', { name: 'Plataforma' }).click()
    await sup.page.locator('[data-action="auth.sign_in_failed"]').first().waitFor()
    await sup.page.fill('input[role=searchbox], input[type=search]', ghost)
    await sup.page.waitForFunction(
      () => (globalThis as any).document.querySelectorAll('[data-testid=data-table-row]').length === 1
    )
    await shot(sup.page, 'audit-super-1440')
    assert.deepEqual(sup.errors, [])
    await sup.context.close()
  })
})
