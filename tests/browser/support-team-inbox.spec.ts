/**
 * Issue #15 ("What a support team sees"), the inbox, connections and queues
 * screens, in Chromium at 1440×900 and 390×844: translated send failures, one
 * ⋮ menu in the chat header, the message chevron beside the text, images that
 * keep the chat at its end once loaded, short note dates, ticket cards without
 * WhatsApp markup, one toast for a deletion, a queue for tickets opened from
 * the contacts page, the quick replies' general flag, option lists asked only
 * of enabled modules, server field errors on their field and tab, and the QR
 * dialog and health panel after a session gave up.
 */
import { deflateSync, crc32 } from 'node:zlib'
import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { storage } from '#core/storage'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { connectionEvents } from '#modules/connections/services/connection_events'
import { present } from '#modules/connections/services/connection_presenter'
import { PASSWORD, createTenant, createUser, setPlanFlags, uid } from '#tests/helpers/world'
import type { PlanFlag } from '#core/module'
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
  waitProcessed,
  type InboxWorld,
} from '#tests/helpers/inbox'
import { fakeWhatsAppEachTest } from './fake_whatsapp.js'
import { BASE_URL, launchBrowser, openPage, screenshot, signIn } from './support.js'

const DESKTOP = { width: 1440, height: 900 }
const PHONE = { width: 390, height: 844 }

/** A solid-colour PNG of the given size (big enough to change the chat's height once loaded). */
function png(width: number, height: number, rgb: [number, number, number] = [37, 99, 235]) {
  const row = Buffer.alloc(1 + width * 3)
  for (let i = 0; i < width; i++) row.set(rgb, 1 + i * 3)
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // truecolour
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function apiCall(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { 'Accept': 'application/json', 'Content-Type': 'application/json', 'Authorization': `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

/** An open ticket of an API-channel contact, assigned to the admin, with `history` older messages. */
async function openTicket(w: InboxWorld, first: string, history = 0) {
  const number = rand()
  await ingest(w, message(w.whatsapp.id, number, first))
  await waitProcessed(w.company.id)
  const ticket = await db.from('tickets').where({ company_id: w.company.id }).orderBy('id', 'desc').firstOrFail()
  await apiCall(w.adminToken, 'PUT', `/tickets/${ticket.id}`, {
    status: 'open',
    userId: w.admin.id,
    queueId: w.queue.id,
  })
  if (history) {
    const start = Date.now() - 2 * 3600_000
    await db.table('messages').multiInsert(
      Array.from({ length: history }, (_, i) => ({
        company_id: w.company.id,
        ticket_id: ticket.id,
        contact_id: ticket.contact_id,
        whatsapp_id: w.whatsapp.id,
        queue_id: w.queue.id,
        wid: `hist-${uid()}-${i}`,
        body: `Mensagem anterior ${i}`,
        from_me: i % 2 === 0,
        ack: 3,
        read: true,
        created_at: new Date(start + i * 60_000),
        updated_at: new Date(start + i * 60_000),
      }))
    )
  }
  return { ticket: ticket as { id: number; uuid: string; contact_id: number }, number, name: `Contact ${number}` }
}

async function openChat(page: Page, uuid: string) {
  await page.goto(`/tickets/${uuid}`)
  await page.locator('[data-testid=chat-page]').waitFor()
  await page.locator('[data-testid=message]').first().waitFor()
  // let the realtime subscriptions settle
  await page.waitForTimeout(1000)
}

/** How far the message list is from its end, in pixels. */
const distanceToEnd = (page: Page) =>
  page
    .locator('[data-testid=message-list]')
    .evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight))

/** Waits until the newest image of the chat has loaded, and a frame after it. */
async function lastImageLoaded(page: Page) {
  await page.waitForFunction(() => {
    const imgs = (globalThis as any).document.querySelectorAll('[data-testid=message] img')
    const img = imgs[imgs.length - 1]
    return img && img.complete && img.naturalHeight > 0
  })
  await page.waitForTimeout(300)
}

/** Media answers held back, as over a slow network: images load after their message is in the list. */
async function slowMedia(page: Page, ms = 900) {
  await page.route('**/media/**', async (route) => {
    await new Promise((r) => setTimeout(r, ms))
    await route.continue()
  })
}

test.group('browser · #15 inbox chat and workspace', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  group.setup(async () => {
    await startWorkers()
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('chat: failed send translated, one ⋮ menu, chevron beside the text, short note dates, images keep the end', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    const { ticket } = await openTicket(w, 'Olá, preciso de ajuda com meu pedido', 24)
    const long =
      'Bom dia! Gostaria de saber se o pedido número 4521 já foi enviado, pois preciso dele até sexta-feira sem falta.'
    await db.table('messages').insert([
      {
        company_id: w.company.id,
        ticket_id: ticket.id,
        contact_id: ticket.contact_id,
        whatsapp_id: w.whatsapp.id,
        queue_id: w.queue.id,
        wid: `long-${uid()}`,
        body: long,
        from_me: false,
        ack: 0,
        read: true,
        created_at: new Date(Date.now() - 60_000),
        updated_at: new Date(Date.now() - 60_000),
      },
      // a reply the channel refused: the server keeps the code
      {
        company_id: w.company.id,
        ticket_id: ticket.id,
        contact_id: ticket.contact_id,
        whatsapp_id: w.whatsapp.id,
        queue_id: w.queue.id,
        wid: `failed-${uid()}`,
        body: 'Resposta que não saiu',
        from_me: true,
        user_id: w.admin.id,
        ack: 0,
        read: true,
        send_error: 'ERR_WAPP_NOT_INITIALIZED',
        created_at: new Date(Date.now() - 30_000),
        updated_at: new Date(Date.now() - 30_000),
      },
    ])

    const { page, context, errors } = await openPage(browser, DESKTOP)
    await signIn(page, w.admin.email, PASSWORD)
    await slowMedia(page)
    await openChat(page, ticket.uuid)

    // item 6: the failed send says why, in the person's language, never the raw code
    const failed = page.locator('[data-testid=message]', { hasText: 'Resposta que não saiu' })
    const label = await failed.locator('[data-testid=send-error]').getAttribute('aria-label')
    assert.equal(label, 'Falha no envio: Esta conexão não foi inicializada.')
    await failed.locator('[data-testid=send-error]').hover()
    await page.getByRole('tooltip').getByText('Esta conexão não foi inicializada.', { exact: false }).waitFor()
    assert.notInclude(await page.locator('[data-testid=chat-page]').innerText(), 'ERR_WAPP_NOT_INITIALIZED')

    // item 22: one ⋮ in the header, holding the chat's entries and the ticket's
    assert.equal(await page.locator('[data-testid=chat-page] [data-testid=ticket-more]').count(), 1)
    assert.equal(await page.locator('[data-testid=chat-more]').count(), 0)
    await page.click('[data-testid=ticket-more]')
    for (const item of [
      'Selecionar mensagens para encaminhar',
      'Enviar contato',
      'Exportar PDF',
      'Transferir',
      'Histórico',
    ])
      await page.getByRole('menuitem', { name: item }).waitFor()
    await page.click('[data-testid=ticket-more]')
    await page.getByRole('menu').waitFor({ state: 'detached' })

    // item 29: the message menu's chevron never covers the text
    const bubble = page.locator('[data-testid=message]', { hasText: 'pedido número 4521' })
    await bubble.hover()
    const overlaps = await bubble.evaluate((msg) => {
      const doc = (globalThis as any).document
      const btn = msg.querySelector('[data-testid=message-menu]').getBoundingClientRect()
      const walker = doc.createTreeWalker(msg, 4 /* text nodes */)
      const hits: string[] = []
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const range = doc.createRange()
        range.selectNodeContents(n)
        for (const r of Array.from(range.getClientRects()) as any[]) {
          if (r.right > btn.left && r.left < btn.right && r.bottom > btn.top && r.top < btn.bottom)
            hits.push(n.textContent)
        }
      }
      return hits
    })
    assert.deepEqual(overlaps, [])
    await screenshot(page, 'support-chat-desktop')

    // item 12: a sent image, loading late, leaves the chat at its end
    assert.isBelow(await distanceToEnd(page), 5)
    await page.setInputFiles('[data-testid=file-input]', {
      name: 'produto.png',
      mimeType: 'image/png',
      buffer: png(240, 320),
    })
    await page.locator('[data-testid=media-preview-item]').waitFor()
    await page.locator('[data-testid=media-preview] textarea').fill('Foto do produto')
    await page.click('[data-testid=media-send]')
    await page.locator('[data-testid=message]', { hasText: 'Foto do produto' }).locator('img').waitFor()
    await lastImageLoaded(page)
    assert.isBelow(await distanceToEnd(page), 5)

    // … and so does a received one
    const key = `c${w.company.id}/messages/${ticket.id}/${uid()}.png`
    await storage.disk().put(key, png(300, 260, [22, 163, 74]))
    const contact = await db.from('contacts').where('id', ticket.contact_id).firstOrFail()
    const before = await page.locator('[data-testid=message] img').count()
    await ingest(w, message(w.whatsapp.id, contact.number, '', { mediaType: 'image', mediaUrl: key } as any))
    await page.waitForFunction(
      (n) => (globalThis as any).document.querySelectorAll('[data-testid=message] img').length > n,
      before
    )
    await lastImageLoaded(page)
    assert.isBelow(await distanceToEnd(page), 5)

    // item 26: note dates DD/MM/YY HH:mm (spec 1 §9)
    await page.click('[data-testid=chat-header]')
    await page.fill('textarea[name=note]', 'Cliente prefere contato à tarde')
    await page.click('[data-testid=add-note]')
    const date = await page
      .locator('[data-testid=note]', { hasText: 'à tarde' })
      .locator('[data-testid=note-date]')
      .innerText()
    assert.match(date, /^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/)
    await page.click('[data-testid=close-drawer]')
    assert.deepEqual(errors, [])
    await context.close()

    // a phone: the one ⋮ stays on the header's row, beside the ticket's buttons
    const phone = await openPage(browser, PHONE)
    await signIn(phone.page, w.admin.email, PASSWORD)
    await openChat(phone.page, ticket.uuid)
    assert.equal(await phone.page.locator('[data-testid=ticket-more]').count(), 1)
    const more = await phone.page.locator('[data-testid=ticket-more]').boundingBox()
    const resolve = await phone.page.locator('[data-testid=action-resolve]').boundingBox()
    assert.isBelow(Math.abs(more!.y - resolve!.y), 4)
    const header = await phone.page.locator('[data-testid=chat-header]').boundingBox()
    assert.isAtMost(more!.x + more!.width, PHONE.width)
    assert.isAtLeast(header!.width, 150)
    // the input bar fits too: its record button stays on screen
    const mic = await phone.page.getByRole('button', { name: 'Gravar áudio' }).boundingBox()
    assert.isAtMost(mic!.x + mic!.width, PHONE.width)
    await screenshot(phone.page, 'support-chat-phone')
    await phone.context.close()
  })

  test('workspace: cards draw WhatsApp marks, chips fit a phone, deleting a ticket says so once', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    const queue2 = await createQueue(w.company, 'Financeiro, cobrança e segunda via de boletos')
    const number = rand()
    await ingest(w, message(w.whatsapp.id, number, '*Mariana Souza:*\n_Bom dia_, quero saber do meu pedido 4521'))
    await waitProcessed(w.company.id)
    const ticket = await db.from('tickets').where({ company_id: w.company.id }).orderBy('id', 'desc').firstOrFail()
    await db.from('tickets').where('id', ticket.id).update({ queue_id: queue2.id })
    const [tag] = await db
      .table('tags')
      .insert({ company_id: w.company.id, name: 'Cliente recorrente', color: '#7c3aed', kanban: 0 })
      .returning('id')
    await db.table('ticket_tags').insert({ ticket_id: ticket.id, tag_id: tag.id })

    for (const size of [DESKTOP, PHONE]) {
      const { page, context, errors } = await openPage(browser, size)
      await signIn(page, w.admin.email, PASSWORD)
      await page.goto('/tickets')
      await page.click('[data-testid=tab-pending]')
      const card = page.locator(`[data-testid=ticket-card][data-ticket-id="${ticket.id}"]`)
      await card.waitFor()
      // item 23: the preview draws bold and italics, never their marks
      const last = card.locator('[data-testid=ticket-last-message]')
      const text = await last.innerText()
      assert.notInclude(text, '*')
      assert.notInclude(text, '_')
      assert.include(text, 'Mariana Souza:')
      assert.equal(await last.locator('strong').innerText(), 'Mariana Souza:')
      assert.equal(await last.locator('em').innerText(), 'Bom dia')
      // item 24: every chip lies inside the card and none is cut dry: a long name gives way to an ellipsis
      const chips = await card.evaluate((el) => {
        const box = el.getBoundingClientRect()
        return Array.from(el.querySelectorAll('.fui-Badge')).map((b: any) => {
          const r = b.getBoundingClientRect()
          const label = b.querySelector('[data-chip-label]')
          return {
            text: b.textContent,
            inside: r.left >= box.left - 1 && r.right <= box.right + 1 && r.width > 0,
            // content wider than the chip itself is text cut without an ellipsis
            overflows: b.scrollWidth > b.clientWidth + 1,
            labelCut: label ? label.scrollWidth > label.clientWidth + 1 : false,
            ellipsis: label ? (globalThis as any).getComputedStyle(label).textOverflow === 'ellipsis' : false,
            title: label?.getAttribute('title') ?? null,
          }
        })
      })
      assert.isAbove(chips.length, 1)
      for (const c of chips) {
        assert.isTrue(c.inside, `${c.text} lies outside the card`)
        assert.isFalse(c.overflows, `${c.text} is cut without an ellipsis`)
        if (c.labelCut) assert.isTrue(c.ellipsis)
      }
      const queueChip = chips.find((c) => c.title === queue2.name)
      assert.exists(queueChip)
      await screenshot(page, `support-ticket-cards-${size.width}`)
      assert.deepEqual(errors, [])
      await context.close()
    }

    // item 25: deleting a ticket shows one toast
    const { page, context, errors } = await openPage(browser, DESKTOP)
    await signIn(page, w.admin.email, PASSWORD)
    await openChat(page, ticket.uuid)
    await page.click('[data-testid=ticket-more]')
    await page.click('[data-testid=action-delete]')
    await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click()
    await page.waitForURL(/\/tickets\/?$/)
    await waitFor(async () => !(await db.from('tickets').where('id', ticket.id).first()))
    await page.waitForTimeout(1500)
    const toasts = await page.locator('[data-testid^=toast-]').allInnerTexts()
    assert.lengthOf(toasts, 1)
    assert.include(toasts[0], 'Ticket excluído com sucesso.')
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('contacts: a ticket opened from a contact gets a queue (the only one, or the one picked)', async ({
    assert,
  }) => {
    const w = await inboxWorld()
    const queue2 = await createQueue(w.company, 'Vendas')
    const contacts = await db
      .table('contacts')
      .insert([
        { company_id: w.company.id, name: 'Ana Paula Ribeiro', number: rand() },
        { company_id: w.company.id, name: 'Bruno Carvalho', number: rand() },
      ])
      .returning('id')

    // an attendant in one queue: no question, that queue
    const single = await agent(w, [w.queue.id])
    const one = await openPage(browser, DESKTOP)
    await signIn(one.page, single.user.email, PASSWORD)
    await one.page.goto('/contacts')
    await one.page.click(`[data-testid=open-ticket-${contacts[0].id}]`)
    await one.page.click(`[data-testid=open-ticket-${contacts[0].id}-${w.whatsapp.id}]`)
    await one.page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/)
    const first = await db.from('tickets').where({ contact_id: contacts[0].id }).firstOrFail()
    assert.equal(first.queue_id, w.queue.id)
    assert.equal(first.user_id, single.user.id)
    assert.deepEqual(one.errors, [])
    await one.context.close()

    // an attendant in two queues is asked, and the queue is required
    const double = await agent(w, [w.queue.id, queue2.id])
    for (const size of [PHONE, DESKTOP]) {
      const { page, context, errors } = await openPage(browser, size)
      await signIn(page, double.user.email, PASSWORD)
      await page.goto('/contacts')
      const open = page.locator(`[data-testid=open-ticket-${contacts[1].id}]`)
      await open.waitFor()
      await open.click()
      await page.click(`[data-testid=open-ticket-${contacts[1].id}-${w.whatsapp.id}]`)
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Abrir ticket com Bruno Carvalho').waitFor()
      if (size === DESKTOP) {
        await dialog.getByRole('button', { name: 'Abrir ticket' }).click()
        await dialog.getByText('Selecione uma fila').first().waitFor()
        await dialog.getByRole('combobox').click()
        await page.getByRole('option', { name: 'Vendas' }).click()
        await screenshot(page, 'support-contacts-queue-desktop')
        await dialog.getByRole('button', { name: 'Abrir ticket' }).click()
        await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/)
      } else {
        await screenshot(page, 'support-contacts-queue-phone')
        await page.keyboard.press('Escape')
      }
      assert.deepEqual(errors, [])
      await context.close()
    }
    const second = await db.from('tickets').where({ contact_id: contacts[1].id }).firstOrFail()
    assert.equal(second.queue_id, queue2.id)
  })

  test('quick messages: the general flag is the same thing in the dialog and the list', async ({ assert }) => {
    const { admin, company } = await createTenant()
    const other = await createUser(company)
    for (const size of [DESKTOP, PHONE]) {
      const { page, context, errors } = await openPage(browser, size)
      await signIn(page, admin.email, PASSWORD)
      await page.goto('/quick-messages')
      await page.locator('h1', { hasText: 'Respostas rápidas' }).waitFor()
      if (size === DESKTOP) {
        // a reply for the author alone: general off
        await page.click('[data-testid=add-quick-message]')
        await page.fill('input[name=shortcode]', 'rascunho')
        await page.fill('textarea[name=message]', 'Texto que só eu uso.')
        const flag = page.getByRole('dialog').getByRole('switch', { name: 'Geral (visível para todos)' })
        assert.isTrue(await flag.isChecked())
        await flag.click()
        await page.getByRole('dialog').getByText('Só quem a criou vê esta resposta').waitFor()
        await screenshot(page, 'support-quick-message-dialog')
        await page.click('button[type=submit]')
        await page.getByRole('dialog').waitFor({ state: 'detached' })
        // and one for everyone: general on (the default)
        await page.click('[data-testid=add-quick-message]')
        await page.fill('input[name=shortcode]', 'horario')
        await page.fill('textarea[name=message]', 'Atendemos de segunda a sexta, das 8h às 18h.')
        await page.click('button[type=submit]')
        await page.getByRole('dialog').waitFor({ state: 'detached' })
      }
      const mine = await db
        .from('quick_messages')
        .where({ company_id: company.id, shortcode: 'rascunho' })
        .firstOrFail()
      const all = await db.from('quick_messages').where({ company_id: company.id, shortcode: 'horario' }).firstOrFail()
      assert.isFalse(mine.geral)
      assert.isFalse(mine.visao)
      assert.isTrue(all.geral)
      assert.isTrue(all.visao)
      // the column reads what the dialog set
      const privateChip = page.locator(`[data-testid=quick-message-geral-${mine.id}]`)
      await privateChip.waitFor()
      assert.equal(await privateChip.getAttribute('data-geral'), 'false')
      assert.equal(await privateChip.innerText(), 'Só o autor')
      assert.equal(await page.locator(`[data-testid=quick-message-geral-${all.id}]`).innerText(), 'Todos')
      await screenshot(page, `support-quick-messages-${size.width}`)
      // editing shows the same state
      if (size === DESKTOP) {
        await page.click(`[data-testid=edit-quick-message-${mine.id}]`)
        const flag = page.getByRole('dialog').getByRole('switch', { name: 'Geral (visível para todos)' })
        assert.isFalse(await flag.isChecked())
        await page.keyboard.press('Escape')
      }
      assert.deepEqual(errors, [])
      await context.close()
    }

    // another attendant sees the general one only
    const { page, context } = await openPage(browser, DESKTOP)
    await signIn(page, other.user.email, PASSWORD)
    await page.goto('/quick-messages')
    await page.locator('tr', { hasText: '/horario' }).waitFor()
    assert.notInclude(await page.locator('table').innerText(), '/rascunho')
    await context.close()
  })
})

test.group('browser · #15 connections and queues', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })
  const fake = fakeWhatsAppEachTest(group, 'browser-support-team')

  /** Requests of the option lists of the modules this plan lacks (AI prompts, integrations). */
  const moduleNoise = (requests: string[]) => requests.filter((p) => /^\/(queueIntegration|prompt)(\/|$)/.test(p))
  const withoutBots = (company: { planId: number }) =>
    setPlanFlags(company.planId, { useOpenAi: false, useIntegrations: false } as Record<PlanFlag, boolean>)

  test('connection dialog: no calls to modules the plan lacks; a server error marks its field and tab', async ({
    assert,
  }) => {
    const { admin, company } = await createTenant()
    await withoutBots(company)
    const q1 = await createQueue(company, 'Suporte')
    const q2 = await createQueue(company, 'Vendas')
    const row = await tenancy.run(company.id, () =>
      Whatsapp.create({ name: `Loja ${uid()}`, channel: 'whatsapp', status: 'DISCONNECTED' } as any)
    )
    // two queues and no greeting: the server refuses it (ERR_WAPP_GREETING_REQUIRED)
    await db.table('whatsapp_queues').multiInsert([
      { whatsapp_id: row.id, queue_id: q1.id },
      { whatsapp_id: row.id, queue_id: q2.id },
    ])
    for (const size of [DESKTOP, PHONE]) {
      const { page, context, errors, requests } = await openPage(browser, size)
      const consoleErrors: string[] = []
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()))
      await signIn(page, admin.email, PASSWORD)
      await page.goto('/connections')
      await page.click(`[data-testid=edit-connection-${row.id}]`)
      await page.locator('input[name=name]').waitFor()
      await page.click('[data-testid=tab-integrations]')
      await page.waitForTimeout(600)
      await page.click('[data-testid=tab-general]')
      await page.click('button[type=submit]')
      // the dialog stays, on the Messages tab, the greeting marked, and the tab's label too
      await page.locator('[data-testid=tab-messages][aria-selected=true]').waitFor()
      await page.locator('[data-testid=tab-error-messages]').waitFor()
      // said on the field: no toast over the tabs
      assert.equal(await page.locator('[data-testid=toast-error]').count(), 0)
      assert.equal(await page.locator('[data-testid=tab-messages]').getAttribute('data-error'), 'true')
      const greeting = page.locator('textarea[name=greetingMessage]')
      assert.equal(await greeting.getAttribute('aria-invalid'), 'true')
      await page
        .getByRole('dialog')
        .getByText('A mensagem de saudação é obrigatória quando há mais de uma fila.')
        .first()
        .waitFor()
      await screenshot(page, `support-connection-field-error-${size.width}`)
      // typing the greeting clears the marks, and the save goes through
      await greeting.fill('Olá! Escolha o setor: 1 Suporte, 2 Vendas.')
      await page.locator('[data-testid=tab-error-messages]').waitFor({ state: 'detached' })
      if (size === PHONE) {
        await page.click('button[type=submit]')
        await page.getByRole('dialog').waitFor({ state: 'detached' })
        const saved = await tenancy.run(company.id, () => Whatsapp.findOrFail(row.id))
        assert.equal(saved.greetingMessage, 'Olá! Escolha o setor: 1 Suporte, 2 Vendas.')
      } else {
        await page.keyboard.press('Escape')
      }
      // item 8: the manifest was read; the plan has no integrations or prompts, so they were not asked
      assert.include(requests, '/modules')
      assert.deepEqual(moduleNoise(requests), [])
      assert.deepEqual(
        consoleErrors.filter((e) => e.includes('404')),
        []
      )
      assert.deepEqual(errors, [])
      await context.close()
    }
  })

  test('queue dialog: integrations are not asked while the plan lacks them', async ({ assert }) => {
    const { admin, company } = await createTenant()
    await withoutBots(company)
    const greeting = 'Olá! Bem-vindo ao suporte da Padaria Central. Escolha uma opção.'
    await db.table('queues').insert({
      company_id: company.id,
      name: 'Suporte',
      color: '#1e88e5',
      greeting_message: greeting,
      schedules: JSON.stringify([]),
    })
    // a phone reads the queue's greeting, not 'O…'
    const phone = await openPage(browser, PHONE)
    await signIn(phone.page, admin.email, PASSWORD)
    await phone.page.goto('/queues')
    await phone.page.getByText(greeting.slice(0, 40), { exact: false }).waitFor()
    const shown = await phone.page
      .getByText(greeting.slice(0, 40), { exact: false })
      .first()
      .evaluate((el) => ({
        cut: el.scrollWidth > el.clientWidth + 1,
        width: el.getBoundingClientRect().width,
      }))
    assert.isFalse(shown.cut)
    assert.isAbove(shown.width, 100)
    await screenshot(phone.page, 'support-queues-390')
    await phone.context.close()

    const { page, context, errors, requests } = await openPage(browser, DESKTOP)
    const consoleErrors: string[] = []
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()))
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/queues')
    await page.click('[data-testid=add-queue]')
    await page.locator('input[name=name]').waitFor()
    await page.click('[data-testid=queue-tab-chatbot]')
    await page.waitForTimeout(800)
    await screenshot(page, 'support-queue-dialog')
    assert.include(requests, '/modules')
    assert.deepEqual(moduleNoise(requests), [])
    assert.deepEqual(
      consoleErrors.filter((e) => e.includes('404')),
      []
    )
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('a session that gave up: the QR dialog and the health panel show the state, the last error and retry', async ({
    assert,
  }) => {
    const { admin, company } = await createTenant()
    const row = await tenancy.run(company.id, () =>
      Whatsapp.create({
        name: `Recepção ${uid()}`,
        channel: 'whatsapp',
        status: 'qrcode',
        qrcode: '2@WAITING-CODE,abc',
      } as any)
    )
    /** the session's state as the connections module publishes it */
    const publish = async (patch: Record<string, unknown>, health?: Record<string, unknown>) => {
      if (health)
        await db
          .table('connection_health')
          .insert({ whatsapp_id: row.id, company_id: company.id, ...health })
          .onConflict('whatsapp_id')
          .merge()
      await tenancy.run(company.id, async () => {
        const w = await Whatsapp.findOrFail(row.id)
        w.merge(patch as any)
        await w.save()
        await w.load('queues')
        const [out] = await present([w], { admin: true })
        await connectionEvents.updated(company.id, out)
      })
    }

    const { page, context, errors } = await openPage(browser, DESKTOP)
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/connections')
    await page.click(`[data-testid=show-qr-${row.id}]`)
    await page.locator('[data-testid=qr-code][data-value="2@WAITING-CODE,abc"]').waitFor()
    await page.waitForTimeout(800)

    // the session stops answering after 8 reconnects: TIMEOUT, with its last error
    await publish(
      { status: 'TIMEOUT', qrcode: '' },
      { reconnect_count: 8, last_error: '408 Connection Terminated', last_disconnected_at: new Date() }
    )
    const gaveUp = page.locator('[data-testid=qr-gave-up][data-status=TIMEOUT]')
    await gaveUp.waitFor()
    assert.include(await gaveUp.innerText(), 'Sem resposta')
    assert.include(await gaveUp.innerText(), '8 tentativas')
    assert.include(await page.locator('[data-testid=qr-last-error]').innerText(), '408 Connection Terminated')
    await screenshot(page, 'support-qr-timeout-desktop')

    // retry asks for a new code: the session starts again and its QR shows
    const before = fake.wa.sockets.length
    await page.click('[data-testid=qr-retry]')
    await waitFor(async () => fake.wa.sockets.length > before)
    await new Promise((r) => setTimeout(r, 700))
    fake.wa.last.qr('2@AFTER-RETRY,def')
    await page.locator('[data-testid=qr-code][data-value="2@AFTER-RETRY,def"]').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click()
    await fake.stop()

    // the health panel of a TIMEOUT session names the state and the last error, and offers a retry
    await publish({ status: 'TIMEOUT', qrcode: '' }, { reconnect_count: 8, last_error: '408 Connection Terminated' })
    await page.locator(`[data-testid=status-${row.id}][data-status=TIMEOUT]`).waitFor()
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size)
      await page.click(`[data-testid=health-${row.id}]`)
      const panel = page.locator(`[data-testid=health-panel-${row.id}]`)
      await panel.waitFor()
      assert.equal(await panel.locator(`[data-testid=health-state-${row.id}]`).innerText(), 'Sem resposta')
      assert.equal(await panel.locator(`[data-testid=health-error-${row.id}]`).innerText(), '408 Connection Terminated')
      await panel.locator(`[data-testid=health-retry-${row.id}]`).waitFor()
      await screenshot(page, `support-health-panel-${size.width}`)
      await page.keyboard.press('Escape')
      await panel.waitFor({ state: 'detached' })
    }
    // with no error recorded, the panel says so rather than '—'
    await db.from('connection_health').where('whatsapp_id', row.id).update({ last_error: null })
    await publish({ status: 'TIMEOUT', qrcode: '' })
    await page.reload()
    await page.click(`[data-testid=health-${row.id}]`)
    assert.equal(
      await page.locator(`[data-testid=health-error-${row.id}]`).innerText(),
      'Nenhum erro informado pela sessão'
    )
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('the QR dialog on a phone, after the codes went unread', async ({ assert }) => {
    const { admin, company } = await createTenant()
    const row = await createConnection(company, { channel: 'whatsapp', status: 'qrcode', qrcode: '2@PHONE,abc' } as any)
    const { page, context, errors } = await openPage(browser, PHONE)
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/connections')
    await page.click(`[data-testid=show-qr-${row.id}]`)
    await page.locator('[data-testid=qr-code]').waitFor()
    await page.waitForTimeout(800)
    await tenancy.run(company.id, async () => {
      const w = await Whatsapp.findOrFail(row.id)
      w.merge({ status: 'DISCONNECTED', qrcode: '' } as any)
      await w.save()
      await w.load('queues')
      const [out] = await present([w], { admin: true })
      await connectionEvents.updated(company.id, out)
    })
    const gaveUp = page.locator('[data-testid=qr-gave-up][data-status=DISCONNECTED]')
    await gaveUp.waitFor()
    assert.include(await gaveUp.innerText(), 'O código não foi lido a tempo')
    await page.locator('[data-testid=qr-retry]').waitFor()
    await screenshot(page, 'support-qr-expired-phone')
    assert.deepEqual(errors, [])
    await context.close()
  })
})
