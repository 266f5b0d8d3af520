import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD, createTenant, createUser } from '#tests/helpers/world'
import { seedTicket } from '#modules/inbox/tests/fixtures'
import { aChat } from '#modules/chats/tests/fixtures'
import { BASE_URL, launchBrowser, openPage, screenshot, signIn } from './support.js'

const DESKTOP = { width: 1440, height: 900 }
const PHONE = { width: 390, height: 844 }

/** records the desktop notifications the page shows (permission granted, the real ones replaced) */
const RECORD_NOTIFICATIONS = () => {
  const shown: { title: string; body?: string }[] = []
  ;(globalThis as any).__notifications = shown
  class Recorded {
    static permission = 'granted'
    static requestPermission = async () => 'granted'
    onclick: (() => void) | null = null
    constructor(title: string, options?: { body?: string }) {
      shown.push({ title, body: options?.body })
    }
    close() {}
  }
  ;(globalThis as any).Notification = Recorded
}

/** a choice of the user picker (a multiselect: its options are menuitemcheckbox) */
const pick = (page: Page, name: string) =>
  page.locator('[role=menuitemcheckbox], [role=option]', { hasText: name }).click()

const notifications = (page: Page) =>
  page.evaluate(() => (globalThis as any).__notifications as { title: string; body?: string }[])

test.group('browser · internal chat', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('two users chat live: create, mention, unread badges, notification, reply, narrow tabs', async ({ assert }) => {
    const { admin, company } = await createTenant()
    const bruno = await createUser(company, { name: 'Bruno Lima' })
    await createUser(company, { name: 'Carla Dias' })

    const ana = await openPage(browser, DESKTOP)
    await signIn(ana.page, admin.email, PASSWORD)
    const phone = await openPage(browser, PHONE)
    await phone.context.addInitScript(RECORD_NOTIFICATIONS)
    await signIn(phone.page, bruno.user.email, PASSWORD)
    await phone.page.goto('/chats')
    await phone.page.locator('[data-testid=tab-chats]').waitFor()

    // the admin opens the screen from the menu and creates a chat: save waits for a title and a user
    await ana.page.locator('[data-testid=side-menu] a', { hasText: 'Chat interno' }).click()
    await ana.page.waitForURL(`${BASE_URL}/chats`)
    await ana.page.click('[data-testid=add-chat]')
    const save = ana.page.locator('[data-testid=save-chat]')
    assert.isTrue(await save.isDisabled())
    await ana.page.fill('input[name=title]', 'Plantão de sábado')
    assert.isTrue(await save.isDisabled())
    await ana.page.locator('[role=dialog] [role=combobox]').click()
    await pick(ana.page, 'Bruno Lima')
    await ana.page.keyboard.press('Escape')
    await screenshot(ana.page, 'chats-new-dialog')
    assert.isFalse(await save.isDisabled())
    await save.click()
    await ana.page.locator('[data-testid=chat-title]', { hasText: 'Plantão de sábado' }).waitFor()
    const chat = await db.from('chats').where({ company_id: company.id, title: 'Plantão de sábado' }).firstOrFail()
    await ana.page.waitForURL(`${BASE_URL}/chats/${chat.uuid}`)
    // the owner sees edit and delete
    await ana.page.locator('[data-testid=edit-chat]').waitFor()

    // bruno's list got the chat live
    await phone.page.locator(`[data-testid=chat-item-${chat.id}]`).waitFor()

    // the admin writes with a mention; Enter sends
    const input = ana.page.locator('[data-testid=chat-input]')
    await input.fill('Bom dia @Bruno Lima, você cobre o plantão?')
    await input.press('Enter')
    await ana.page.locator('[data-testid^=chat-message-][data-mine=true]', { hasText: 'você cobre' }).waitFor()
    assert.equal(await input.inputValue(), '')

    // bruno: unread badge in his list and in the top bar, a notification (he is not in that chat)
    await phone.page
      .locator(`[data-testid=chat-item-${chat.id}] [data-testid=chat-unreads]`, { hasText: '1' })
      .waitFor()
    await phone.page.locator('[data-testid=chats]').filter({ hasText: '1' }).waitFor()
    await phone.page.waitForFunction(() => ((globalThis as any).__notifications ?? []).length > 0)
    const shown = await notifications(phone.page)
    assert.include(shown[0].title, 'Plantão de sábado')
    assert.include(shown[0].body, 'Bom dia @Bruno Lima')
    await screenshot(phone.page, 'chats-phone-list-unread')

    // he opens it from the top-bar popover: the Messages tab, the mention highlighted, the badge cleared
    await phone.page.click('[data-testid=chats]')
    await phone.page.click(`[data-testid=chats-popover-${chat.id}]`)
    await phone.page.waitForURL(`${BASE_URL}/chats/${chat.uuid}`)
    const mention = phone.page.locator('[data-testid=mention]', { hasText: '@Bruno Lima' })
    await mention.waitFor()
    await phone.page.keyboard.press('Escape')
    // the top bar's badge goes once the chat is read
    await phone.page.waitForFunction(
      () => !((globalThis as any).document.querySelector('[data-testid=chats]')?.textContent ?? '').includes('1')
    )
    const unread = await db.from('chat_users').where({ chat_id: chat.id, user_id: bruno.user.id }).firstOrFail()
    assert.equal(unread.unreads, 0)
    await screenshot(phone.page, 'chats-phone-messages')

    // he answers; the admin sees it live on the left, with his name, and "typing" before it
    const reply = phone.page.locator('[data-testid=chat-input]')
    await reply.click()
    await reply.pressSequentially('Cubro sim')
    await ana.page.locator('[data-testid=chat-typing]', { hasText: 'Bruno Lima' }).waitFor()
    await reply.press('Enter')
    const received = ana.page.locator('[data-testid^=chat-message-][data-mine=false]', { hasText: 'Cubro sim' })
    await received.waitFor()
    assert.include(await received.innerText(), 'Bruno Lima')
    await phone.page.locator('[data-testid^=chat-message-][data-mine=true]', { hasText: 'Cubro sim' }).waitFor()
    // the admin is looking at the chat: it stays read
    await ana.page.waitForTimeout(1000)
    const adminRow = await db.from('chat_users').where({ chat_id: chat.id, user_id: admin.id }).firstOrFail()
    assert.equal(adminRow.unreads, 0)
    // the admin corrects his message: bruno sees the new text live, and the earlier one on demand
    await ana.page
      .locator('[data-testid^=chat-message-][data-mine=true]', { hasText: 'você cobre' })
      .locator('[data-testid=edit-message]')
      .click()
    await ana.page.locator('[data-testid=chat-typing]', { hasText: 'Editando mensagem' }).waitFor()
    assert.equal(await input.inputValue(), 'Bom dia @Bruno Lima, você cobre o plantão?')
    await input.fill('Bom dia @Bruno Lima, você cobre o plantão de sábado?')
    await input.press('Enter')
    const editedOnPhone = phone.page.locator('[data-testid^=chat-message-]', { hasText: 'plantão de sábado?' })
    await editedOnPhone.waitFor()
    await editedOnPhone.locator('[data-testid=message-edited]').click()
    await phone.page.locator('[data-testid=message-version]', { hasText: 'você cobre o plantão?' }).waitFor()
    await screenshot(phone.page, 'chats-phone-edit-history')
    await phone.page.keyboard.press('Escape')
    await screenshot(ana.page, 'chats-desktop-conversation')

    // bruno is not the owner: no edit or delete; the Chats tab holds the list
    assert.equal(await phone.page.locator('[data-testid=edit-chat]').count(), 0)
    await phone.page.click('[data-testid=tab-chats]')
    await phone.page.locator(`[data-testid=chat-item-${chat.id}]`).waitFor()
    await screenshot(phone.page, 'chats-phone-tabs')

    // he mutes it: a plain message only counts as unread, a mention still calls
    await phone.page.click(`[data-testid=chat-item-${chat.id}]`)
    await phone.page.click('[data-testid=mute-chat]')
    await phone.page.locator('[data-testid=mute-chat][aria-pressed=true]').waitFor()
    await phone.page.goto('/chats')
    await phone.page.locator(`[data-testid=chat-item-${chat.id}]`).waitFor()
    await input.fill('Sem menção')
    await input.press('Enter')
    await phone.page.locator(`[data-testid=chat-item-${chat.id}]`, { hasText: 'Sem menção' }).waitFor()
    await phone.page.waitForTimeout(500)
    assert.lengthOf(await notifications(phone.page), 0)
    await input.fill('@Bruno Lima urgente')
    await input.press('Enter')
    await phone.page.waitForFunction(() => ((globalThis as any).__notifications ?? []).length > 0)
    assert.include((await notifications(phone.page))[0].title, '@ Plantão de sábado')

    // the owner removes bruno: his screen lets the chat go at once
    await phone.page.click(`[data-testid=chat-item-${chat.id}]`)
    await ana.page.click('[data-testid=edit-chat]')
    await ana.page.locator('[role=dialog] [role=combobox]').click()
    await pick(ana.page, 'Carla Dias')
    await pick(ana.page, 'Bruno Lima')
    await ana.page.keyboard.press('Escape')
    await ana.page.click('[data-testid=save-chat]')
    await ana.page.locator('[role=dialog]').waitFor({ state: 'detached' })
    await phone.page.waitForURL(`${BASE_URL}/chats`)
    await phone.page.locator(`[data-testid=chat-item-${chat.id}]`).waitFor({ state: 'detached' })
    await input.fill('Só entre nós agora')
    await input.press('Enter')
    await ana.page.locator('[data-testid^=chat-message-]', { hasText: 'Só entre nós' }).waitFor()
    await phone.page.waitForTimeout(800)
    assert.notInclude(await phone.page.content(), 'Só entre nós')
    assert.deepEqual(ana.errors, [])
    assert.deepEqual(phone.errors, [])
    await ana.context.close()
    await phone.context.close()
  })

  test('the screen at 1440x900 and 390x844 with a longer history', async () => {
    const { admin, company } = await createTenant()
    const bruno = await createUser(company, { name: 'Bruno Lima' })
    const created = await db
      .table('chats')
      .insert({ company_id: company.id, uuid: crypto.randomUUID(), title: 'Equipe de suporte', owner_id: admin.id })
      .returning('*')
    const chat = created[0]
    await db.table('chat_users').multiInsert([
      { company_id: company.id, chat_id: chat.id, user_id: admin.id, unreads: 0 },
      { company_id: company.id, chat_id: chat.id, user_id: bruno.user.id, unreads: 3 },
    ])
    const lines = Array.from({ length: 45 }, (_, i) => ({
      company_id: company.id,
      chat_id: chat.id,
      sender_id: i % 3 ? admin.id : bruno.user.id,
      message: i % 7 === 1 ? `@Bruno Lima veja a mensagem ${i + 1}` : `Mensagem número ${i + 1} da equipe`,
      mentions: i % 7 === 1 ? [bruno.user.id] : [],
      created_at: new Date(Date.now() - (45 - i) * 60_000),
    }))
    await db.table('chat_messages').multiInsert(lines)
    await db
      .from('chats')
      .where('id', chat.id)
      .update({ last_message: lines.at(-1)!.message })

    for (const [size, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, context } = await openPage(browser, size)
      await signIn(page, bruno.user.email, PASSWORD)
      await page.goto(`/chats/${chat.uuid}`)
      await page.locator('[data-testid^=chat-message-]', { hasText: 'Mensagem número 45' }).waitFor()
      // older pages come when scrolled near the top, one page per approach
      const first = page.locator('[data-testid^=chat-message-]', { hasText: 'Mensagem número 1 da equipe' })
      for (let i = 0; i < 10 && !(await first.count()); i++) {
        await page.locator('[data-testid=chat-messages]').evaluate((el) => (el.scrollTop = 0))
        await page.waitForTimeout(400)
      }
      await first.waitFor()
      await page.locator('[data-testid=chat-messages]').evaluate((el) => (el.scrollTop = el.scrollHeight))
      await screenshot(page, `chats-history-${name}`)
      await context.close()
    }
  })

  test('share this ticket: from the ticket workspace into a chat; the link opens the ticket', async ({ assert }) => {
    const t = await createTenant()
    const bruno = await createUser(t.company, { name: 'Bruno Lima' })
    const chat = await aChat(t.company.id, t.admin.id, [bruno.user.id], 'Supervisão')
    const ticket = await seedTicket(t, 'open', t.admin.id)

    for (const [size, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, context } = await openPage(browser, size)
      await signIn(page, t.admin.email, PASSWORD)
      await page.goto(`/tickets/${ticket.ticketUuid}`)
      await page.click('[data-testid=ticket-more]')
      await page.click('[data-testid=action-share]')
      const dialog = page.locator('[role=dialog]')
      await dialog.locator('label', { hasText: 'Supervisão' }).click()
      await dialog.locator('textarea').fill(`Olhem este (${name})`)
      await screenshot(page, `chats-share-ticket-${name}`)
      await dialog.locator('button[type=submit]').click()
      await page.locator('[data-testid=toast-success]', { hasText: 'Ticket compartilhado em Supervisão.' }).waitFor()
      await context.close()
    }
    const rows = await db.from('chat_messages').where('chat_id', chat.id).orderBy('id')
    assert.deepEqual(
      rows.map((r) => [r.message, r.ticket_id]),
      [
        ['Olhem este (desktop)', ticket.ticketId],
        ['Olhem este (phone)', ticket.ticketId],
      ]
    )

    // in the chat the admin sees the link with the contact, and it opens the ticket
    const { page } = await openPage(browser, DESKTOP)
    await signIn(page, t.admin.email, PASSWORD)
    await page.goto(`/chats/${chat.uuid}`)
    const link = page.locator('[data-testid=shared-ticket]').first()
    await link.waitFor()
    assert.include(await link.innerText(), `Ticket #${ticket.ticketId}`)
    assert.include(await link.innerText(), `Contact ${ticket.marker}`)
    await screenshot(page, 'chats-shared-ticket-link')
    await link.click()
    await page.waitForURL(`${BASE_URL}/tickets/${ticket.ticketUuid}`)
    await page.locator('[data-testid=ticket-actions]').waitFor()
  })
})
