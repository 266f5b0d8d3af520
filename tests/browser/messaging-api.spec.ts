import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD, createTenant } from '#tests/helpers/world'
import { createConnection, ingest, message, startWorkers, waitFor } from '#tests/helpers/inbox'
import { launchBrowser, openPage, screenshot, signIn } from './support.js'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

/** The outside system behind the API channel's connection (loopback only): records what the channel delivers. */
async function channelReceiver() {
  const bodies: any[] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      bodies.push(JSON.parse(raw || '{}'))
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: `ext-${bodies.length}` }))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as any).port
  return { bodies, url: `http://127.0.0.1:${port}/callback`, close: () => new Promise((r) => server.close(r)) }
}

/** Keeps a copy of the screenshot where the reviewers look at them (outside the repo). */
async function shot(page: any, name: string) {
  await screenshot(page, name)
  const dir = process.env.SCREENSHOT_COPY_DIR
  if (dir) {
    mkdirSync(dir, { recursive: true })
    copyFileSync(app.makePath('artifacts', 'screenshots', `${name}.png`), `${dir}/${name}.png`)
  }
}

test.group('browser · messaging API page', (group) => {
  group.each.timeout(120_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    await startWorkers()
    return () => browser.close()
  })

  test('an admin reads the docs and sends a text and a media through the test forms to the API channel', async ({
    assert,
    cleanup,
  }) => {
    const rx = await channelReceiver()
    cleanup(async () => {
      await rx.close()
    })
    const { admin, company } = await createTenant()
    const conn = await createConnection(company, {
      name: 'Loja API',
      isDefault: true,
      settings: { callbackUrl: rx.url },
    } as any)

    const { page, errors } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/messages-api')
    await page.locator('h1', { hasText: 'API de mensagens' }).waitFor()
    // the docs carry this host and the chosen connection's token in the curl examples,
    // each a region named for screen readers in the reader's language
    const example = page.getByRole('region', { name: 'Exemplo: enviar uma mensagem de texto' })
    await example.waitFor()
    assert.equal(await example.getAttribute('data-testid'), 'curl-doc-text')
    await waitFor(async () => (await example.innerText()).includes(conn.token))
    const curl = await example.innerText()
    assert.include(curl, '/api/messages/send')
    assert.include(curl, `Bearer ${conn.token}`)
    // the examples' made-up values are in the reader's language
    assert.include(curl, '"body":"Olá!"')
    assert.include(curl, 'Idempotency-Key: pedido-123')
    assert.include(await page.locator('[data-testid=curl-doc-media]').innerText(), 'body=Segue o arquivo')
    await shot(page, 'messaging-api-docs-1440')
    // the OpenAPI document, named in the reader's language
    const [doc] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Documento OpenAPI' }).click(),
    ])
    assert.equal(doc.suggestedFilename(), 'api-de-mensagens.openapi.json')
    assert.match(JSON.parse(readFileSync((await doc.path())!, 'utf8')).openapi, /^3\./)

    await page.getByRole('tab', { name: 'Testar envio' }).click()
    // a number with a mask is refused by the form itself
    await page.fill('input[name=textNumber]', '+55 (11) 99999-0000')
    await page.fill('textarea[name=textBody]', 'Olá do formulário de teste')
    await page.getByRole('form', { name: 'Mensagem de texto' }).getByRole('button', { name: 'Enviar' }).click()
    await page.getByText('Somente dígitos (8 a 20)').waitFor()
    await page.fill('input[name=textNumber]', '5511999990000')
    await page.getByRole('form', { name: 'Mensagem de texto' }).getByRole('button', { name: 'Enviar' }).click()
    await page.locator('[data-testid=text-result]', { hasText: 'Mensagem enviada com sucesso' }).waitFor()
    await waitFor(async () => rx.bodies.some((b) => b.body === 'Olá do formulário de teste'))
    const text = rx.bodies.find((b) => b.body === 'Olá do formulário de teste')
    assert.equal(text.to.number, '5511999990000')
    assert.include(await page.locator('[data-testid=curl-text]').innerText(), '5511999990000')

    await page.fill('input[name=mediaNumber]', '5511999990000')
    await page.fill('input[name=mediaBody]', 'Foto do pedido')
    await page.setInputFiles('[data-testid=media-file]', { name: 'pedido.png', mimeType: 'image/png', buffer: PNG })
    await page.getByRole('form', { name: 'Mensagem com mídia' }).getByRole('button', { name: 'Enviar' }).click()
    await page.locator('[data-testid=media-result]', { hasText: 'Mensagem enviada com sucesso' }).waitFor()
    await waitFor(async () => rx.bodies.some((b) => b.mediaType === 'image'))
    const media = rx.bodies.find((b) => b.mediaType === 'image')
    assert.equal(media.body, 'Foto do pedido')
    assert.equal(media.kind, 'media')
    await shot(page, 'messaging-api-test-1440')

    // the day's counters
    await page.getByRole('tab', { name: 'Uso' }).click()
    await page.locator('[data-testid=usage-sentCount]', { hasText: '2' }).waitFor()
    await shot(page, 'messaging-api-usage-1440')
    assert.deepEqual(errors, [])
  })

  test('the page on a phone, and an error answer shown from the server', async ({ assert, cleanup }) => {
    const rx = await channelReceiver()
    cleanup(async () => {
      await rx.close()
    })
    const { admin, company } = await createTenant()
    await createConnection(company, { name: 'Loja API', isDefault: true, settings: { callbackUrl: rx.url } } as any)
    const { page } = await openPage(browser, { width: 390, height: 844 })
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/messages-api')
    await page.locator('h1', { hasText: 'API de mensagens' }).waitFor()
    await shot(page, 'messaging-api-docs-390')
    // in English and Spanish the examples' made-up values are too
    for (const [language, title, body, key, caption, file] of [
      ['en', 'Messaging API', '"body":"Hello!"', 'order-123', 'body=Here is the file', 'medias=@file.pdf'],
      ['es', 'API de mensajes', '"body":"¡Hola!"', 'pedido-123', 'body=Aquí está el archivo', 'medias=@archivo.pdf'],
    ]) {
      await page.evaluate(`localStorage.setItem('language', '${language}')`)
      await page.reload()
      await page.locator('h1', { hasText: title }).waitFor()
      const text = await page
        .getByRole('region', {
          name: language === 'en' ? 'Example: send a text message' : 'Ejemplo: enviar un mensaje de texto',
        })
        .innerText()
      assert.include(text, body)
      assert.include(text, `Idempotency-Key: ${key}`)
      const media = await page.locator('[data-testid=curl-doc-media]').innerText()
      assert.include(media, caption)
      assert.include(media, file)
    }
    await page.locator('[data-testid=curl-doc-media]').scrollIntoViewIfNeeded()
    await shot(page, 'messaging-api-docs-es-390')
    await page.evaluate(`localStorage.setItem('language', 'pt')`)
    await page.reload()
    await page.locator('h1', { hasText: 'API de mensagens' }).waitFor()
    await page.getByRole('tab', { name: 'Testar envio' }).click()
    await page.fill('input[name=mediaNumber]', '5511999990000')
    // a file whose content is not what its name says: the server refuses it
    await page.setInputFiles('[data-testid=media-file]', {
      name: 'falso.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    })
    await page.getByRole('form', { name: 'Mensagem com mídia' }).getByRole('button', { name: 'Enviar' }).click()
    await page.locator('[data-testid=media-result]', { hasText: 'ERR_API_MEDIA_TYPE' }).waitFor()
    await shot(page, 'messaging-api-test-390')
  })

  test('an admin registers a webhook, keeps its secret and reads the delivery log', async ({ assert, cleanup }) => {
    const rx = await channelReceiver()
    cleanup(async () => {
      await rx.close()
    })
    const { admin, company } = await createTenant()
    const conn = await createConnection(company, { name: 'Loja API', isDefault: true } as any)
    const { page, errors } = await openPage(browser, { width: 1440, height: 900 })
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/messages-api')
    await page.getByRole('tab', { name: 'Webhooks' }).click()
    await page.getByRole('button', { name: 'Novo webhook' }).click()
    await page.fill('input[name=url]', rx.url)
    await page.getByRole('checkbox', { name: 'Ticket fechado' }).check()
    await page.locator('[role=dialog] button[type=submit]').click()
    const secret = page.locator('[data-testid=webhook-secret]')
    await secret.waitFor()
    assert.match(await secret.innerText(), /^whsec_/)
    const saved = await db.from('messaging_api_webhooks').where('company_id', company.id).firstOrFail()
    assert.sameMembers(saved.events, ['message.received', 'ticket.closed'])
    await shot(page, 'messaging-api-webhook-secret-1440')
    await page.getByRole('button', { name: 'Fechar' }).click()

    await ingest({ company }, message(conn.id, '5511988887777', 'Quero falar com alguém'))
    await waitFor(async () => rx.bodies.some((b) => b.event === 'message.received'))
    const body = rx.bodies.find((b) => b.event === 'message.received')
    assert.equal(body.data.body, 'Quero falar com alguém')
    await page.getByRole('button', { name: 'Entregas' }).first().click()
    await page.getByText('Entregue').first().waitFor()
    await shot(page, 'messaging-api-webhooks-1440')
    assert.deepEqual(errors, [])

    const phone = await openPage(browser, { width: 390, height: 844 })
    await signIn(phone.page, admin.email, PASSWORD)
    await phone.page.goto('/messages-api')
    await phone.page.getByRole('tab', { name: 'Webhooks' }).click()
    await phone.page.getByText(rx.url).waitFor()
    await shot(phone.page, 'messaging-api-webhooks-390')
  })
})
