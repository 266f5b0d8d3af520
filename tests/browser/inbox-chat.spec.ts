import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import { chromium, type Browser, type Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD, uid } from '#tests/helpers/world'
import {
  createConnection,
  ingest,
  inboxWorld,
  message,
  rand,
  startWorkers,
  waitFor,
  waitProcessed,
  type InboxWorld,
} from '#tests/helpers/inbox'
import { BASE_URL, launchBrowser, openPage, screenshot, signIn } from './support.js'

/** The outside system behind an API-channel connection (loopback only): records every callback. */
async function receiver() {
  const bodies: string[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      bodies.push(body)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: `ext-${uid()}` }))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as any).port
  return { bodies, url: `http://127.0.0.1:${port}/hook`, close: () => new Promise((r) => server.close(r)) }
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

/** An API-channel ticket whose callback is a local receiver, opened and assigned to the admin through the API. */
async function chatWorld() {
  await startWorkers()
  const w: InboxWorld = await inboxWorld()
  const rx = await receiver()
  const conn = await createConnection(w.company, {
    settings: { secret: 'a-long-shared-secret-for-chat', callbackUrl: rx.url },
  } as any)
  await db.table('whatsapp_queues').insert({ whatsapp_id: conn.id, queue_id: w.queue.id })
  const number = rand()
  await ingest(w, message(conn.id, number, 'Olá, preciso de ajuda com meu pedido'))
  await waitProcessed(w.company.id)
  const row = await db.from('tickets').where({ company_id: w.company.id, whatsapp_id: conn.id }).firstOrFail()
  await apiCall(w.adminToken, 'PUT', `/tickets/${row.id}`, { status: 'open', userId: w.admin.id, queueId: w.queue.id })
  return { w, rx, conn, number, ticket: row as { id: number; uuid: string; contact_id: number } }
}

async function openChat(page: Page, uuid: string) {
  await page.goto(`/tickets/${uuid}`)
  await page.locator('[data-testid=chat-page]').waitFor()
  await page.locator('[data-testid=message]').first().waitFor()
}

test.group('browser · inbox chat', (group) => {
  group.each.timeout(120_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('a reply typed with Enter reaches the channel; "/" fills a quick reply; a private note stays inside', async ({
    assert,
  }) => {
    const { w, rx, ticket } = await chatWorld()
    try {
      const shortcode = `preco${uid()}`
      await apiCall(w.adminToken, 'POST', '/quick-messages', {
        shortcode,
        message: 'Nossos preços estão na tabela enviada por e-mail.',
      })
      const { page, context, errors } = await openPage(browser)
      await signIn(page, w.admin.email, PASSWORD)
      await openChat(page, ticket.uuid)
      assert.include(await page.locator('[data-testid=message-list]').innerText(), 'preciso de ajuda com meu pedido')
      assert.include(await page.locator('[data-testid=chat-header]').innerText(), `#${ticket.id}`)

      // quick reply on a leading "/"
      const input = page.locator('[data-testid=message-input] textarea, textarea[data-testid=message-input]').first()
      await input.fill(`/${shortcode.slice(0, 6)}`)
      await page.locator('[data-testid=quick-reply-option]', { hasText: shortcode }).click()
      assert.equal(await input.inputValue(), 'Nossos preços estão na tabela enviada por e-mail.')

      // empty text is not sent
      await input.fill('   ')
      await input.press('Enter')

      // Enter sends; the reply shows in the chat and reaches the receiver
      const reply = `Claro! Qual o número do pedido? ${uid()}`
      await input.fill(reply)
      await input.press('Enter')
      await page.locator('[data-testid=message]', { hasText: reply }).waitFor()
      assert.equal(await input.inputValue(), '')
      await waitFor(async () => rx.bodies.some((b) => JSON.parse(b).body?.includes(reply)), 20000)
      assert.equal(
        (await db.from('messages').where({ ticket_id: ticket.id, from_me: true }).whereLike('body', `%${reply}%`))
          .length,
        1
      )

      // a private note is styled apart and never reaches the receiver
      await page.click('[data-testid=private-toggle]')
      const note = `nota interna ${uid()}`
      await input.fill(note)
      await input.press('Enter')
      const bubble = page.locator('[data-testid=message][data-private=true]', { hasText: note })
      await bubble.waitFor()
      const plain = page.locator('[data-testid=message]', { hasText: reply }).locator('div').first()
      const noteBg = await bubble
        .locator('div')
        .first()
        .evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor)
      const replyBg = await plain.evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor)
      assert.notEqual(noteBg, replyBg)
      const row = await db.from('messages').where({ ticket_id: ticket.id }).whereLike('body', `%${note}%`).firstOrFail()
      assert.isTrue(row.is_private)
      await page.click('[data-testid=private-toggle]')
      // a later public message is delivered, and the note still is not
      const after = `Mais alguma dúvida? ${uid()}`
      await input.fill(after)
      await input.press('Enter')
      await waitFor(async () => rx.bodies.some((b) => JSON.parse(b).body?.includes(after)), 20000)
      assert.isFalse(rx.bodies.some((b) => b.includes(note)))

      // the contact drawer: add a note
      await page.click('[data-testid=chat-header]')
      await page.locator('[data-testid=add-note]').waitFor()
      await page.fill('textarea[name=note]', 'Cliente prefere contato à tarde')
      await page.click('[data-testid=add-note]')
      await page.locator('[data-testid=note]', { hasText: 'Cliente prefere contato à tarde' }).waitFor()
      await screenshot(page, 'inbox-chat-drawer')
      await page.click('[data-testid=close-drawer]')
      await page.locator('[data-testid=add-note]').waitFor({ state: 'detached' })

      await screenshot(page, 'inbox-chat-light')
      // the note's toast sits over the header's menu button on a loaded machine: let it go
      await page
        .locator('[data-testid=toast-success]')
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 })
        .catch(() => {})

      // PDF export: the conversation is laid out in a print frame (the browser's print-to-PDF)
      await page.click('[data-testid=ticket-more]')
      await page.getByRole('menuitem', { name: 'Exportar PDF' }).click()
      const printed = await page.waitForFunction(() => {
        const frame = (globalThis as any).document.querySelector('iframe[aria-hidden=true]')
        return frame?.contentDocument?.body?.innerText || false
      })
      const printedText = String(await printed.jsonValue())
      assert.include(printedText, reply)
      assert.include(printedText, 'preciso de ajuda com meu pedido')
      assert.deepEqual(errors, [])
      await context.close()

      const dark = await openPage(browser, { colorScheme: 'dark' })
      await signIn(dark.page, w.admin.email, PASSWORD)
      await openChat(dark.page, ticket.uuid)
      await dark.page.locator('[data-testid=message]', { hasText: after }).waitFor()
      await screenshot(dark.page, 'inbox-chat-dark')
      await dark.context.close()
    } finally {
      await rx.close()
    }
  })

  test('older messages load when scrolled to the top, keeping the reading position', async ({ assert }) => {
    const { w, rx, conn, ticket } = await chatWorld()
    await rx.close()
    // 45 earlier messages over the past days (plus the inbound one): three pages of 20
    const start = Date.now() - 3 * 86400000
    await db.table('messages').multiInsert(
      Array.from({ length: 45 }, (_, i) => ({
        company_id: w.company.id,
        ticket_id: ticket.id,
        contact_id: ticket.contact_id,
        whatsapp_id: conn.id,
        queue_id: w.queue.id,
        wid: `old-${uid()}-${i}`,
        body: `Mensagem antiga ${String(i).padStart(2, '0')}`,
        from_me: i % 3 === 0,
        ack: i % 6,
        read: true,
        created_at: new Date(start + i * 3600000),
        updated_at: new Date(start + i * 3600000),
      }))
    )
    const { page, context, requests } = await openPage(browser)
    await signIn(page, w.admin.email, PASSWORD)
    await openChat(page, ticket.uuid)
    const list = page.locator('[data-testid=message-list]')
    assert.equal(await page.locator('[data-testid=message]').count(), 20)
    assert.isAbove(await page.locator('[data-testid=day-separator]').count(), 1)
    // the newest page opens scrolled to the end
    assert.isAbove(await list.evaluate((el) => el.scrollTop), 0)

    await list.evaluate((el) => el.scrollTo(0, 0))
    await page.waitForFunction(`document.querySelectorAll('[data-testid=message]').length === 40`)
    // the reader stays on what they were looking at: not thrown back to the top
    assert.isAbove(await list.evaluate((el) => el.scrollTop), 50)
    await list.evaluate((el) => el.scrollTo(0, 0))
    await page.locator('[data-testid=message]', { hasText: 'Mensagem antiga 00' }).waitFor()
    const [{ n }] = await db.from('messages').where('ticket_id', ticket.id).count('* as n')
    assert.equal(await page.locator('[data-testid=message]').count(), Number(n))
    assert.equal(requests.filter((r) => r === `/messages/${ticket.id}`).length, 3)
    await context.close()
  })

  test('reply quotes, edit and delete of own messages, and forwarding two messages 900 ms apart', async ({
    assert,
  }) => {
    const { w, rx, conn, ticket } = await chatWorld()
    try {
      for (const body of ['primeira mensagem', 'segunda mensagem'])
        await apiCall(w.adminToken, 'POST', `/messages/${ticket.id}`, { body, fromMe: true, read: true })
      // another contact to forward to
      const other = rand()
      await ingest(w, message(conn.id, other, 'sou outro contato'))
      await waitProcessed(w.company.id)

      const { page, context, errors } = await openPage(browser)
      await signIn(page, w.admin.email, PASSWORD)
      await openChat(page, ticket.uuid)
      const bubble = (text: string) => page.locator('[data-testid=message]', { hasText: text }).first()
      const act = async (text: string, item: string) => {
        await bubble(text).locator('[data-testid=message-menu]').click()
        await page.getByRole('menuitem', { name: item }).click()
      }
      const input = page.locator('textarea[data-testid=message-input]')

      // reply: the new message carries the quoted one
      await act('preciso de ajuda', 'Responder')
      await page.locator('[data-testid=reply-preview]').waitFor()
      await input.fill('Pode me passar o número?')
      await input.press('Enter')
      await bubble('Pode me passar o número?').locator('[data-testid=quoted-message]').waitFor()
      assert.include(await bubble('Pode me passar o número?').innerText(), 'preciso de ajuda')

      // edit an own message
      await act('primeira mensagem', 'Editar')
      await page.fill('[data-testid=edit-message-input]', 'primeira mensagem (corrigida)')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await bubble('primeira mensagem (corrigida)').locator('[data-testid=edited-mark]').waitFor()

      // delete an own message
      await act('segunda mensagem', 'Apagar')
      await page.getByRole('button', { name: 'Sim' }).click()
      await bubble('segunda mensagem').locator('[data-testid=deleted-mark]').waitFor()

      // forward two messages to the other contact
      await act('primeira mensagem (corrigida)', 'Encaminhar')
      await page.locator('[data-testid=select-bar]').waitFor()
      await bubble('Pode me passar o número?').locator('input[data-testid=select-message]').check()
      await page.locator('[data-testid=select-bar]').getByRole('button', { name: 'Encaminhar' }).click()
      await page.fill('[data-testid=contact-search] input, input[data-testid=contact-search]', other.slice(-8))
      await page.locator('[data-testid=contact-option]', { hasText: other }).click()
      await page.locator('[data-testid=forward-dialog]').getByRole('button', { name: 'Encaminhar' }).click()
      await page.locator('[data-testid=forward-dialog]').waitFor({ state: 'detached' })
      const forwarded = await db.from('messages').where({ company_id: w.company.id, is_forwarded: true }).orderBy('id')
      assert.lengthOf(forwarded, 2)
      assert.include(forwarded[0].body, 'primeira mensagem (corrigida)')
      assert.include(forwarded[1].body, 'Pode me passar o número?')
      const gap = new Date(forwarded[1].created_at).getTime() - new Date(forwarded[0].created_at).getTime()
      assert.isAtLeast(gap, 850)

      // an attachment goes through the preview with a caption (multipart)
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64'
      )
      await page.setInputFiles('[data-testid=file-input]', { name: 'foto.png', mimeType: 'image/png', buffer: png })
      await page.locator('[data-testid=media-preview-item]').waitFor()
      await page.locator('[data-testid=media-preview] textarea').fill('Foto do produto')
      await page.click('[data-testid=media-send]')
      await page.locator('[data-testid=media-preview]').waitFor({ state: 'detached' })
      await bubble('Foto do produto').locator('img').waitFor()
      const media = await db.from('messages').where({ ticket_id: ticket.id, media_type: 'image' }).firstOrFail()
      assert.include(media.body, 'Foto do produto')
      assert.deepEqual(errors, [])
      await context.close()
    } finally {
      await rx.close()
    }
  })

  test('voice notes: a short one is discarded, a longer one is sent; the camera captures a photo', async ({
    assert,
  }) => {
    // a browser with a fake microphone and camera that grants permission by itself
    const media = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    })
    const { w, rx, ticket } = await chatWorld()
    try {
      const { page, errors } = await openPage(media)
      await signIn(page, w.admin.email, PASSWORD)
      await openChat(page, ticket.uuid)
      const record = page.getByRole('button', { name: 'Gravar áudio' })

      // under 10000 bytes: discarded with a notice, nothing sent
      await record.click()
      await page.locator('[data-testid=recording]').waitFor()
      await page.getByRole('button', { name: 'Enviar áudio' }).click()
      await page.getByTestId('toast-warning').getByText('Áudio muito curto, descartado.').waitFor()
      assert.lengthOf(await db.from('messages').where({ ticket_id: ticket.id, media_type: 'audio' }), 0)

      // cancel drops the recording
      await record.click()
      await page.waitForTimeout(1500)
      await page.getByRole('button', { name: 'Cancelar gravação' }).click()
      await page.locator('[data-testid=recording]').waitFor({ state: 'detached' })

      // a longer one is sent as audio
      await record.click()
      await page.waitForTimeout(3000)
      await page.getByRole('button', { name: 'Enviar áudio' }).click()
      await page.locator('[data-testid=audio-player]').waitFor()
      const audio = await db.from('messages').where({ ticket_id: ticket.id, media_type: 'audio' })
      assert.lengthOf(audio, 1)

      // camera: preview, capture, caption, send
      await page.getByRole('button', { name: 'Câmera' }).click()
      const capture = page.locator('[data-testid=camera-dialog]').getByRole('button', { name: 'Capturar' })
      await page.waitForFunction(() => {
        const v = (globalThis as any).document.querySelector('[data-testid=camera-dialog] video')
        return v && v.videoWidth > 0
      })
      await capture.click()
      await page.locator('[data-testid=media-preview-item]').waitFor()
      await page.locator('[data-testid=media-preview] textarea').fill('Foto da câmera')
      await page.click('[data-testid=media-send]')
      await page.locator('[data-testid=message]', { hasText: 'Foto da câmera' }).locator('img').waitFor()
      assert.deepEqual(errors, [])
    } finally {
      await rx.close()
      await media.close()
    }
  })
})
