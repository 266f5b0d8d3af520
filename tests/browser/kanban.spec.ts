import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD, createTenant, createUser } from '#tests/helpers/world'
import { waitFor } from '#tests/helpers/inbox'
import { aConnection, aKanbanTag, aQueue, aTicket, linksOf } from '#modules/kanban/tests/fixtures'
import { BASE_URL, launchBrowser, menuTexts, openPage, screenshot, signIn } from './support.js'

const card = (page: Page, lane: number, ticket: number) =>
  page.locator(`[data-testid=lane-${lane}] [data-testid=card-${ticket}]`)

/**
 * Drags with the mouse (dnd-kit's pointer sensor) from the centre of one
 * element to the centre of another: a short first move passes the activation
 * distance, then small steps, so collisions are computed along the way.
 */
async function mouseDrag(page: Page, from: string, to: string, beforeDrop?: () => Promise<void>) {
  const a = (await page.locator(from).boundingBox())!
  const b = (await page.locator(to).boundingBox())!
  const x = a.x + a.width / 2
  const y = a.y + a.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + 4, y + 8, { steps: 2 })
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height / 2, 120), { steps: 12 })
  await beforeDrop?.()
  await page.mouse.up()
}

test.group('browser · kanban', (group) => {
  group.each.timeout(180_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('cards move by mouse, keyboard and touch, and the other user sees each move live', async ({ assert }) => {
    const o = await createTenant()
    const todo = await aKanbanTag(o, 'A fazer')
    const doing = await aKanbanTag(o, 'Em andamento')
    const queue = await aQueue(o, 'Suporte')
    const conn = await aConnection(o)
    const attendant = await createUser(o.company, { name: 'Bia Atendente' } as any)
    await db.table('user_queues').insert({ user_id: attendant.user.id, queue_id: queue.id })
    const ana = await aTicket(o, {
      whatsappId: conn.id,
      queueId: queue.id,
      name: 'Ana Souza',
      lastMessage: 'Preciso de ajuda com o pedido 123',
      unread: 2,
    })
    const bruno = await aTicket(o, { whatsappId: conn.id, queueId: queue.id, name: 'Bruno Lima', tagIds: [todo.id] })
    const other = await aQueue(o, 'Financeiro')
    const hidden = await aTicket(o, { whatsappId: conn.id, queueId: other.id, name: 'Carla Oculta' })

    const admin = await openPage(browser, { width: 1440, height: 900 })
    await signIn(admin.page, o.admin.email, PASSWORD)
    await admin.page.goto('/kanban')
    await card(admin.page, 0, ana.id).waitFor()
    assert.include(await card(admin.page, 0, ana.id).innerText(), 'Preciso de ajuda com o pedido 123')
    await card(admin.page, todo.id, bruno.id).waitFor()
    await card(admin.page, 0, hidden.id).waitFor()
    await screenshot(admin.page, 'kanban-board-wide')

    // the attendant, on a phone with a touch screen, sees only their queue's cards
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      baseURL: BASE_URL,
    })
    const phone = await phoneContext.newPage()
    phone.setDefaultTimeout(20_000)
    const phoneErrors: string[] = []
    phone.on('pageerror', (e) => phoneErrors.push(e.message))
    await signIn(phone, attendant.user.email, PASSWORD)
    assert.notInclude(await menuTexts(phone).catch(() => []), 'Tags do Kanban')
    await phone.goto('/Kanban')
    await card(phone, 0, ana.id).waitFor()
    assert.equal(await phone.locator(`[data-testid=card-${hidden.id}]`).count(), 0)
    await screenshot(phone, 'kanban-board-phone')

    // 1. mouse: Ana from the default lane to "A fazer"; the overlay follows the pointer, the lane lights up
    await mouseDrag(admin.page, `[data-testid=card-${ana.id}]`, `[data-testid=lane-${todo.id}]`, async () => {
      await admin.page.locator('[data-testid=card-overlay]').waitFor()
      await screenshot(admin.page, 'kanban-board-wide-dragging')
    })
    await admin.page.locator('[data-testid=card-overlay]').waitFor({ state: 'detached' })
    await admin.page.getByText('Ticket Tag Adicionado com Sucesso!').first().waitFor()
    await card(admin.page, todo.id, ana.id).waitFor()
    assert.deepEqual(await linksOf(ana.id), [todo.id])
    await card(phone, todo.id, ana.id).waitFor() // live on the other board
    assert.equal(await phone.locator(`[data-testid=lane-0] [data-testid=card-${ana.id}]`).count(), 0)

    // 2. keyboard (dnd-kit's keyboard sensor): Space picks Ana up, → chooses "Em andamento", Space drops
    await card(admin.page, todo.id, ana.id).focus()
    await admin.page.keyboard.press('Space')
    await admin.page.locator('[data-testid=card-overlay]').waitFor()
    // dnd-kit's keyboard sensor listens for the arrows from the task after the pick-up: an arrow
    // pressed before that is lost on a loaded machine
    await admin.page.waitForTimeout(300)
    await admin.page.keyboard.press('ArrowRight')
    // spoken in the user's language by dnd-kit's live region
    await admin.page.getByText('Ticket de Ana Souza sobre a coluna Em andamento.').waitFor({ state: 'attached' })
    await screenshot(admin.page, 'kanban-board-wide-keyboard')
    await admin.page.keyboard.press('Space')
    await admin.page.getByText('Ticket Tag Removido!').first().waitFor()
    await card(admin.page, doing.id, ana.id).waitFor()
    assert.deepEqual(await linksOf(ana.id), [doing.id])
    await card(phone, doing.id, ana.id).waitFor()
    // the focus stays on the moved card, so the keyboard user can go on
    await admin.page.waitForFunction(
      (id) => (globalThis as any).document.activeElement?.getAttribute('data-card-id') === String(id),
      ana.id
    )

    // 3. touch: the attendant long-presses Bruno (dnd-kit's touch sensor waits, so a swipe scrolls the lane)
    //    and drags it from "A fazer" back to the default lane
    const cdp = await phoneContext.newCDPSession(phone)
    const handle = phone.locator(`[data-testid=card-${bruno.id}] [data-drag-handle]`)
    await handle.scrollIntoViewIfNeeded()
    const h = (await handle.boundingBox())!
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
      })
    const y = h.y + h.height / 2
    await touch('touchStart', h.x + h.width / 2, y)
    await phone.waitForTimeout(400) // the press delay
    for (let x = h.x + h.width / 2; x > 40; x -= 15) await touch('touchMove', x, y)
    await phone.locator('[data-testid=card-overlay]').waitFor()
    // held at the edge: the board scrolls the default lane into view
    for (let i = 0; i < 40; i++) await touch('touchMove', 40 + (i % 2), y)
    await screenshot(phone, 'kanban-board-phone-dragging')
    await touch('touchEnd', 40, y)
    await card(phone, 0, bruno.id).waitFor()
    await phone.getByText('Ticket Tag Removido!').first().waitFor()
    assert.deepEqual(await linksOf(bruno.id), [])
    await card(admin.page, 0, bruno.id).waitFor() // and live on the admin's board
    await screenshot(phone, 'kanban-board-phone-after')
    await screenshot(admin.page, 'kanban-board-wide-after')

    // the counts follow
    assert.equal(await admin.page.locator(`[data-testid=lane-count-${doing.id}]`).innerText(), '1')

    // a move the server refuses puts the card back where it was
    let refused!: () => void
    const wasRefused = new Promise<void>((resolve) => (refused = resolve))
    await admin.page.route('**/ticket/kanban/*/move', async (route) => {
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"ERR_INTERNAL"}' })
      refused()
    })
    await card(admin.page, 0, hidden.id).focus()
    await admin.page.keyboard.press('Space')
    await admin.page.locator('[data-testid=card-overlay]').waitFor()
    await admin.page.waitForTimeout(300)
    await admin.page.keyboard.press('ArrowRight')
    await admin.page.getByText('Ticket de Carla Oculta sobre a coluna A fazer.').waitFor({ state: 'attached' })
    await admin.page.keyboard.press('Space')
    await wasRefused
    await card(admin.page, 0, hidden.id).waitFor()
    assert.equal(await admin.page.locator(`[data-testid=lane-${todo.id}] [data-testid=card-${hidden.id}]`).count(), 0)
    assert.equal(await admin.page.locator(`[data-testid=lane-count-${todo.id}]`).innerText(), '0')
    assert.deepEqual(await linksOf(hidden.id), [])
    await admin.page.unroute('**/ticket/kanban/*/move')
    assert.deepEqual(admin.errors, [])
    assert.deepEqual(phoneErrors, [])
    await phoneContext.close()
    await admin.context.close()
  })

  test('kanban tags screen: create a lane, order lanes by drag; attendants are kept out', async ({ assert }) => {
    const o = await createTenant()
    const first = await aKanbanTag(o, 'Triagem')
    const second = await aKanbanTag(o, 'Resolvido')
    await aTicket(o, { name: 'Dora', tagIds: [first.id] })

    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, o.admin.email, PASSWORD)
    assert.includeMembers(await menuTexts(page), ['Kanban', 'Tags do Kanban'])
    await page.goto('/tagsKanban')
    await page.locator(`[data-testid=lane-row-${first.id}]`).waitFor()
    assert.include(await page.locator(`[data-testid=lane-row-${first.id}]`).innerText(), '1')

    await page.click('[data-testid=add-lane]')
    await page.fill('input[name=name]', 'Aguardando cliente')
    await page.click('button[type=submit]')
    await page.getByText('Tag salva com sucesso!').first().waitFor()
    const created = await db.from('tags').where({ company_id: o.company.id, name: 'Aguardando cliente' }).firstOrFail()
    assert.equal(created.kanban, 1)
    await page.locator(`[data-testid=lane-row-${created.id}]`).waitFor()

    // drag the new lane (last) onto the first place (@dnd-kit/sortable)
    await mouseDrag(page, `[data-testid=lane-row-${created.id}]`, `[data-testid=lane-row-${first.id}]`, async () => {
      await page.locator('[data-testid=lane-row-overlay]').waitFor()
      await screenshot(page, 'kanban-tags-wide-dragging')
    })
    await page.getByText('Ordem das colunas salva.').first().waitFor()
    const order = async () =>
      (await db.from('kanban_lane_positions').where('company_id', o.company.id).orderBy('position')).map(
        (r) => r.tag_id
      )
    assert.deepEqual(await order(), [created.id, first.id, second.id])
    // and from the keyboard: Alt+↓ moves it back down one place
    await page.locator(`[data-testid=lane-row-${created.id}]`).focus()
    await page.keyboard.press('Alt+ArrowDown')
    await page
      .locator('[data-lane-row]')
      .nth(1)
      .and(page.locator(`[data-lane-row="${created.id}"]`))
      .waitFor()
    const expected = JSON.stringify([first.id, created.id, second.id])
    await waitFor(async () => JSON.stringify(await order()) === expected)
    // dnd-kit's sortable keyboard: Space picks it up, ↓ one place, Space drops; then Alt+↑ puts it back
    await page.locator(`[data-testid=lane-row-${created.id}]`).focus()
    await page.keyboard.press('Space')
    await page.locator('[data-testid=lane-row-overlay]').waitFor()
    await page.waitForTimeout(300) // the sensor's arrow listener comes a task after the pick-up
    await page.keyboard.press('ArrowDown')
    await page.getByText('Tag Aguardando cliente na posição 3 de 3.').waitFor({ state: 'attached' })
    await page.keyboard.press('Space')
    const last = JSON.stringify([first.id, second.id, created.id])
    await waitFor(async () => JSON.stringify(await order()) === last)
    await page
      .locator('[data-lane-row]')
      .nth(2)
      .and(page.locator(`[data-lane-row="${created.id}"]`))
      .waitFor()
    await page.locator(`[data-testid=lane-row-${created.id}]`).focus()
    await page.keyboard.press('Alt+ArrowUp')
    await waitFor(async () => JSON.stringify(await order()) === expected)
    await screenshot(page, 'kanban-tags-wide')

    // the board follows the stored order
    await page.goto('/Kanban')
    await page.locator(`[data-testid=lane-${second.id}]`).waitFor()
    const lanes = await page
      .locator('[data-drop-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-drop-id')))
    assert.deepEqual(lanes, ['0', String(first.id), String(created.id), String(second.id)])

    const phone = await openPage(browser, { width: 390, height: 844 })
    await signIn(phone.page, o.admin.email, PASSWORD)
    await phone.page.goto('/TagsKanban')
    await phone.page.locator(`[data-testid=lane-row-${second.id}]`).waitFor()
    await screenshot(phone.page, 'kanban-tags-phone')
    // picked up and moved, then Esc: nothing is stored
    await phone.page.locator(`[data-testid=lane-row-${first.id}]`).focus()
    await phone.page.keyboard.press('Space')
    await phone.page.locator('[data-testid=lane-row-overlay]').waitFor()
    await phone.page.keyboard.press('ArrowDown')
    await screenshot(phone.page, 'kanban-tags-phone-dragging')
    await phone.page.keyboard.press('Escape')
    await phone.page.locator('[data-testid=lane-row-overlay]').waitFor({ state: 'detached' })
    assert.deepEqual(await order(), [first.id, created.id, second.id])

    // an attendant without the dashboard permission is told so
    const attendant = await createUser(o.company)
    const a = await openPage(browser, { width: 1440, height: 900 })
    await signIn(a.page, attendant.user.email, PASSWORD)
    await a.page.goto('/TagsKanban')
    await a.page.locator('[data-testid=access-denied]').waitFor()
    assert.equal(await a.page.locator('[data-testid=add-lane]').count(), 0)
    assert.deepEqual(errors, [])
    await Promise.all([context.close(), phone.context.close(), a.context.close()])
  })
})
