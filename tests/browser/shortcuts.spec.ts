/**
 * Keyboard shortcuts and the command palette (issue #24 item 2) in real
 * Chromium, driven by the keyboard only: Ctrl+K finds a page and a ticket,
 * Alt+J / Alt+K walk the list, Alt+A accepts, Alt+E resolves, Esc closes the
 * chat and the dialogs, `?` shows the cheat sheet, nothing fires while typing;
 * on a phone the top bar's button opens a full-width palette.
 */
import { test } from '@japa/runner'
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD } from '#tests/helpers/world'
import { agent, inboxWorld, ingest, message, rand, startWorkers, waitFor, type InboxWorld } from '#tests/helpers/inbox'
import { launchBrowser, openPage, signIn } from './support.js'

// screenshots for the reviewer, outside the repository
const SHOTS = process.env.SHORTCUT_SHOTS ?? '/tmp/helper/shortcuts'

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.waitForTimeout(400)
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

/** A ticket made by an inbound message, moved to the world's queue and to `status` for `userId`. */
async function ticket(world: InboxWorld, status: 'open' | 'pending', userId: number | null) {
  const number = rand()
  await ingest(world, message(world.whatsapp.id, number, `Oi ${number}`))
  const row = await waitFor(async () =>
    db
      .from('tickets')
      .join('contacts', 'contacts.id', 'tickets.contact_id')
      .where('tickets.company_id', world.company.id)
      .where('contacts.number', number)
      .select('tickets.*')
      .first()
  )
  await db.from('tickets').where('id', row.id).update({ status, user_id: userId, queue_id: world.queue.id })
  return { id: row.id as number, uuid: row.uuid as string, name: `Contact ${number}`, number }
}

const pathOf = (page: Page) => new URL(page.url()).pathname

async function palette(page: Page, text: string, item: string) {
  await page.keyboard.press('Control+k')
  const input = page.locator('[data-testid=palette-input]')
  await input.waitFor()
  await input.fill(text)
  await page.locator(`[data-testid=palette-option][data-item="${item}"]`).waitFor()
}

test.group('browser · keyboard shortcuts and command palette', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  group.setup(async () => {
    await startWorkers()
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('palette, list navigation, accept, resolve, Esc and the cheat sheet', async ({ assert }) => {
    const world = await inboxWorld()
    const a = await agent(world)
    const first = await ticket(world, 'open', a.user.id)
    const second = await ticket(world, 'open', a.user.id)
    const waiting = await ticket(world, 'pending', null)

    const { page, context, errors } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, a.user.email, PASSWORD)
    await page.goto('/tickets')
    await page.locator('[data-testid=ticket-list-open] [data-testid=ticket-card]').nth(1).waitFor()

    // Ctrl+K finds a page (accents and case do not matter) and opens it with Enter
    await palette(page, 'contat', 'page:/contacts')
    await shot(page, 'palette-1440')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/contacts')
    await page.locator('[data-testid=command-palette]').waitFor({ state: 'detached' })

    // ... and a ticket by its contact's number (the server's search), opened from the keyboard
    await palette(page, first.number, `ticket:${first.id}`)
    await page
      .locator(
        `[data-testid=palette-option][data-item="contact:${(await db.from('tickets').where('id', first.id).first()).contact_id}"]`
      )
      .waitFor()
    await shot(page, 'palette-ticket-1440')
    const active = await page.locator('[data-testid=palette-input]').getAttribute('aria-activedescendant')
    assert.equal(await page.locator(`[id="${active}"]`).getAttribute('data-item'), `ticket:${first.id}`)
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/tickets/${first.uuid}`)
    await page.locator('[data-testid=command-palette]').waitFor({ state: 'detached' })
    await page.locator(`[data-testid=chat-page][data-ticket-id="${first.id}"]`).waitFor()

    // Alt+J / Alt+K: the other open ticket and back (newest first: `second` is above `first`)
    const order = await page.locator('[data-testid=ticket-list-open] [data-testid=ticket-card]').allInnerTexts()
    const firstAt = order.findIndex((x) => x.includes(first.name))
    const secondAt = order.findIndex((x) => x.includes(second.name))
    assert.isAbove(firstAt, -1)
    assert.isAbove(secondAt, -1)
    await page.keyboard.press(secondAt > firstAt ? 'Alt+j' : 'Alt+k')
    await page.waitForURL(`**/tickets/${second.uuid}`)
    await page.locator(`[data-testid=chat-page][data-ticket-id="${second.id}"]`).waitFor()
    // opening a ticket marks it read, and that update may reorder the list: the way back is read again
    await page.waitForTimeout(500)
    const now = await page.locator('[data-testid=ticket-list-open] [data-testid=ticket-card]').allInnerTexts()
    const back = now.findIndex((x) => x.includes(first.name)) > now.findIndex((x) => x.includes(second.name))
    await page.keyboard.press(back ? 'Alt+j' : 'Alt+k')
    await page.waitForURL(`**/tickets/${first.uuid}`)

    // never while typing: in the composer Alt+J stays put; Esc leaves the field, the next Esc closes the chat
    await page.locator('[data-testid=chat-page] textarea').first().click()
    await page.keyboard.press('Alt+j')
    await page.keyboard.type('?')
    await page.waitForTimeout(300)
    assert.equal(pathOf(page), `/tickets/${first.uuid}`)
    assert.equal(await page.locator('[data-testid=cheat-sheet]').count(), 0)
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => url.pathname === '/tickets')

    // Alt+A accepts the pending ticket (its queue is known: no dialog)
    await page.goto(`/tickets/${waiting.uuid}`)
    await page.locator('[data-testid=action-accept]').waitFor()
    await page.keyboard.press('Alt+a')
    // enabled: the accept call is over, the ticket's actions (and their keys) are live again
    await page.locator('[data-testid=action-resolve]:not([disabled])').waitFor()
    const accepted = await db.from('tickets').where('id', waiting.id).first()
    assert.equal(accepted.status, 'open')
    assert.equal(accepted.user_id, a.user.id)

    // Alt+E opens the resolve dialog; Esc closes the dialog only (the chat stays)
    await page.keyboard.press('Alt+e')
    await page.locator('[data-testid=resolve-dialog]').waitFor()
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=resolve-dialog]').waitFor({ state: 'detached' })
    assert.equal(pathOf(page), `/tickets/${waiting.uuid}`)
    await page.keyboard.press('Alt+e')
    await page.locator('[data-testid=resolve-silent]:not([disabled])').click()
    await waitFor(async () =>
      (await db.from('tickets').where('id', waiting.id).first()).status === 'closed' ? true : null
    )

    // ? shows the cheat sheet with what works here; Esc closes it
    await page.goto(`/tickets/${second.uuid}`)
    await page.locator('[data-testid=chat-page]').waitFor()
    await page.keyboard.press('?')
    const sheet = page.locator('[data-testid=cheat-sheet]')
    await sheet.waitFor()
    const text = await sheet.innerText()
    for (const label of [
      'Próximo ticket da lista',
      'Resolver o ticket aberto',
      'Fechar a conversa',
      'Respostas rápidas',
    ])
      assert.include(text, label)
    await shot(page, 'cheatsheet-1440')
    // behind an open dialog the page's shortcuts wait
    await page.keyboard.press('Alt+j')
    await page.waitForTimeout(300)
    assert.equal(pathOf(page), `/tickets/${second.uuid}`)
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'detached' })
    assert.equal(pathOf(page), `/tickets/${second.uuid}`)

    // Esc closes the palette and only the palette
    await page.keyboard.press('Control+k')
    await page.locator('[data-testid=command-palette]').waitFor()
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=command-palette]').waitFor({ state: 'detached' })
    assert.equal(pathOf(page), `/tickets/${second.uuid}`)

    // the arrows reach a contact; Enter opens the contacts page searching for it
    await palette(page, second.number, `ticket:${second.id}`)
    await page.locator('[data-testid=palette-option][data-item^="contact:"]').waitFor()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/contacts' && url.searchParams.get('search') === second.number)
    await page.locator('tr', { hasText: second.name }).waitFor()

    assert.deepEqual(errors, [])
    await context.close()
  })

  test('a phone opens the palette from the top bar, full width; the cheat sheet fits', async ({ assert }) => {
    const world = await inboxWorld()
    const a = await agent(world)
    const { page, context, errors } = await openPage(browser, { width: 390, height: 844 })
    await signIn(page, a.user.email, PASSWORD)
    await page.locator('[data-testid=palette-button]').click()
    const surface = page.locator('[data-testid=command-palette]')
    await surface.waitFor()
    await page.locator('[data-testid=palette-input]').fill('atend')
    await page.locator('[data-testid=palette-option][data-item="page:/tickets"]').waitFor()
    await page.waitForTimeout(400) // the entrance animation scales the surface
    const box = (await surface.boundingBox())!
    assert.isAtMost(Math.abs(box.width - 390), 1)
    await shot(page, 'palette-390')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/tickets')
    // the palette leaves with an animation; its text box keeps the focus until then
    await surface.waitFor({ state: 'detached' })
    await page.keyboard.press('?')
    await page.locator('[data-testid=cheat-sheet]').waitFor()
    const sheet = (await page.locator('[data-testid=cheat-sheet]').boundingBox())!
    assert.isAtMost(sheet.width, 390)
    await shot(page, 'cheatsheet-390')
    assert.deepEqual(errors, [])
    await context.close()
  })
})
