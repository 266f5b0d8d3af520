import { mkdirSync } from 'node:fs'
import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { rateLimiter } from '#services/rate_limiter'
import { PASSWORD, createTenant, createUser } from '#tests/helpers/world'
import { totp } from '#modules/two-factor/services/totp'
import { BASE_URL, launchBrowser, openPage, signInWithForm } from './support.js'

// screenshots for review only, outside the repository
const SHOTS = process.env.TWO_FACTOR_SHOTS ?? '/tmp/helper/two-factor'
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.waitForTimeout(400)
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

test.group('browser · two-factor', (group) => {
  group.each.timeout(120_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('turn it on with the QR code page, then sign in with a code', async ({ assert }) => {
    const { admin, company } = await createTenant()
    await createUser(company, { name: 'Bruno Atendente' })
    const desk = await openPage(browser, { width: 1440, height: 900 })
    await signInWithForm(desk.page, admin.email, PASSWORD)
    // from the profile menu
    await desk.page.click('[data-testid=profile-menu]')
    await desk.page.click('[data-testid=two-factor]')
    await desk.page.waitForURL(`${BASE_URL}/two-factor`)
    await desk.page.click('[data-testid=two-factor-turn-on]')
    const secretEl = desk.page.locator('[data-testid=two-factor-secret]')
    await secretEl.waitFor()
    const secret = (await secretEl.getAttribute('data-secret'))!
    const uri = (await desk.page.locator('[data-testid=two-factor-qr]').getAttribute('data-value'))!
    assert.include(uri, `otpauth://totp/`)
    assert.include(uri, `secret=${secret}`)
    await shot(desk.page, 'enrol-1440')

    await desk.page.fill('[data-testid=two-factor-code]', totp(secret, Date.now()))
    await desk.page.click('[data-testid=two-factor-confirm]')
    const codes = desk.page.locator('[data-testid=two-factor-recovery-codes] span')
    await codes.first().waitFor()
    assert.equal(await codes.count(), 10)
    // saved under a name in the reader's language, safe on any file system
    assert.equal(
      await desk.page.locator('a[download]', { hasText: 'Baixar' }).getAttribute('download'),
      'balcao-codigos-de-recuperacao.txt'
    )
    await shot(desk.page, 'recovery-codes-1440')
    await desk.page.click('[data-testid=two-factor-done]')
    await desk.page.locator('[data-testid=two-factor-status]', { hasText: 'Ativada' }).waitFor()
    await shot(desk.page, 'enabled-admin-1440')
    assert.deepEqual(desk.errors, [])
    await desk.context.close()

    // a phone: password, then the code (the next step's: the enrolment used the current one)
    await rateLimiter.resetAll()
    const phone = await openPage(browser, { width: 390, height: 844 })
    await phone.page.goto('/login')
    await phone.page.fill('#email', admin.email)
    await phone.page.fill('#password', PASSWORD)
    await phone.page.click('button[type=submit]')
    await phone.page.waitForSelector('#code')
    await shot(phone.page, 'login-code-390')
    await phone.page.fill('#code', '000000')
    await phone.page.click('button[type=submit]')
    await phone.page.getByText('Código inválido').first().waitFor()
    await phone.page.fill('#code', totp(secret, Date.now() + 30_000))
    await phone.page.click('button[type=submit]')
    await phone.page.waitForSelector('[data-testid=profile-menu]')
    await phone.page.goto('/two-factor')
    await phone.page.locator('[data-testid=two-factor-status]', { hasText: 'Ativada' }).waitFor()
    await shot(phone.page, 'two-factor-page-390')
    assert.deepEqual(phone.errors, [])
    await phone.context.close()
  })

  test('a company that requires it sends a user without it to the setup after signing in', async ({ assert }) => {
    const { company, adminToken } = await createTenant()
    const { user } = await createUser(company, { name: 'Carla Atendente' })
    const res = await fetch(`${BASE_URL}/settings/twoFactorRequired`, {
      method: 'PUT',
      headers: { 'Authorization': `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: 'enabled' }),
    })
    assert.equal(res.status, 200)
    const phone = await openPage(browser, { width: 390, height: 844 })
    await signInWithForm(phone.page, user.email, PASSWORD)
    await phone.page.waitForURL(`${BASE_URL}/two-factor`)
    await phone.page.getByText('Sua empresa exige a verificação em duas etapas. Ative-a').waitFor()
    await phone.page.click('[data-testid=two-factor-turn-on]')
    await phone.page.locator('[data-testid=two-factor-secret]').waitFor()
    await shot(phone.page, 'enrol-required-390')
    assert.deepEqual(phone.errors, [])
    await phone.context.close()
  })
})
