import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import db from '@adonisjs/lucid/services/db'
import { PASSWORD, createTenant } from '#tests/helpers/world'
import { startWorkers, waitFor } from '#tests/helpers/inbox'
import { startFakeImap, type FakeImap } from '#channels/email/tests/fake_imap'
import { startFakeSmtp, type FakeSmtp } from '#channels/email/tests/fake_smtp'
import { htmlMail } from '#channels/email/tests/mails'
import { closeAllSessions } from '#channels/email/session'
import { numberOf } from '#channels/email/state'
import { launchBrowser, openPage, screenshot, signIn } from './support.js'

/** screenshots go where the suite's others go, or to SCREENSHOT_DIR when set */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400)
  const dir = process.env.SCREENSHOT_DIR
  if (!dir) return screenshot(page, `email-${name}`)
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false })
}

async function choose(page: Page, name: string, label: RegExp) {
  await page.click(`button[name="${name}"]`)
  await page.getByRole('option', { name: label }).click()
}

test.group('browser · E-mail', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  let imap: FakeImap
  let smtp: FakeSmtp
  const previous = process.env.EMAIL_SESSIONS
  group.setup(async () => {
    browser = await launchBrowser()
    imap = await startFakeImap()
    smtp = await startFakeSmtp()
    // the dialog's save starts the mailbox session in this (the server's) process
    process.env.EMAIL_SESSIONS = 'on'
    await startWorkers()
    return async () => {
      await closeAllSessions()
      if (previous === undefined) delete process.env.EMAIL_SESSIONS
      else process.env.EMAIL_SESSIONS = previous
      await imap.close()
      await smtp.close()
      await browser.close()
    }
  })

  test('an admin connects a mailbox in the connections screen, a mail arrives, the reply goes out threaded', async ({
    assert,
  }) => {
    const { admin, company } = await createTenant()
    const user = `contato${Date.now().toString(36)}@loja.test`
    imap.user(user, 'senha-certa-1')
    smtp.user(user, 'senha-certa-1')

    const { page, errors } = await openPage(browser, { width: 390, height: 844 })
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/connections')
    await page.click('[data-testid=add-connection]')
    await page.click('[data-testid=add-email]')
    await page.locator('input[name=name]').waitFor()
    await page.fill('input[name=name]', 'Contato da loja')
    await page.click('[data-testid=tab-channel]')
    await page.locator('[data-testid=channel-settings]').waitFor()
    const fill = async (values: Record<string, string>) => {
      for (const [k, v] of Object.entries(values)) await page.fill(`input[name="settings.${k}"]`, v)
    }
    await fill({
      fromAddress: user,
      fromName: 'Loja Exemplo',
      imapHost: '127.0.0.1',
      imapPort: String(imap.port),
      imapUser: user,
      imapPassword: 'senha-errada',
      smtpHost: '127.0.0.1',
      smtpPort: String(smtp.port),
      signature: 'Equipe Loja Exemplo',
    })
    await choose(page, 'settings.imapSecurity', /Sem criptografia|No encryption|Sin cifrado/)
    await choose(page, 'settings.smtpSecurity', /Sem criptografia|No encryption|Sin cifrado/)
    // a password the server refuses comes back on its field, with the channel's text
    await page.click('button[type=submit]')
    const refusal = page.locator('[role=dialog]', {
      hasText: /recusou o usuário ou a senha|refused the user or password|rechazó el usuario/,
    })
    await refusal.first().waitFor()
    await shot(page, 'connection-dialog-refused-390')
    await fill({ imapPassword: 'senha-certa-1' })
    await shot(page, 'connection-dialog-390')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.locator('input[name="settings.fromAddress"]').scrollIntoViewIfNeeded()
    await shot(page, 'connection-dialog-1440')
    await page.click('button[type=submit]')
    await page.locator('[role=dialog]').waitFor({ state: 'detached' })
    await page.getByRole('cell', { name: 'Contato da loja', exact: true }).waitFor()
    // the session opened while the dialog saved: the row says so (live, or after a reload)
    const connected = page.getByRole('row', { name: /Contato da loja/ }).getByText(/^(Conectado|Connected|Conectada)$/)
    await connected.waitFor({ timeout: 5000 }).catch(async () => {
      await page.reload()
      await connected.waitFor()
    })
    await shot(page, 'connections-1440')

    const conn = await db.from('whatsapps').where({ company_id: company.id, channel: 'email' }).firstOrFail()
    await waitFor(async () => {
      const row = await db.from('email_mailboxes').where('whatsapp_id', conn.id).first()
      return row && row.last_uid !== null
    }, 20000)

    const mail = htmlMail({
      from: 'Carla Mendes <carla@cliente.test>',
      to: user,
      subject: 'Horário de sábado',
      html: '<p>Vocês abrem <b>sábado</b>?</p><script>alert(1)</script><img src="https://tracker.test/p.gif">',
    })
    imap.deliver(user, mail.source)
    const ticket = await waitFor(async () => {
      const c = await db
        .from('contacts')
        .where({ company_id: company.id, number: numberOf('carla@cliente.test') })
        .first()
      return c ? db.from('tickets').where({ company_id: company.id, contact_id: c.id }).first() : null
    }, 20000)
    await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: admin.id })

    await page.goto(`/tickets/${ticket.uuid}`)
    await page.locator('[data-testid=message]', { hasText: 'Vocês abrem sábado?' }).waitFor()
    const input = page.locator('[data-testid=message-input] textarea, textarea[data-testid=message-input]').first()
    await input.fill('Abrimos sim, das 9h às 13h.')
    await input.press('Enter')
    await page.locator('[data-testid=message]', { hasText: 'Abrimos sim' }).waitFor()
    const sent = await waitFor(async () => smtp.received.find((m) => m.parsed.text?.includes('Abrimos sim')), 20000)
    assert.deepEqual(sent.to, ['carla@cliente.test'])
    assert.equal(sent.parsed.inReplyTo, mail.id)
    assert.equal(sent.parsed.subject, 'Re: Horário de sábado')
    assert.include(sent.parsed.text ?? '', 'Equipe Loja Exemplo')
    assert.notInclude(await page.content(), 'tracker.test')
    await shot(page, 'ticket-1440')
    await page.setViewportSize({ width: 390, height: 844 })
    await shot(page, 'ticket-390')
    assert.deepEqual(errors, [])
  })
})
