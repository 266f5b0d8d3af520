/**
 * The ticket workspace in real Chromium against the real server, with inbound
 * messages fed through the core pipeline (`inbound.ingest`, the same entry the
 * API channel's webhook uses) and processed by the real workers.
 */
import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { companySettings } from '#core/settings'
import { PASSWORD, uid } from '#tests/helpers/world'
import {
  agent,
  createConnection,
  createQueue,
  inboxWorld,
  ingest,
  message,
  rand,
  startWorkers,
  waitFor,
  type InboxWorld,
} from '#tests/helpers/inbox'
import { launchBrowser, openPage, screenshot, signIn } from './support.js'

/** The live ticket of a contact number, once the pipeline has made it. */
async function ticketOf(world: InboxWorld, number: string) {
  return waitFor(async () => {
    const row = await db
      .from('tickets')
      .join('contacts', 'contacts.id', 'tickets.contact_id')
      .where('tickets.company_id', world.company.id)
      .where('contacts.number', number)
      .orderBy('tickets.id', 'desc')
      .select('tickets.*')
      .first()
    return row ?? null
  })
}

/** An inbound message; returns the ticket it landed on, moved to `queueId` when given. */
async function inbound(
  world: InboxWorld,
  body: string,
  options: { number?: string; whatsappId?: number; queueId?: number } = {}
) {
  const number = options.number ?? rand()
  await ingest(world, message(options.whatsappId ?? world.whatsapp.id, number, body))
  const ticket = await ticketOf(world, number)
  if (options.queueId && ticket.queue_id !== options.queueId) {
    await db.from('tickets').where('id', ticket.id).update({ queue_id: options.queueId })
    ticket.queue_id = options.queueId
  }
  return { ticket, number, name: `Contact ${number}` }
}

async function openWorkspace(browser: Browser, email: string, options: { colorScheme?: 'light' | 'dark' } = {}) {
  const tracked = await openPage(browser, options)
  await signIn(tracked.page, email, PASSWORD)
  await tracked.page.goto('/tickets')
  await tracked.page.locator('[data-testid=tickets-page]').waitFor()
  // let the realtime subscriptions settle
  await tracked.page.waitForTimeout(1200)
  return tracked
}

const card = (page: Page, list: string, text: string) =>
  page.locator(`[data-testid=ticket-list-${list}] [data-testid=ticket-card]`, { hasText: text })

test.group('browser · inbox workspace', (group) => {
  group.each.timeout(120_000)
  let browser: Browser
  group.setup(async () => {
    await startWorkers()
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('a message arrives live in Pending; accepting it lands on the ticket', async ({ assert }) => {
    const world = await inboxWorld()
    const a = await agent(world)
    const { page, context, errors } = await openWorkspace(browser, a.user.email)
    await page.click('[data-testid=tab-pending]')

    const number = rand()
    await ingest(world, message(world.whatsapp.id, number, `Olá, preciso de ajuda ${uid()}`))
    const ticket = await ticketOf(world, number)
    // the single-queue connection routes it to its queue; make sure of it for this agent
    if (!ticket.queue_id) await db.from('tickets').where('id', ticket.id).update({ queue_id: world.queue.id })
    const pending = card(page, 'pending', `Contact ${number}`)
    await pending.waitFor()
    assert.include(await pending.innerText(), 'Olá, preciso de ajuda')

    await pending.locator('[data-testid=card-accept]').click()
    await page.waitForURL(`**/tickets/${ticket.uuid}`)
    await page.locator('[data-testid=chat-page]').waitFor()
    await card(page, 'open', `Contact ${number}`).waitFor()
    assert.equal(await card(page, 'pending', `Contact ${number}`).count(), 0)
    const row = await db.from('tickets').where('id', ticket.id).first()
    assert.equal(row.status, 'open')
    assert.equal(row.user_id, a.user.id)
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('a transfer to another queue leaves the first agent and reaches the second live', async ({ assert }) => {
    const world = await inboxWorld()
    const queue2 = await createQueue(world.company)
    const a = await agent(world, [world.queue.id])
    const b = await agent(world, [queue2.id])
    const { ticket, name } = await inbound(world, 'Quero trocar de setor', { queueId: world.queue.id })
    await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: a.user.id })

    const first = await openWorkspace(browser, a.user.email)
    const second = await openWorkspace(browser, b.user.email)
    await second.page.click('[data-testid=tab-pending]')
    assert.equal(await card(second.page, 'pending', name).count(), 0)

    await card(first.page, 'open', name).click()
    await first.page.waitForURL(`**/tickets/${ticket.uuid}`)
    await first.page.locator('[data-testid=ticket-more]').click()
    await first.page.locator('[data-testid=action-transfer]').click()
    const dialog = first.page.getByRole('dialog')
    // the queue is required
    await dialog.getByRole('button', { name: /transferir/i }).click()
    await dialog.getByText('Selecione uma fila').first().waitFor()
    await dialog.getByRole('combobox').first().click()
    await first.page.getByRole('option', { name: queue2.name }).click()
    await dialog.locator('textarea').fill('Cliente pediu o financeiro')
    await dialog.getByRole('button', { name: /transferir/i }).click()

    await first.page.waitForURL(/\/tickets\/?$/)
    await card(first.page, 'open', name).waitFor({ state: 'detached' })
    await card(second.page, 'pending', name).waitFor()
    const row = await db.from('tickets').where('id', ticket.id).first()
    assert.equal(row.queue_id, queue2.id)
    assert.equal(row.status, 'pending')
    assert.isNull(row.user_id)
    await first.context.close()
    await second.context.close()
  })

  test('resolving needs a tag when requiredTag is on; with the tag the ticket closes', async ({ assert }) => {
    const world = await inboxWorld()
    await tenancy.run(world.company.id, () => companySettings.set('requiredTag', 'enabled'))
    const tagName = `VIP ${uid()}`
    const [tag] = await db
      .table('tags')
      .insert({ company_id: world.company.id, name: tagName, color: '#aa3355', kanban: 0 })
      .returning('id')
    const { ticket, name } = await inbound(world, 'Pode encerrar, obrigado', { queueId: world.queue.id })
    await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: world.admin.id })

    const { page, context } = await openWorkspace(browser, world.admin.email)
    await card(page, 'open', name).click()
    await page.locator('[data-testid=action-resolve]').click()
    const dialog = page.locator('[data-testid=resolve-dialog]')
    await dialog.getByText('Você deve atribuir uma tag antes de fechar o ticket').waitFor()
    await dialog.locator('[data-testid=resolve-confirm]').click()
    // still open: no tag yet
    await page.waitForTimeout(300)
    assert.equal((await db.from('tickets').where('id', ticket.id).first()).status, 'open')

    // by keyboard: the option list is portalled outside the modal dialog
    const tags = dialog.getByRole('combobox')
    await tags.focus()
    await page.keyboard.press('ArrowDown')
    await page.waitForTimeout(300)
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
    await waitFor(async () => (await tags.innerText()).includes(tagName), 5000)
    await dialog.locator('[data-testid=resolve-confirm]').click()
    await page.waitForURL(/\/tickets\/?$/)
    await waitFor(async () => (await db.from('tickets').where('id', ticket.id).first()).status === 'closed')
    const tagged = await db
      .from('contact_tags')
      .where({ contact_id: ticket.contact_id, tag_id: tag.id ?? tag })
      .first()
    assert.exists(tagged)
    await card(page, 'open', name).waitFor({ state: 'detached' })
    await page.click('[data-testid=view-closed]')
    await card(page, 'closed', name).waitFor()
    await context.close()
  })

  test('the Search view finds a message body and opens that ticket', async ({ assert }) => {
    const world = await inboxWorld()
    const word = `abacaxi${uid().replace(/[^a-z]/gi, '')}`
    await inbound(world, 'Bom dia', { queueId: world.queue.id })
    const { ticket, name } = await inbound(world, `Meu pedido de ${word} não chegou`, { queueId: world.queue.id })

    const { page, context } = await openWorkspace(browser, world.admin.email)
    await page.fill('[data-testid=ticket-search]', word)
    const found = card(page, 'search', name)
    await found.waitFor()
    await found.click()
    await page.waitForURL(`**/tickets/${ticket.uuid}`)
    await page.locator('[data-testid=chat-page]').waitFor()
    // the search text and the results stay while the ticket is open
    assert.equal(await page.locator('[data-testid=ticket-search]').inputValue(), word)
    assert.equal(await card(page, 'search', name).getAttribute('aria-current'), 'true')
    await context.close()
  })

  test("a non-admin never sees another queue's ticket, listed, live or by address", async ({ assert }) => {
    const world = await inboxWorld()
    const queue2 = await createQueue(world.company)
    const whatsapp2 = await createConnection(world.company)
    await db.table('whatsapp_queues').insert({ whatsapp_id: whatsapp2.id, queue_id: queue2.id })
    const a = await agent(world, [world.queue.id])
    const mine = await inbound(world, 'Na minha fila', { queueId: world.queue.id })
    const other = await inbound(world, 'Na outra fila', { whatsappId: whatsapp2.id, queueId: queue2.id })

    const { page, context } = await openWorkspace(browser, a.user.email)
    await page.click('[data-testid=tab-pending]')
    await card(page, 'pending', mine.name).waitFor()
    assert.equal(await card(page, 'pending', other.name).count(), 0)

    // a new message on the other queue's ticket: its events never reach this agent
    await ingest(world, message(whatsapp2.id, other.number, 'Mais uma mensagem'))
    const third = await inbound(world, 'Outra conversa', { whatsappId: whatsapp2.id, queueId: queue2.id })
    await page.waitForTimeout(2500)
    assert.equal(await card(page, 'pending', other.name).count(), 0)
    assert.equal(await card(page, 'pending', third.name).count(), 0)

    // searching by the other contact's name finds nothing
    await page.fill('[data-testid=ticket-search]', other.name)
    await page.locator('[data-testid=ticket-list-search]').getByText('Nada encontrado').waitFor()

    // and the address of the hidden ticket goes back to /tickets
    await page.goto(`/tickets/${other.ticket.uuid}`)
    await page.waitForURL(/\/tickets\/?$/)
    await context.close()
  })

  test('thousands of tickets: only the rows in view are in the page, pages load on scroll', async ({ assert }) => {
    const world = await inboxWorld()
    const companyId = world.company.id
    const n = 2000
    await db.rawQuery(
      `INSERT INTO contacts (company_id, name, number)
       SELECT ?, 'Cliente ' || g, (?::bigint + g)::text FROM generate_series(1, ?) g`,
      [companyId, 5511900000000 + companyId * 10000, n]
    )
    await db.rawQuery(
      `INSERT INTO tickets (company_id, uuid, status, channel, contact_id, whatsapp_id, queue_id, last_message, unread_messages, updated_at, created_at)
       SELECT c.company_id, gen_random_uuid(), 'pending', 'api', c.id, ?, ?, 'mensagem ' || c.id, 1,
              now() - (c.id || ' seconds')::interval, now()
         FROM contacts c WHERE c.company_id = ?`,
      [world.whatsapp.id, world.queue.id, companyId]
    )
    const { page, context } = await openWorkspace(browser, world.admin.email)
    await page.click('[data-testid=tab-pending]')
    const scroller = page.locator('[data-testid=ticket-scroll-pending]')
    await scroller.waitFor()
    // the server counts up to 1000: the tab says there are more than that
    await waitFor(async () => /1000\+/.test((await page.locator('[data-testid=tab-pending]').textContent()) ?? ''))
    for (let i = 0; i < 6; i++) {
      await scroller.evaluate((el: any) => (el.scrollTop = el.scrollHeight))
      await page.waitForTimeout(400)
    }
    const rendered = await page.locator('[data-testid=ticket-list-pending] [data-testid=ticket-card]').count()
    const height = await scroller.evaluate((el: any) => el.scrollHeight)
    // more than 200 rows loaded (5+ pages of 40) while only a window of them is rendered
    assert.isAbove(height, 200 * 92)
    assert.isBelow(rendered, 40)

    // a live arrival above the rows in view does not move what the user is reading
    await scroller.evaluate((el: any) => (el.scrollTop = 50 * 92))
    await page.waitForTimeout(300)
    const topCard = async () =>
      page.evaluate(() => {
        const el = (globalThis as any).document.querySelector('[data-testid=ticket-scroll-pending]')
        const box = el.getBoundingClientRect()
        const hit = (globalThis as any).document.elementFromPoint(box.left + 40, box.top + 10)
        return hit?.closest('[data-testid=ticket-card]')?.getAttribute('data-ticket-id') ?? null
      })
    const before = await topCard()
    await inbound(world, 'Chegou agora', { queueId: world.queue.id })
    // the new ticket goes on top, one row above: the offset follows the anchored row
    await waitFor(async () => (await scroller.evaluate((el: any) => el.scrollTop)) === 51 * 92)
    assert.equal(await topCard(), before)
    await context.close()
  })

  test('tickets that leave the list while it is open do not make the next page skip any', async ({ assert }) => {
    const world = await inboxWorld()
    const companyId = world.company.id
    // 45 pending tickets, newest first: page 1 holds "Rolagem 1" to "Rolagem 40"
    await db.rawQuery(
      `INSERT INTO contacts (company_id, name, number)
       SELECT ?, 'Rolagem ' || g, (?::bigint + g)::text FROM generate_series(1, 45) g`,
      [companyId, 5511800000000 + companyId * 100]
    )
    const tickets = await db.rawQuery(
      `INSERT INTO tickets (company_id, uuid, status, channel, contact_id, whatsapp_id, queue_id, last_message, updated_at, created_at)
       SELECT c.company_id, gen_random_uuid(), 'pending', 'api', c.id, ?, ?, c.name,
              now() - (substr(c.name, 9)::int || ' minutes')::interval, now()
         FROM contacts c WHERE c.company_id = ? AND c.name LIKE 'Rolagem %'
       RETURNING id, last_message`,
      [world.whatsapp.id, world.queue.id, companyId]
    )
    const idOf = new Map<string, number>(tickets.rows.map((r: any) => [r.last_message, r.id]))
    const { page, context } = await openWorkspace(browser, world.admin.email)
    await page.click('[data-testid=tab-pending]')
    await card(page, 'pending', 'Rolagem 1').first().waitFor()
    // the five newest are closed by another admin: they leave the list live
    const other = await agent(world, [world.queue.id], { profile: 'admin' })
    for (let i = 1; i <= 5; i++) {
      const r = await fetch(`http://127.0.0.1:${process.env.PORT}/tickets/${idOf.get(`Rolagem ${i}`)}`, {
        method: 'PUT',
        headers: { 'authorization': `Bearer ${other.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'closed' }),
      })
      assert.equal(r.status, 200)
    }
    await waitFor(async () => (await card(page, 'pending', 'Rolagem 5').count()) === 0 || null)
    // the next page starts after "Rolagem 40", not 40 rows down the list as it is now
    const scroller = page.locator('[data-testid=ticket-scroll-pending]')
    for (let i = 0; i < 3; i++) {
      await scroller.evaluate((el: any) => (el.scrollTop = el.scrollHeight))
      await page.waitForTimeout(400)
    }
    for (const n of [41, 43, 45]) await card(page, 'pending', `Rolagem ${n}`).first().waitFor({ timeout: 5000 })
    await context.close()
  })

  test('a pending ticket without a queue asks for one on accept', async ({ assert }) => {
    const world = await inboxWorld()
    const { ticket, name } = await inbound(world, 'Sem fila ainda')
    await db.from('tickets').where('id', ticket.id).update({ queue_id: null, status: 'pending', user_id: null })
    const { page, context } = await openWorkspace(browser, world.admin.email)
    await page.click('[data-testid=tab-pending]')
    await card(page, 'pending', name).locator('[data-testid=card-accept]').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Aceitar' }).click()
    await dialog.getByText('Selecione uma fila').first().waitFor()
    await dialog.getByRole('combobox').click()
    await page.locator('[role=option]', { hasText: world.queue.name }).click()
    await dialog.getByRole('button', { name: 'Aceitar' }).click()
    await page.waitForURL(`**/tickets/${ticket.uuid}`)
    const row = await db.from('tickets').where('id', ticket.id).first()
    assert.equal(row.queue_id, world.queue.id)
    assert.equal(row.status, 'open')
    await context.close()
  })

  test('the panel width drags between 400 and 700 and is saved on the user (at least 404)', async ({ assert }) => {
    const world = await inboxWorld()
    const { page, context } = await openWorkspace(browser, world.admin.email)
    const panel = page.locator('[data-testid=tickets-panel]')
    const drag = async (dx: number) => {
      const box = (await page.locator('[data-testid=panel-grip]').boundingBox())!
      await page.mouse.move(box.x + box.width / 2, box.y + 200)
      await page.mouse.down()
      await page.mouse.move(box.x + box.width / 2 + dx / 2, box.y + 200, { steps: 4 })
      await page.mouse.move(box.x + box.width / 2 + dx, box.y + 200, { steps: 4 })
      await page.mouse.up()
    }
    const saved = async () =>
      (await db.from('users').where('id', world.admin.id).first()).default_tickets_manager_width as number
    assert.equal(await panel.getAttribute('data-width'), '550')
    await drag(400)
    assert.equal(await panel.getAttribute('data-width'), '700')
    await waitFor(async () => (await saved()) === 700)
    await drag(-600)
    assert.equal(await panel.getAttribute('data-width'), '400')
    await waitFor(async () => (await saved()) === 404)
    await page.reload()
    await panel.waitFor()
    assert.equal(await panel.getAttribute('data-width'), '404')
    await context.close()
  })

  test('the notifications popover lists unread tickets from the server and rings for new messages', async ({
    assert,
  }) => {
    const world = await inboxWorld()
    const first = await inbound(world, 'Tem alguém aí?', { queueId: world.queue.id })
    const tracked = await openPage(browser)
    // a Notification double records what the page would show on the desktop
    await tracked.context.addInitScript(() => {
      const g = globalThis as any
      g.shown = []
      g.Notification = class {
        static permission = 'granted'
        static requestPermission = async () => 'granted'
        onclick: unknown = null
        constructor(title: string) {
          g.shown.push(title)
        }
        close() {}
      }
    })
    const { page, context } = tracked
    await signIn(page, world.admin.email, PASSWORD)
    await page.goto('/tickets')
    await page.waitForTimeout(1200)
    await page.click('[data-testid=notifications]')
    await page.locator('[data-testid=notification-item]', { hasText: first.name }).waitFor()

    const second = await inbound(world, 'Olá, bom dia', { queueId: world.queue.id })
    await page.locator('[data-testid=notification-item]', { hasText: second.name }).waitFor()
    await waitFor(async () =>
      ((await page.evaluate(() => (globalThis as any).shown)) as string[]).includes(second.name)
    )
    assert.equal(await page.locator('[data-testid=notification-item]').count(), 2)
    await context.close()
  })

  test('under 600 px the workspace is the tabs Ticket / Atendimentos', async ({ assert }) => {
    const world = await inboxWorld()
    const { name, ticket } = await inbound(world, 'Pelo celular', { queueId: world.queue.id })
    const tracked = await openPage(browser, { width: 420, height: 820 })
    const { page, context } = tracked
    await signIn(page, world.admin.email, PASSWORD)
    await page.goto('/tickets')
    await page.click('[data-testid=tab-pending]')
    const found = card(page, 'pending', name)
    await found.waitFor()
    await screenshot(page, 'inbox-workspace-mobile-list')
    await found.click()
    await page.waitForURL(`**/tickets/${ticket.uuid}`)
    await page.locator('[data-testid=chat-page]').waitFor()
    assert.isFalse(await page.locator('[data-testid=tickets-panel]').isVisible())
    await page.click('[data-testid=small-tab-list]')
    await page.locator('[data-testid=tickets-panel]').waitFor()
    await context.close()
  })

  test('new ticket: contact, queue and connection required; an open ticket of another user is named', async ({
    assert,
  }) => {
    const world = await inboxWorld()
    const b = await agent(world)
    const busy = await inbound(world, 'Já estou sendo atendido', { queueId: world.queue.id })
    const busyName = `Cliente Ocupado ${uid()}`
    await db.from('contacts').where('id', busy.ticket.contact_id).update({ name: busyName })
    await db.from('tickets').where('id', busy.ticket.id).update({ status: 'open', user_id: b.user.id })
    const freeName = `Cliente Livre ${uid()}`
    const [free] = await db
      .table('contacts')
      .insert({ company_id: world.company.id, name: freeName, number: rand() })
      .returning('id')

    const { page, context } = await openWorkspace(browser, world.admin.email)
    const pick = async (name: string) => {
      const dialog = page.getByRole('dialog')
      await dialog.locator('[data-testid=new-ticket-contact]').fill(name.slice(0, 12))
      await page.locator('[role=option]', { hasText: name }).click()
      await dialog.getByRole('combobox').nth(1).click()
      await page.locator('[role=option]', { hasText: world.queue.name }).click()
    }

    await page.click('[data-testid=new-ticket]')
    let dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Criar' }).click()
    await dialog.getByText('Selecione uma fila').first().waitFor()
    await pick(busyName)
    await dialog.getByRole('button', { name: 'Criar' }).click()
    const info = page.locator('[data-testid=already-open-dialog]')
    await info.waitFor()
    assert.include(await info.innerText(), b.user.name)
    assert.include(await info.innerText(), world.queue.name)
    await info.getByRole('button', { name: 'Ok' }).click()

    await page.click('[data-testid=new-ticket]')
    dialog = page.getByRole('dialog')
    await pick(freeName)
    await dialog.getByRole('button', { name: 'Criar' }).click()
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/)
    const created = await db
      .from('tickets')
      .where('contact_id', free.id ?? free)
      .first()
    assert.equal(created.status, 'open')
    assert.equal(created.user_id, world.admin.id)
    assert.equal(created.queue_id, world.queue.id)
    assert.isTrue(page.url().endsWith(created.uuid))
    await context.close()
  })

  test('admin tools: close all pending (yes/no), the ticket log, delete with confirmation', async ({ assert }) => {
    const world = await inboxWorld()
    const one = await inbound(world, 'Primeira', { queueId: world.queue.id })
    const two = await inbound(world, 'Segunda', { queueId: world.queue.id })
    const { page, context } = await openWorkspace(browser, world.admin.email)
    await page.click('[data-testid=tab-pending]')
    await card(page, 'pending', two.name).waitFor()
    await page.click('[data-testid=close-all]')
    await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click()
    await card(page, 'pending', one.name).waitFor({ state: 'detached' })
    await card(page, 'pending', two.name).waitFor({ state: 'detached' })
    const rows = await db.from('tickets').whereIn('id', [one.ticket.id, two.ticket.id])
    assert.deepEqual(
      rows.map((r: any) => r.status),
      ['closed', 'closed']
    )

    await page.click('[data-testid=view-closed]')
    await card(page, 'closed', one.name).click()
    await page.waitForURL(`**/tickets/${one.ticket.uuid}`)
    await page.locator('[data-testid=ticket-more]').click()
    await page.locator('[data-testid=action-log]').click()
    const log = page.locator('[data-testid=ticket-log-dialog]')
    await log.getByText('Resolveu o ticket').first().waitFor()
    await log.getByRole('button', { name: 'Fechar' }).click()

    await page.locator('[data-testid=ticket-more]').click()
    await page.locator('[data-testid=action-delete]').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click()
    await page.waitForURL(/\/tickets\/?$/)
    await waitFor(async () => !(await db.from('tickets').where('id', one.ticket.id).first()))
    await card(page, 'closed', one.name).waitFor({ state: 'detached' })
    await context.close()
  })

  test('screenshots of the workspace in light and dark themes', async () => {
    const world = await inboxWorld()
    const queue2 = await createQueue(world.company, 'Financeiro')
    const texts = [
      'Olá! Gostaria de saber o prazo de entrega do meu pedido',
      'Bom dia, preciso da segunda via do boleto',
      'Vocês abrem no sábado?',
      'Obrigado pela atenção',
    ]
    const made = []
    for (const [i, body] of texts.entries())
      made.push(await inbound(world, body, { queueId: i % 2 ? queue2.id : world.queue.id }))
    await db.from('tickets').where('id', made[0].ticket.id).update({ status: 'open', user_id: world.admin.id })
    await db.from('tickets').where('id', made[1].ticket.id).update({ status: 'open', user_id: world.admin.id })
    for (const scheme of ['light', 'dark'] as const) {
      const { page, context } = await openWorkspace(browser, world.admin.email, { colorScheme: scheme })
      await page.goto(`/tickets/${made[0].ticket.uuid}`)
      await page.locator('[data-testid=tickets-page]').waitFor()
      await card(page, 'open', made[1].name).waitFor()
      await page.locator('[data-testid=chat-page]').getByText(texts[0]).first().waitFor()
      await screenshot(page, `inbox-workspace-${scheme}`)
      if (scheme === 'light') {
        await page.click('[data-testid=filters-toggle]')
        await page.locator('[data-testid=ticket-filters]').waitFor()
        await screenshot(page, 'inbox-workspace-filters')
      }
      await context.close()
    }
  })
})
