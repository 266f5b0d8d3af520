import { readFileSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import ExcelJS from 'exceljs'
import type { Browser, Page } from 'playwright-core'
import { DateTime } from 'luxon'
import { PASSWORD, createTenant, createUser } from '#tests/helpers/world'
import { createQueue, startWorkers, waitFor } from '#tests/helpers/inbox'
import { aTicket, track } from '#modules/dashboard/tests/fixtures'
import { BASE_URL, holdExportState, launchBrowser, openPage, screenshot, signIn } from './support.js'

/** an export job's state, polled by the page */
const EXPORT_STATE = /\/dashboard\/exports\/[0-9a-f-]+$/

/**
 * The company's zone: the server counts the dashboard's days in it, and the browser (whose
 * calendar day the default range, the first of the month to today, comes from) runs in it
 * too, as a user's in São Paulo would, whatever the machine's zone.
 */
const ZONE = 'America/Sao_Paulo'
const inZone = (options: { width?: number; height?: number } = {}) => ({ ...options, timezoneId: ZONE })
/**
 * The instant the made-up tickets end: now, except in the first 65 minutes of a São Paulo
 * day, when it is 01:05 that day, so that all of them (made up to an hour before) fall on
 * today and so in this month's default range, even on the 1st just after midnight.
 */
function lastMoment() {
  const now = DateTime.now().setZone(ZONE)
  const earliest = now.startOf('day').plus({ minutes: 65 })
  return now < earliest ? earliest : now
}
/** After sign-in the shell sends the user to /tickets (spec 1 §4); then open the dashboard. */
async function openDashboard(page: Page) {
  await page.waitForURL(`${BASE_URL}/tickets`)
  await page.goto('/')
}
/** The accessible names of a chart's bars ("label: value"), left to right. */
const bars = (page: Page, testId: string) =>
  page
    .locator(`[data-testid=${testId}] svg [role=option]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
/** today in the company's zone as the per-day chart labels it (dd/mm) */
const dayMonth = () => DateTime.now().setZone(ZONE).toFormat('dd/MM')
/** A PDF's bytes with every compressed stream inflated in place (latin1), so its text can be searched. */
function pdfText(path: string) {
  const bytes = readFileSync(path)
  let text = bytes.toString('latin1')
  if (!text.startsWith('%PDF')) throw new Error('not a PDF')
  for (const m of text.matchAll(/\/FlateDecode[^]*?stream\r?\n/g)) {
    const start = m.index! + m[0].length
    const end = text.indexOf('endstream', start)
    try {
      text += inflateSync(bytes.subarray(start, end)).toString('latin1')
    } catch {
      // not a whole deflate stream (the length ends before endstream's newline): skip it
    }
  }
  return text
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

/** A company with two agents and today's served, rated and waiting tickets (today in the company's zone). */
async function today() {
  const end = lastMoment()
  const minutesAgo = (m: number) => end.minus({ minutes: m }).toISO()!
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
  // waiting now: a real ticket of the inbox (the dashboard's reconcile sweep closes a tracked
  // ticket the inbox does not have, and a sweep may run while the test reads the counters)
  await aTicket(world.company, { status: 'pending' })
  return { world, ana, bia }
}

test.group('browser · dashboard', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    // the exports and the backfill run as jobs
    await startWorkers()
    return () => browser.close()
  })

  test('an admin reads the three tabs, filters and exports the attendants', async ({ assert }) => {
    const { world } = await today()
    const { page, context, errors, requests } = await openPage(browser, inZone({ width: 1440, height: 900 }))
    await signIn(page, world.admin.email, PASSWORD)
    await openDashboard(page)
    await page.locator('h1', { hasText: 'Dashboard' }).waitFor()
    await page.locator('[data-testid=counter-tickets]').waitFor()
    assert.equal(await counter(page, 'tickets'), '5')
    assert.equal(await counter(page, 'supportFinished'), '4')
    assert.equal(await counter(page, 'supportPending'), '1')
    assert.equal(await counter(page, 'avgWaitTime'), '10 min')
    assert.equal(await counter(page, 'avgSupportTime'), '30 min')
    // the charts are Fluent's (an svg with one focusable bar per value, named "label: value"):
    // today's bar of the per-day chart carries the 5 tickets; the per-agent chart has both agents
    await page.locator('[data-testid=chart-per-day] svg [role=option]').first().waitFor()
    const perDay = (await bars(page, 'chart-per-day')) as string[]
    assert.equal(perDay[perDay.length - 1], `${dayMonth()}: 5`)
    assert.deepEqual(await bars(page, 'chart-per-user'), ['Ana Atendente: 2', 'Bia Suporte: 2'])
    await screenshot(page, 'dashboard-indicators')

    await page.getByRole('tab', { name: 'Avaliações' }).click()
    await page.locator('[data-testid=nps-gauge]').waitFor()
    // rates 10, 9, 4: promoters 66.67%, detractors 33.33%, score (2 − 1) / 3 = 33.33
    assert.equal(await counter(page, 'npsPromotersPerc'), '66,67%')
    assert.equal(await counter(page, 'npsDetractorsPerc'), '33,33%')
    assert.include(await page.locator('[data-testid=nps-gauge]').getAttribute('aria-label'), 'NPS: 33,33')
    // the gauge's needle reads the score in the interface language
    assert.equal(
      await page
        .locator('[data-testid=nps-gauge] svg [role=img][aria-label^="Current value"]')
        .getAttribute('aria-label'),
      'Current value: 33,33'
    )
    await screenshot(page, 'dashboard-assessments')

    await page.getByRole('tab', { name: 'Atendentes' }).click()
    const table = page.locator('[data-testid=attendants-table]')
    await table.waitFor()
    assert.include(await table.innerText(), 'Ana Atendente')
    // the xlsx export: a job on the server, then the download; while it runs the button says how far it
    // is (its state held at 40 % here, to look at it) and the other button waits
    const release = await holdExportState(page, EXPORT_STATE, { status: 'processing', done: 2, total: 5 })
    const downloading = page.waitForEvent('download')
    await page.click('[data-testid=attendants-xlsx]')
    await page.locator('[data-testid=attendants-xlsx]', { hasText: 'Exportando… 40%' }).waitFor()
    assert.isTrue(await page.locator('[data-testid=attendants-csv]').isDisabled())
    await screenshot(page, 'dashboard-attendants-exporting')
    await release()
    const download = await downloading
    assert.match(download.suggestedFilename(), /^atendentes-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile((await download.path())!)
    const sheet = book.worksheets[0]
    assert.deepEqual((sheet.getRow(1).values as any[]).slice(1, 4), ['Nome', 'Avaliação', 'Avaliações'])
    const ana = sheet.getSheetValues().find((r: any) => r && r[1] === 'Ana Atendente') as any[]
    assert.deepEqual(ana.slice(1), ['Ana Atendente', 9.5, 2, 2, 10, 30, 'Offline'])
    // wait and service time per attendant: two bars each (Ana waited 10 and was served 30 minutes)
    await page.locator('[data-testid=chart-service-times] svg [role=option]').first().waitFor()
    assert.includeMembers(await bars(page, 'chart-service-times'), [
      'Ana Atendente, Espera: 10',
      'Ana Atendente, Atendimento: 30',
    ])
    await screenshot(page, 'dashboard-attendants')

    // the charts run on the shell's React and Fluent (shared singletons): the remote's own fallback
    // copies are never fetched; jsPDF is fetched only when a PDF is asked for
    const own = requests.filter((p) => p.startsWith('/remotes/dashboard/'))
    assert.isEmpty(
      own.filter((p) => /prebuild__(react|react_mf_2_dom|_mf_0_fluentui_mf_1_react_mf_2_components)__prebuild/.test(p))
    )
    assert.isEmpty(own.filter((p) => p.includes('jspdf')))

    // the page as a PDF: the counters and the four charts as images
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=dashboard-pdf]')])
    assert.match(pdf.suggestedFilename(), /^dashboard-.*\.pdf$/)
    await pdf.saveAs('artifacts/screenshots/dashboard.pdf')
    const file = pdfText((await pdf.path())!)
    assert.isTrue(file.startsWith('%PDF'))
    assert.include(file, '(Dashboard)')
    assert.include(file, '(Atendimentos no per\xedodo)')
    assert.include(file, '(Atendimentos por atendente)')
    assert.lengthOf(file.match(/\/Subtype \/Image/g) ?? [], 4)
    // compressed: four chart images, yet well under a megabyte
    assert.isBelow(readFileSync((await pdf.path())!).length, 1_000_000)

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

  test('an admin rebuilds the tracking history from the dashboard (a job with progress)', async ({ assert }) => {
    const world = await createTenant()
    await aTicket(world.company, { contactName: 'Cliente Antigo', status: 'pending' })
    // as if the ticket predated the dashboard: no tracking, no daily sums
    for (const table of ['dashboard_ticket_sessions', 'dashboard_ticket_states', 'dashboard_daily'])
      await db.from(table).where('company_id', world.company.id).delete()
    const { page, context, errors } = await openPage(browser, inZone({ width: 1440, height: 900 }))
    await signIn(page, world.admin.email, PASSWORD)
    await openDashboard(page)
    await page.locator('[data-testid=counter-tickets]').waitFor()
    assert.equal(await counter(page, 'supportPending'), '0')
    await page.click('[data-testid=dashboard-backfill]')
    await page.getByTestId('toast-success').getByText('Histórico reprocessado: 1 ticket').waitFor()
    await waitFor(async () => (await counter(page, 'supportPending')) === '1')
    assert.equal(await counter(page, 'tickets'), '1')
    await screenshot(page, 'dashboard-backfill')
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('the counters follow ticket events (reloaded at most every 3 s)', async ({ assert }) => {
    const world = await createTenant()
    const { page, context, requests } = await openPage(browser, inZone({ width: 1440, height: 900 }))
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
    const phone = await openPage(browser, inZone({ width: 390, height: 844 }))
    await signIn(phone.page, world.admin.email, PASSWORD)
    await openDashboard(phone.page)
    await phone.page.locator('[data-testid=counter-tickets]').waitFor()
    await phone.page.locator('[data-testid=chart-per-user] svg [role=option]').first().waitFor()
    await screenshot(phone.page, 'dashboard-phone')
    await phone.page.locator('[data-testid=chart-per-day]').scrollIntoViewIfNeeded()
    await screenshot(phone.page, 'dashboard-phone-charts')
    const width = await phone.page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)
    assert.isAtMost(width, 390)
    await phone.page.getByRole('tab', { name: 'Avaliações' }).click()
    await phone.page.locator('[data-testid=nps-gauge] svg').waitFor()
    await screenshot(phone.page, 'dashboard-phone-assessments')
    await phone.page.getByRole('tab', { name: 'Atendentes' }).click()
    await phone.page.locator('[data-testid=chart-service-times] svg').waitFor()
    await screenshot(phone.page, 'dashboard-phone-attendants')
    await phone.page.locator('[data-testid=chart-service-times]').scrollIntoViewIfNeeded()
    await screenshot(phone.page, 'dashboard-phone-times')
    assert.isAtMost(await phone.page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth), 390)
    await phone.context.close()

    const plain = await createUser(world.company)
    const { page, context } = await openPage(browser, inZone())
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
    const { page, context, requests } = await openPage(browser, inZone({ width: 1440, height: 900 }))
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

    const { page, context, errors } = await openPage(browser, inZone({ width: 1440, height: 900 }))
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
    // the report's translated name, without accents or spaces
    assert.match(download.suggestedFilename(), /^duracao-dos-tickets-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/)
    assert.lengthOf(lines, 2)
    assert.include(lines[0], 'Contato')
    assert.include(lines[1], 'Cliente Resolvido')

    // the same report as a PDF: its title, the filters used and the row
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=report-pdf]')])
    assert.match(pdf.suggestedFilename(), /^duracao-dos-tickets-.*\.pdf$/)
    await pdf.saveAs('artifacts/screenshots/dashboard-report.pdf')
    const file = pdfText((await pdf.path())!)
    assert.isTrue(file.startsWith('%PDF'))
    assert.include(file, '(Relat\xf3rios: Dura\xe7\xe3o dos tickets)')
    assert.include(file, '(Fila: Todos)')
    assert.include(file, '(Cliente Resolvido)')
    assert.notInclude(file, 'Cliente Aguardando')
    assert.deepEqual(errors, [])
    await context.close()

    // on a phone (a new sign-in ends the first page's session, so after it)
    const phone = await openPage(browser, inZone({ width: 390, height: 844 }))
    await signIn(phone.page, world.admin.email, PASSWORD)
    await phone.page.waitForURL(`${BASE_URL}/tickets`)
    await phone.page.goto('/reports')
    await phone.page.locator('[data-testid=report-table]').getByText('Cliente Aguardando').waitFor()
    await screenshot(phone.page, 'dashboard-reports-phone')
    // the report tabs scroll inside their own strip: the page itself never scrolls sideways
    assert.isAtMost(
      await phone.page.evaluate(() => {
        const g = globalThis as any
        return g.document.documentElement.scrollWidth - g.innerWidth
      }),
      0
    )
    // an export under way: the longer button label still fits the phone (its state held at 75 %)
    const releasePhone = await holdExportState(phone.page, EXPORT_STATE, { status: 'processing', done: 3, total: 4 })
    const downloading = phone.page.waitForEvent('download')
    await phone.page.click('[data-testid=report-xlsx]')
    await phone.page.locator('[data-testid=report-xlsx]', { hasText: 'Exportando… 75%' }).waitFor()
    await screenshot(phone.page, 'dashboard-reports-phone-exporting')
    assert.isAtMost(
      await phone.page.evaluate(() => {
        const g = globalThis as any
        return g.document.documentElement.scrollWidth - g.innerWidth
      }),
      0
    )
    await releasePhone()
    assert.match((await downloading).suggestedFilename(), /^atendimentos-.*\.xlsx$/)
    await phone.page.getByRole('tab', { name: 'Tickets de grupos' }).click()
    await phone.page.getByRole('tab', { name: 'Tickets de grupos', selected: true }).waitFor()
    await phone.context.close()
  })
})
