import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import type { Browser, Page } from 'playwright-core'
import { PASSWORD, createTenant, createUser } from '#tests/helpers/world'
import { createQueue, waitFor } from '#tests/helpers/inbox'
import { aTicket, track } from '#modules/dashboard/tests/fixtures'
import { BASE_URL, launchBrowser, openPage, screenshot, signIn } from './support.js'

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()
/** After sign-in the shell sends the user to /tickets (spec 1 §4); then open the dashboard. */
async function openDashboard(page: Page) {
  await page.waitForURL(`${BASE_URL}/tickets`)
  await page.goto('/')
}
const counter = (page: Page, name: string) => page.locator(`[data-testid=counter-${name}] [data-value]`).innerText()

async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { 'Accept': 'application/json', 'Content-Type': 'application/json', 'Authorization': `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

/** A company with two agents and today's served, rated and waiting tickets. */
async function today() {
  const world = await createTenant()
  const ana = await createUser(world.company, { name: 'Ana Atendente' } as any)
  const bia = await createUser(world.company, { name: 'Bia Suporte' } as any)
  const served = (user: number, rate?: string) =>
    track(
      world.company,
      [
        { status: 'pending', at: minutesAgo(60) },
        { status: 'open', userId: user, at: minutesAgo(50) },
        { status: rate ? 'nps' : 'closed', userId: user, at: minutesAgo(20) },
        ...(rate ? [{ status: 'closed', userId: user, at: minutesAgo(19) }] : []),
      ],
      rate ? { value: rate, at: minutesAgo(19) } : undefined
    )
  await served(ana.user.id, '10')
  await served(ana.user.id, '9')
  await served(bia.user.id, '4')
  await served(bia.user.id)
  await track(world.company, [{ status: 'pending', at: minutesAgo(5) }])
  return { world, ana, bia }
}

test.group('browser · dashboard', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('an admin reads the three tabs, filters and exports the attendants', async ({ assert }) => {
    const { world } = await today()
    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, world.admin.email, PASSWORD)
    await openDashboard(page)
    await page.locator('h1', { hasText: 'Dashboard' }).waitFor()
    await page.locator('[data-testid=counter-tickets]').waitFor()
    assert.equal(await counter(page, 'tickets'), '5')
    assert.equal(await counter(page, 'supportFinished'), '4')
    assert.equal(await counter(page, 'supportPending'), '1')
    assert.equal(await counter(page, 'avgWaitTime'), '10 min')
    assert.equal(await counter(page, 'avgSupportTime'), '30 min')
    // today's bar of the per-day chart carries the 5 tickets; the per-agent chart has both agents
    assert.equal(await page.locator('[data-testid=chart-per-day] [data-value="5"]').count(), 1)
    assert.deepEqual(
      await page
        .locator('[data-testid=chart-per-user] [data-bar]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-bar'))),
      ['Ana Atendente', 'Bia Suporte']
    )
    await screenshot(page, 'dashboard-indicators')

    await page.getByRole('tab', { name: 'Avaliações' }).click()
    await page.locator('[data-testid=nps-gauge]').waitFor()
    // rates 10, 9, 4: promoters 66.67%, detractors 33.33%, score (2 − 1) / 3 = 33.33
    assert.equal(await counter(page, 'npsPromotersPerc'), '66,67%')
    assert.equal(await counter(page, 'npsDetractorsPerc'), '33,33%')
    assert.include(await page.locator('[data-testid=nps-gauge]').getAttribute('aria-label'), 'NPS: 33,33')
    await screenshot(page, 'dashboard-assessments')

    await page.getByRole('tab', { name: 'Atendentes' }).click()
    const table = page.locator('[data-testid=attendants-table]')
    await table.waitFor()
    assert.include(await table.innerText(), 'Ana Atendente')
    // the xlsx export, opened and read
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=attendants-xlsx]')])
    assert.match(download.suggestedFilename(), /\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile((await download.path())!)
    const sheet = book.worksheets[0]
    assert.deepEqual((sheet.getRow(1).values as any[]).slice(1, 4), ['Nome', 'Avaliação', 'Avaliações'])
    const ana = sheet.getSheetValues().find((r: any) => r && r[1] === 'Ana Atendente') as any[]
    assert.deepEqual(ana.slice(1), ['Ana Atendente', 9.5, 2, 2, 10, 30, 'Offline'])
    await screenshot(page, 'dashboard-attendants')

    // a filter without a date says so and keeps the numbers
    await page.fill('input[data-testid=filter-from]', '')
    await page.click('[data-testid=filter-apply]')
    await page.getByText('Parametrize o filtro').first().waitFor()
    // a range before today: nothing in it
    await page.getByRole('tab', { name: 'Indicadores' }).click()
    await page.fill('input[data-testid=filter-from]', '2020-01-01')
    await page.fill('input[data-testid=filter-to]', '2020-01-31')
    await page.click('[data-testid=filter-apply]')
    await page.locator('[data-testid=counter-tickets] [data-value]', { hasText: /^0$/ }).waitFor()
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('the counters follow ticket events (reloaded at most every 3 s)', async ({ assert }) => {
    const world = await createTenant()
    const { page, context, requests } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, world.admin.email, PASSWORD)
    await openDashboard(page)
    await page.locator('[data-testid=counter-supportPending]').waitFor()
    const before = Number(await counter(page, 'supportPending'))
    const loads = () => requests.filter((p) => p === '/dashboard').length
    const loadedOnce = loads()
    await page.waitForTimeout(1000) // realtime subscriptions settle
    // three new tickets in a burst: one reload shows them all
    for (const name of ['Cliente Um', 'Cliente Dois', 'Cliente Três'])
      await aTicket(world.company, { contactName: name, status: 'pending' })
    await waitFor(async () => Number(await counter(page, 'supportPending')) === before + 3)
    await page.waitForTimeout(3500)
    assert.isAtMost(loads() - loadedOnce, 2)
    await context.close()
  })

  test('on a phone the dashboard stacks; a plain user is sent on to /tickets', async ({ assert }) => {
    const { world } = await today()
    const phone = await openPage(browser, { width: 390, height: 844 })
    await signIn(phone.page, world.admin.email, PASSWORD)
    await openDashboard(phone.page)
    await phone.page.locator('[data-testid=counter-tickets]').waitFor()
    await screenshot(phone.page, 'dashboard-phone')
    const width = await phone.page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)
    assert.isAtMost(width, 390)
    await phone.context.close()

    const plain = await createUser(world.company)
    const { page, context } = await openPage(browser)
    await signIn(page, plain.user.email, PASSWORD)
    await openDashboard(page)
    await page.waitForURL(`${BASE_URL}/tickets`)
    await context.close()
  })

  test('the attendance panel follows ticket events without refetching', async ({ assert }) => {
    const world = await createTenant()
    const ana = await createUser(world.company, { name: 'Ana Atendente' } as any)
    const queue = await createQueue(world.company, 'Vendas')
    // another admin moves the tickets (signing in the browser ends the first admin's API session)
    const boss = await createUser(world.company, { profile: 'admin' } as any)
    const first = await aTicket(world.company, { contactName: 'Cliente Um', status: 'pending', queueId: queue.id })
    const { page, context, requests } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, world.admin.email, PASSWORD)
    await page.waitForURL(`${BASE_URL}/tickets`)
    await page.goto('/moments')
    const pending = page.locator('[data-testid=moment-card-pending]')
    await pending.locator(`[data-testid=moment-ticket-${first.id}]`).waitFor()
    await page.waitForTimeout(1000) // realtime subscriptions settle

    // a new ticket, then the first one taken by Ana: both arrive as events
    const second = await aTicket(world.company, {
      contactName: 'Cliente com um nome muito comprido demais',
      status: 'pending',
    })
    await pending.locator(`[data-testid=moment-ticket-${second.id}]`).waitFor()
    assert.include(await pending.innerText(), 'Cliente com um nome muito...')
    await api(boss.token, 'PUT', `/tickets/${first.id}`, { status: 'open', userId: ana.user.id })
    const anaCard = page.locator(`[data-testid=moment-card-user-${ana.user.id}]`)
    await anaCard.locator(`[data-testid=moment-ticket-${first.id}]`).waitFor()
    await pending.locator(`[data-testid=moment-ticket-${first.id}]`).waitFor({ state: 'detached' })
    assert.include(await anaCard.innerText(), 'Vendas')
    await screenshot(page, 'dashboard-moments')

    // closing removes it
    await api(boss.token, 'PUT', `/tickets/${first.id}`, { status: 'closed', sendFarewellMessage: false })
    await anaCard.waitFor({ state: 'detached' })
    assert.lengthOf(
      requests.filter((p) => p === '/usersMoments'),
      1
    )
    await context.close()
  })

  test('reports: one row per conversation, a report per tab, exported as CSV', async ({ assert }) => {
    const world = await createTenant()
    const ana = await createUser(world.company, { name: 'Ana Atendente' } as any)
    const boss = await createUser(world.company, { profile: 'admin' } as any)
    const done = await aTicket(world.company, { contactName: 'Cliente Resolvido', status: 'pending' })
    await aTicket(world.company, { contactName: 'Cliente Aguardando', status: 'pending' })
    await api(boss.token, 'PUT', `/tickets/${done.id}`, { status: 'open', userId: ana.user.id })
    await api(boss.token, 'PUT', `/tickets/${done.id}`, { status: 'closed', sendFarewellMessage: false })

    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, world.admin.email, PASSWORD)
    await page.waitForURL(`${BASE_URL}/tickets`)
    await page.locator('[data-testid=side-menu] a', { hasText: 'Relatórios' }).click()
    await page.waitForURL(`${BASE_URL}/reports`)
    const table = page.locator('[data-testid=report-table]')
    await table.getByText('Cliente Aguardando').waitFor()
    assert.include(await table.innerText(), 'Cliente Resolvido')
    await screenshot(page, 'dashboard-reports')

    await page.getByRole('tab', { name: 'Duração dos tickets' }).click()
    await table.getByText('Cliente Aguardando').waitFor({ state: 'detached' })
    assert.include(await table.innerText(), 'Ana Atendente')
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=report-csv]')])
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/)
    assert.lengthOf(lines, 2)
    assert.include(lines[0], 'Contato')
    assert.include(lines[1], 'Cliente Resolvido')
    assert.deepEqual(errors, [])
    await context.close()
  })
})
