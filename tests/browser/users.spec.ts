import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import User from '#models/user'
import { tenancy } from '#core/tenancy'
import { PASSWORD, createTenant, createUser, uid } from '#tests/helpers/world'
import { launchBrowser, openPage, screenshot, signIn } from './support.js'

test.group('browser · users', (group) => {
  group.each.timeout(90_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('an admin creates a user, edits it and finds it by search', async ({ assert }) => {
    const { admin, company } = await createTenant()
    const { page, context, errors } = await openPage(browser)
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/users')
    await page.locator('h1', { hasText: 'Usuários' }).waitFor()

    // validation messages of the spec before saving
    await page.click('[data-testid=add-user]')
    await page.locator('input[name=name]').waitFor()
    await page.click('button[type=submit]')
    assert.include(await page.locator('[role=dialog]').innerText(), 'Obrigatório')
    await page.fill('input[name=name]', 'A')
    assert.include(await page.locator('[role=dialog]').innerText(), 'Muito curto!')
    await page.fill('input[name=email]', 'not-an-email')
    assert.include(await page.locator('[role=dialog]').innerText(), 'E-mail inválido')

    const email = `ana-${uid()}@example.test`
    await page.fill('input[name=name]', 'Ana Lima')
    await page.fill('input[name=email]', email)
    await page.fill('input[name=password]', 'segredo-1')
    await page.click('[data-testid=tab-permissions]')
    await page.locator('[role=dialog] input[type=checkbox]').first().check()
    await screenshot(page, 'user-dialog-permissions')
    await page.click('button[type=submit]')
    await page.locator('[role=dialog]').waitFor({ state: 'detached' })
    await page.locator('td', { hasText: email }).waitFor()

    const created = await tenancy.run(company.id, () => User.query().where('email', email).firstOrFail())
    assert.equal(created.allTicket, 'enable')

    await page.click(`[data-testid=edit-user-${created.id}]`)
    await page.locator('input[name=name]').fill('Ana Lima Souza')
    await page.click('button[type=submit]')
    await page.locator('td', { hasText: 'Ana Lima Souza' }).waitFor()
    await created.refresh()
    assert.equal(created.name, 'Ana Lima Souza')

    // search (debounced) narrows the list
    await createUser(company, { name: 'Bruno Costa' } as any)
    await page.reload()
    await page.locator('td', { hasText: 'Bruno Costa' }).waitFor()
    await page.fill('input[role=searchbox], input[type=search]', 'Souza')
    await page.waitForFunction(`!document.body.innerText.includes('Bruno Costa')`)
    assert.include(await page.locator('table').innerText(), 'Ana Lima Souza')
    await screenshot(page, 'users')
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('the users list loads the next page when scrolled to the end', async ({ assert }) => {
    const { admin, company } = await createTenant()
    for (let i = 0; i < 45; i++) await createUser(company, { name: `Pessoa ${String(i).padStart(2, '0')}` } as any)
    const { page, context, requests } = await openPage(browser, { height: 700 })
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/users')
    await page.locator('td', { hasText: 'Pessoa 00' }).waitFor()
    assert.equal(await page.locator('tbody tr').count(), 40)
    await page.locator('[data-testid=data-table-scroll]').evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await page.locator('td', { hasText: 'Pessoa 44' }).waitFor()
    assert.equal(await page.locator('tbody tr').count(), 46)
    assert.include(await page.locator('h1').innerText(), '46')
    // one request per page: 1 and 2, nothing past the end
    assert.equal(requests.filter((r) => r === '/users').length, 3)
    await context.close()
  })
})
