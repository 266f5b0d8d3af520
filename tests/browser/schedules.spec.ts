import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD, createTenant, createUser, uid } from '#tests/helpers/world'
import {
  createConnection,
  inboxWorld,
  ingest,
  message,
  rand,
  recordingDriver,
  startWorkers,
  waitFor,
} from '#tests/helpers/inbox'
import { aContact } from '#modules/schedules/tests/fixtures'
import { launchBrowser, openPage, screenshot, signIn } from './support.js'

const dialog = (page: Page) => page.locator('[data-testid=schedule-dialog]')

/** Picks a contact in the dialog's search box (3 characters start the search). */
async function pickContact(page: Page, name: string, contactId: number) {
  await page.locator('[data-testid=schedule-contact]').fill(name.slice(0, 6))
  await page.locator(`[data-testid=contact-option-${contactId}]`).click()
}

const dayClass = (d: Date) => `rbc-day-${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`
const calendar = (page: Page, view: string) => page.locator(`[data-testid=calendar][data-view=${view}]`)

/**
 * Clicks a day of react-big-calendar's month grid. Its day cells lie under
 * the rows of events, and the library reads the click's position, so the
 * mouse goes to the cell's spot rather than to an element.
 */
async function clickDay(page: Page, d: Date) {
  const cell = page.locator(`.rbc-month-view .rbc-day-bg.${dayClass(d)}`).first()
  if (!(await cell.count())) await page.click('[data-testid=calendar-next]')
  const box = (await cell.boundingBox())!
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 8)
}

/** Picks an option of a Fluent dropdown in the dialog. */
async function choose(page: Page, name: string, option: string) {
  await dialog(page).locator(`button[name=${name}]`).click()
  await page.getByRole('option', { name: option }).click()
}

test.group('browser · schedules', (group) => {
  group.each.timeout(120_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    await startWorkers()
    return () => browser.close()
  })

  test('from the calendar: a click on a day creates a schedule; it goes out and turns ENVIADA live', async ({
    client,
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await createTenant()
      await createConnection(w.company, { name: 'Loja Centro', isDefault: true } as any)
      const contact = await aContact(w.company, `Ana Lima ${uid()}`)
      const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
      await signIn(page, w.admin.email, PASSWORD)
      await page.locator('[data-testid=side-menu] a', { hasText: 'Agendamentos' }).click()
      await calendar(page, 'month').waitFor()
      // react-big-calendar's stylesheet is on the page (a federated remote's CSS is not linked by itself)
      assert.equal(
        await page.locator('.rbc-month-view').evaluate((el) => (globalThis as any).getComputedStyle(el).display),
        'flex'
      )
      assert.equal(
        await page.locator('[data-testid=calendar-label]').innerText(),
        await page.evaluate(() => {
          const s = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric' }).format(new Date())
          return s.charAt(0).toUpperCase() + s.slice(1).replace(' de ', ' ')
        })
      )
      await page.waitForTimeout(1000) // realtime subscription

      const tomorrow = new Date(Date.now() + 86400_000)
      await clickDay(page, tomorrow)
      await dialog(page).waitFor()
      // the clicked day at 09:00
      const sendAt = await dialog(page).locator('input[name=sendAt]').inputValue()
      assert.match(sendAt, /T09:00$/)
      // the rules: body at least 5 characters, a contact
      await dialog(page).locator('textarea[name=body]').fill('Oi')
      await page.click('[data-testid=schedule-save]')
      await dialog(page).getByText('Mensagem muito curta').waitFor()
      await dialog(page).getByText('Obrigatório').first().waitFor()
      await pickContact(page, contact.name, contact.id)
      await dialog(page).locator('textarea[name=body]').fill('Olá {{firstName}}, sua consulta é amanhã.')
      // every day, three times in all (an rrule on the schedule)
      await choose(page, 'repeatEvery', 'Todo dia')
      await dialog(page).locator('input[name=repeatCount]').fill('3')
      await screenshot(page, 'schedules-dialog')
      await page.click('[data-testid=schedule-save]')
      await dialog(page).waitFor({ state: 'detached' })
      await page.getByText('Agendamento salvo com sucesso!').first().waitFor()
      const row = await waitFor(() => db.from('schedules').where('company_id', w.company.id).first())
      assert.equal(row.contact_id, contact.id)
      assert.equal(row.status, 'AGENDADA')
      assert.include(row, { rrule: 'FREQ=DAILY', repeat_count: 3 })
      assert.equal(new Date(row.send_at).getHours(), 9)
      const event = page.locator(`[data-testid=schedule-event-${row.id}]`)
      await event.waitFor()
      assert.equal(await event.getAttribute('data-status'), 'AGENDADA')
      // its two later sends are drawn too (dashed), unless they fall past the month's grid
      await page.locator(`[data-testid=schedule-occurrence-${row.id}]`).first().waitFor()
      await screenshot(page, 'schedules-month')
      // a later send opens the schedule that will write it
      await page.locator(`[data-testid=schedule-occurrence-${row.id}]`).first().click()
      await dialog(page).waitFor()
      assert.equal(
        await dialog(page).locator('[data-testid=repeat-left]').innerText(),
        'Faltam 3 envios nesta série (este incluído).'
      )
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })

      // moved to two seconds from now by a colleague (PUT): sent through the API channel
      const colleague = await createUser(w.company, { profile: 'admin' } as any)
      const soon = Date.now() + 2000
      const moved = await client
        .put(`/schedules/${row.id}`)
        .bearerToken(colleague.token)
        .json({ sendAt: new Date(soon).toISOString(), userId: colleague.user.id })
      moved.assertStatus(200)
      const sent = await waitFor(async () => driver.sent.find((m) => m.to.number === contact.number), 15000, 20)
      assert.equal(sent.body, `Olá Ana, sua consulta é amanhã.`)
      assert.isBelow(Date.now() - soon, 2000)
      // live: the calendar shows it sent, without a reload (a send near midnight is drawn on its
      // day only: calendar.ts, toEvents)
      await page.locator(`[data-testid=schedule-event-${row.id}][data-status=ENVIADA]`).waitFor({ timeout: 15000 })
      await page.click('[data-testid=view-week]')
      await calendar(page, 'week').waitFor()
      await screenshot(page, 'schedules-week')
      // a sent schedule opens read-only: no save button
      await page.locator(`[data-testid=schedule-event-${row.id}]`).click()
      await dialog(page).getByText('Esta mensagem já foi enviada').waitFor()
      assert.equal(await page.locator('[data-testid=schedule-save]').count(), 0)
      await page.keyboard.press('Escape')
      assert.deepEqual(errors, [])
      await context.close()
    } finally {
      driver.restore()
    }
  })

  test('on a phone: the agenda, and ?contactId= opens the dialog for that contact', async ({ assert }) => {
    const w = await createTenant()
    await createConnection(w.company)
    const contact = await aContact(w.company, `Bruno Reis ${uid()}`)
    const { page, context, errors } = await openPage(browser, { width: 390, height: 844 })
    await signIn(page, w.admin.email, PASSWORD)
    await page.goto(`/schedules?contactId=${contact.id}`)
    await dialog(page).waitFor()
    assert.equal(await page.locator('[data-testid=schedule-contact]').inputValue(), contact.name)
    // spec 3 §9: now plus one hour by default
    const value = await dialog(page).locator('input[name=sendAt]').inputValue()
    const inAnHour = Date.now() + 3600_000
    assert.isBelow(Math.abs(new Date(value).getTime() - inAnHour), 2 * 60_000)
    await dialog(page).locator('textarea[name=body]').fill('Passando para lembrar do retorno.')
    await screenshot(page, 'schedules-dialog-phone')
    await page.click('[data-testid=schedule-save]')
    await dialog(page).waitFor({ state: 'detached' })
    const row = await waitFor(() => db.from('schedules').where('company_id', w.company.id).first())
    await calendar(page, 'agenda').waitFor()
    await page.locator(`[data-testid=schedule-event-${row.id}]`).waitFor()
    await screenshot(page, 'schedules-agenda-phone')
    // the day view fits the phone too
    await page.click('[data-testid=view-day]')
    await calendar(page, 'day').waitFor()
    await screenshot(page, 'schedules-day-phone')
    await page.click('[data-testid=view-week]')
    await calendar(page, 'week').waitFor()
    await screenshot(page, 'schedules-week-phone')
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('from the ticket: the Schedule action opens the dialog for the ticket’s contact', async ({ assert }) => {
    const world = await inboxWorld()
    const number = rand()
    await ingest(world, message(world.whatsapp.id, number, `Preciso remarcar ${uid()}`))
    const ticket = await waitFor(() =>
      db
        .from('tickets')
        .join('contacts', 'contacts.id', 'tickets.contact_id')
        .where('tickets.company_id', world.company.id)
        .where('contacts.number', number)
        .select('tickets.*', 'contacts.name as contact_name')
        .first()
    )
    await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: world.admin.id })
    for (const size of [
      { width: 1440, height: 900, name: 'schedules-from-ticket' },
      { width: 390, height: 844, name: 'schedules-from-ticket-phone' },
    ]) {
      const { page, context, errors } = await openPage(browser, size)
      await signIn(page, world.admin.email, PASSWORD)
      await page.goto(`/tickets/${ticket.uuid}`)
      await page.locator('[data-testid=ticket-more]').click()
      await page.locator('[data-testid=action-schedule]').click()
      await dialog(page).waitFor()
      assert.equal(await page.locator('[data-testid=schedule-contact]').inputValue(), ticket.contact_name)
      await dialog(page).locator('textarea[name=body]').fill(`Retorno combinado ${size.width}`)
      await screenshot(page, size.name)
      await page.click('[data-testid=schedule-save]')
      await dialog(page).waitFor({ state: 'detached' })
      await page.getByText('Agendamento salvo com sucesso!').first().waitFor()
      const row = await waitFor(() =>
        db
          .from('schedules')
          .where({ company_id: world.company.id, body: `Retorno combinado ${size.width}` })
          .first()
      )
      assert.equal(row.contact_id, ticket.contact_id)
      assert.equal(row.user_id, world.admin.id)
      // still on the ticket
      assert.include(page.url(), `/tickets/${ticket.uuid}`)
      assert.deepEqual(errors, [])
      await context.close()
    }
  })

  test('the contact drawer lists the contact’s upcoming schedules; the contacts page schedules one', async ({
    client,
    assert,
  }) => {
    const world = await inboxWorld()
    const number = rand()
    await ingest(world, message(world.whatsapp.id, number, `Quero lembretes ${uid()}`))
    const ticket = await waitFor(() =>
      db
        .from('tickets')
        .join('contacts', 'contacts.id', 'tickets.contact_id')
        .where('tickets.company_id', world.company.id)
        .where('contacts.number', number)
        .select('tickets.*', 'contacts.name as contact_name')
        .first()
    )
    await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: world.admin.id })
    const weekly = await client
      .post('/schedules')
      .bearerToken(world.adminToken)
      .json({
        body: 'Reunião semanal de acompanhamento',
        contactId: ticket.contact_id,
        sendAt: new Date(Date.now() + 2 * 86400_000).toISOString(),
        repeatEvery: 'weekly',
        repeatWeekdays: ['MO', 'TH'],
        repeatCount: 4,
      })
    weekly.assertStatus(201)
    for (const size of [
      { width: 1440, height: 900, name: 'schedules-contact-drawer' },
      { width: 390, height: 844, name: 'schedules-contact-drawer-phone' },
    ]) {
      const { page, context, errors } = await openPage(browser, size)
      await signIn(page, world.admin.email, PASSWORD)
      await page.goto(`/tickets/${ticket.uuid}`)
      await page.click('[data-testid=chat-header]')
      const list = page.locator('[data-testid=contact-drawer] [data-testid=upcoming-schedules]')
      await list.locator('[data-testid=upcoming-item]', { hasText: 'Reunião semanal' }).waitFor()
      await list.scrollIntoViewIfNeeded()
      await screenshot(page, size.name)
      if (size.width === 1440) {
        // scheduling from the drawer: the dialog comes with the contact, the list follows live
        await list.locator('[data-testid=upcoming-add]').click()
        await dialog(page).waitFor()
        assert.equal(await page.locator('[data-testid=schedule-contact]').inputValue(), ticket.contact_name)
        await dialog(page).locator('textarea[name=body]').fill('Confirmando o horário de amanhã')
        await page.click('[data-testid=schedule-save]')
        await dialog(page).waitFor({ state: 'detached' })
        await list.locator('[data-testid=upcoming-item]', { hasText: 'Confirmando o horário' }).waitFor()
        assert.equal(await list.locator('[data-testid=upcoming-item]').count(), 2)
      }
      assert.deepEqual(errors, [])
      await context.close()
    }

    // the contacts page: the row's Schedule action opens the dialog for that contact
    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, world.admin.email, PASSWORD)
    await page.goto('/contacts')
    await page.click(`[data-testid=schedule-contact-${ticket.contact_id}]`)
    await dialog(page).waitFor()
    assert.equal(await page.locator('[data-testid=schedule-contact]').inputValue(), ticket.contact_name)
    await dialog(page).locator('textarea[name=body]').fill('Agendado pela lista de contatos')
    await screenshot(page, 'schedules-from-contacts')
    await page.click('[data-testid=schedule-save]')
    await dialog(page).waitFor({ state: 'detached' })
    const row = await waitFor(() =>
      db.from('schedules').where({ company_id: world.company.id, body: 'Agendado pela lista de contatos' }).first()
    )
    assert.equal(row.contact_id, ticket.contact_id)
    assert.include(page.url(), '/contacts')
    assert.deepEqual(errors, [])
    await context.close()
  })
})
