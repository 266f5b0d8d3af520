import { test } from '@japa/runner'
import { rateLimiter } from '#services/rate_limiter'
import type { Browser } from 'playwright-core'
import { PASSWORD, createPlan, createTenant, uid } from '#tests/helpers/world'
import { BASE_URL, launchBrowser, menuTexts, openPage, screenshot, signInWithForm } from './support.js'

test.group('browser · session', (group) => {
  group.each.timeout(90_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('a signed-out visitor of a private page lands on /login, with show/hide password', async ({ assert }) => {
    const { page, context, requests } = await openPage(browser)
    await page.goto('/users')
    await page.waitForURL(`${BASE_URL}/login`)
    assert.equal(await page.getAttribute('#password', 'type'), 'password')
    await page.click('button[aria-label="Mostrar senha"]')
    assert.equal(await page.getAttribute('#password', 'type'), 'text')
    await page.click('button[aria-label="Ocultar senha"]')
    assert.equal(await page.getAttribute('#password', 'type'), 'password')
    // nothing of the signed-in app (Fluent UI, remotes) is fetched for the login page
    assert.isFalse(requests.some((r) => r.startsWith('/app/') || r.startsWith('/remotes/')))
    await screenshot(page, 'login')
    await context.close()
  })

  test('sign up a company, then log in to it', async ({ assert }) => {
    // other suites sign up from the same address: start with a fresh sign-up allowance
    await rateLimiter.resetAll()
    const plan = await createPlan({ isPublic: true } as any)
    const { page, context } = await openPage(browser)
    await page.goto('/signup?companyId=1')
    await page.waitForSelector('#companyName')
    // the spec's validations before anything is sent
    await page.click('button[type=submit]')
    assert.isAtLeast(await page.locator('.field-error').count(), 5)
    assert.include(await page.locator('.field-error').first().innerText(), 'Obrigatório')

    const email = `owner-${uid()}@example.test`
    const companyName = `Padaria ${uid()}`
    await page.fill('#companyName', companyName)
    await page.fill('#name', 'Maria Souza')
    await page.fill('#email', email)
    await page.fill('#password', 'abc')
    await page.fill('#phone', '+55 11 98888-7777')
    await page.selectOption('#planId', String(plan.id))
    assert.include(
      await page
        .locator('.field-error')
        .allInnerTexts()
        .then((t) => t.join(' ')),
      'Muito curto!'
    )
    await page.fill('#password', PASSWORD)
    await screenshot(page, 'signup')
    // wait for the toast and the redirect together: on a loaded machine the 2 s toast can be gone
    // by the time a sequential wait would start looking for it
    const landed = Promise.all([
      page.waitForURL(`${BASE_URL}/login`),
      page.waitForSelector('[data-testid=toast-success]', { state: 'attached' }),
    ])
    await page.click('button[type=submit]')
    await landed

    await signInWithForm(page, email, PASSWORD)
    // the form's landing (signIn elsewhere in the suite copies it): the inbox when a module serves it
    await page.waitForURL(`${BASE_URL}/tickets`)
    assert.include(await page.locator('[data-testid=greeting]').innerText(), companyName)
    assert.include(await menuTexts(page), 'Usuários')
    await context.close()
  })

  test('an expired company lands on /financeiro-aberto with the expiry message', async ({ assert }) => {
    const { admin } = await createTenant({ dueInDays: -3 })
    const { page, context } = await openPage(browser)
    await signInWithForm(page, admin.email, PASSWORD)
    await page.waitForURL(`${BASE_URL}/financeiro-aberto`)
    const banner = await page.locator('[data-testid=expired-banner]').innerText()
    assert.match(banner, /Sua assinatura expirou em \d{2}\/\d{2}\/\d{4}\. Entre em contato com o suporte\./)
    // the invoices page (empty, or the invoice of the due date once the billing sweep made it)
    await page.locator('h1', { hasText: 'Faturas em aberto' }).waitFor()
    // GET /modules marks the company blocked: the menu offers the invoices only
    assert.deepEqual(await menuTexts(page), ['Financeiro'])
    // the page itself is on top, not covered by the toast layer
    await page.waitForTimeout(500)
    assert.isTrue(await page.evaluate(`!!document.elementFromPoint(400, 100)?.closest('main')`))
    await screenshot(page, 'expired-invoices')
    await context.close()
  })

  test('fewer than 5 days left shows the day count', async ({ assert }) => {
    const { admin } = await createTenant({ dueInDays: 3 })
    const { page, context } = await openPage(browser)
    await signInWithForm(page, admin.email, PASSWORD)
    const toast = page.locator('[data-testid=toast-warning]')
    await toast.first().waitFor()
    assert.include(await toast.first().innerText(), '3 dias')
    await context.close()
  })

  test('the session survives a reload (refresh cookie) and logout signs out', async ({ assert }) => {
    const { admin } = await createTenant()
    const { page, context } = await openPage(browser)
    await signInWithForm(page, admin.email, PASSWORD)
    await page.reload()
    await page.waitForSelector('[data-testid=side-menu]')
    await page.click('[data-testid=profile-menu]')
    await page.click('[data-testid=logout]')
    await page.waitForURL(`${BASE_URL}/login`)
    await page.goto('/settings')
    await page.waitForURL(`${BASE_URL}/login`)
    assert.isNull(await page.evaluate(`localStorage.getItem('token')`))
    await context.close()
  })

  test('a login elsewhere signs the first browser out', async ({ assert }) => {
    const { admin } = await createTenant()
    const first = await openPage(browser)
    await signInWithForm(first.page, admin.email, PASSWORD)
    // realtime subscriptions settle before the second login
    await first.page.waitForTimeout(2500)
    // watch for the message before the second login: it shows for 1 s before the reload
    const told = first.page.waitForSelector('text=Sua conta foi acessada em outro computador.', { timeout: 30_000 })
    const second = await openPage(browser)
    await signInWithForm(second.page, admin.email, PASSWORD)
    await told
    await first.page.waitForURL(`${BASE_URL}/login`, { timeout: 10_000 })
    await first.page.waitForSelector('#email')
    assert.isNull(await first.page.evaluate(`localStorage.getItem('token')`))
    await first.context.close()
    await second.context.close()
  })
})
