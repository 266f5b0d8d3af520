/**
 * Issue #15 ("What a support team sees"), the shell, kit and administration
 * items: denials that say what is really missing, tables on a phone, optional
 * fields, the 429 wait, plan-gated top bar parts, live counters, popovers and
 * Escape, the sign-up phone, recurrence, a blocked company's quiet top bar,
 * dialog layouts, e-mails in tables, one read-only style, the admin's name.
 */
import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Company from '#models/company'
import { tenancy } from '#core/tenancy'
import { rateLimiter } from '#services/rate_limiter'
import { PASSWORD, createPlan, createTenant, createUser, superSession, uid } from '#tests/helpers/world'
import { createConnection } from '#tests/helpers/inbox'
import { modules } from '../../core/plugins.js'
import { BASE_URL, SUPER, launchBrowser, openPage, screenshot, signIn } from './support.js'

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }

async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { 'Accept': 'application/json', 'Content-Type': 'application/json', 'Authorization': `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

/** A module manifest added for one test (the server reads the list on every GET /modules). */
async function withModule<T>(manifest: Record<string, unknown>, run: () => Promise<T>) {
  const entry = { folder: `tests/fake/${manifest.name}`, manifest: manifest as any }
  ;(modules as any[]).push(entry)
  try {
    return await run()
  } finally {
    const i = (modules as any[]).indexOf(entry)
    if (i >= 0) (modules as any[]).splice(i, 1)
  }
}

/** The title's count, e.g. 'Usuários (3)' → 3. */
async function titleCount(page: Page) {
  const m = /\((\d+)\)/.exec(await page.locator('h1').first().innerText())
  return m ? Number(m[1]) : null
}

test.group('browser · what a support team sees (shell and administration)', (group) => {
  group.each.timeout(150_000)
  let browser: Browser
  group.setup(async () => {
    browser = await launchBrowser()
    return () => browser.close()
  })

  test('#1 a page that does not exist is not found; a role is not the plan; a plan flag that is off is', async ({
    assert,
  }) => {
    const plan = await createPlan({ useCampaigns: false } as any)
    const { company } = await createTenant({ plan })
    const { user } = await createUser(company)
    const { page, context, errors } = await openPage(browser, DESKTOP)
    await signIn(page, user.email, PASSWORD)

    // a path no module serves: a real not-found page, no plan toast, no redirect
    await page.goto('/relatorio-que-nao-existe')
    await page.locator('[data-testid=not-found]').waitFor()
    assert.include(await page.locator('[data-testid=not-found]').innerText(), 'Página não encontrada')
    await page.waitForTimeout(1300)
    assert.equal(new URL(page.url()).pathname, '/relatorio-que-nao-existe')
    assert.equal(await page.locator('[data-testid=toast-error]').count(), 0)
    await screenshot(page, 'issue15-not-found-desktop')

    // an attendant typing an admin route: their profile's own message, on the page
    await page.goto('/users')
    await page.locator('[data-testid=access-denied]').waitFor()
    const denied = await page.locator('[data-testid=access-denied]').innerText()
    assert.include(denied, 'Seu perfil não tem permissão')
    assert.notInclude(denied, 'Esta empresa')
    await page.waitForTimeout(1300)
    assert.equal(new URL(page.url()).pathname, '/users')
    assert.equal(await page.locator('[data-testid=toast-error]').count(), 0)
    await screenshot(page, 'issue15-profile-denied-desktop')

    // a module whose plan flag is off: the plan's toast and the redirect to /
    await withModule(
      {
        name: 'gated-sample',
        feature: 'useCampaigns',
        menu: [{ path: '/gated-sample', label: 'menu.campaigns', role: 'any' }],
        remote: { name: 'gated-sample', expose: './App', routes: ['/gated-sample'] },
      },
      async () => {
        await page.goto('/gated-sample')
        const toast = page.locator('[data-testid=toast-error]')
        await toast.first().waitFor()
        assert.include(await toast.first().innerText(), 'Esta empresa não possui permissão')
        await page.waitForURL(`${BASE_URL}/`)
      }
    )

    // the not-found page in the other languages
    await page.evaluate(`localStorage.setItem('language', 'en')`)
    await page.goto('/page-that-does-not-exist')
    await page.locator('[data-testid=not-found]', { hasText: 'Page not found' }).waitFor()
    await page.evaluate(`localStorage.setItem('language', 'es')`)
    await page.goto('/pagina-que-no-existe')
    await page.locator('[data-testid=not-found]', { hasText: 'Página no encontrada' }).waitFor()
    assert.deepEqual(errors, [])
    await context.close()

    const phone = await openPage(browser, PHONE)
    await signIn(phone.page, user.email, PASSWORD)
    await phone.page.goto('/dashboard')
    await phone.page.locator('[data-testid=not-found]').waitFor()
    await screenshot(phone.page, 'issue15-not-found-phone')
    // /queues is open to every signed-in user (read-only), /users is the admins'
    await phone.page.goto('/users')
    await phone.page.locator('[data-testid=access-denied]').waitFor()
    await screenshot(phone.page, 'issue15-profile-denied-phone')
    await phone.context.close()
  })

  test('#2 every list page turns its rows into cards on a phone, with the actions in reach', async ({ assert }) => {
    const { admin, adminToken, company } = await createTenant()
    await createUser(company, { name: 'Maria Aparecida dos Santos Oliveira' } as any)
    const contact = await call(adminToken, 'POST', '/contacts', {
      name: 'Joana Prado Vasconcelos',
      number: `55119${String(Date.now()).slice(-8)}`,
      email: `joana-${uid()}@example.test`,
    })
    assert.include([200, 201], contact.status, JSON.stringify(contact.body))
    const quick = await call(adminToken, 'POST', '/quick-messages', {
      shortcode: `ola${uid()}`,
      message: 'Olá! Em que podemos ajudar hoje? Responderemos em poucos minutos.',
    })
    assert.include([200, 201], quick.status, JSON.stringify(quick.body))
    const connection = await createConnection(company, { name: 'Atendimento Principal WhatsApp' } as any)

    const pages: [string, string, string][] = [
      ['/users', 'Usuários', `[data-testid^=edit-user-]`],
      ['/contacts', 'Contatos', `[data-testid=edit-contact-${contact.body.id}]`],
      ['/quick-messages', 'Respostas rápidas', `[data-testid=edit-quick-message-${quick.body.id}]`],
      ['/connections', 'Conexões', `[data-testid=edit-connection-${connection.id}]`],
    ]
    for (const size of [PHONE, DESKTOP]) {
      const { page, context, errors } = await openPage(browser, size)
      await signIn(page, admin.email, PASSWORD)
      for (const [path, title, action] of pages) {
        await page.goto(path)
        await page.locator('h1', { hasText: title }).waitFor()
        await page.locator('[data-testid=data-table-row]').first().waitFor()
        const layout = await page.locator('[data-testid=data-table]').first().getAttribute('data-layout')
        assert.equal(layout, size === PHONE ? 'cards' : 'table', `${path} at ${size.width}`)
        // the row's action is there and inside the screen, without scrolling sideways
        const button = page.locator(action).first()
        await button.waitFor()
        const box = (await button.boundingBox())!
        assert.isAtLeast(box.x, 0, `${path}: action left of the screen`)
        assert.isAtMost(box.x + box.width, size.width, `${path}: action right of the screen`)
        // the page itself never scrolls sideways
        assert.isAtMost(
          Number(await page.evaluate('document.documentElement.scrollWidth')),
          size.width,
          `${path} scrolls sideways`
        )
        if (size === PHONE) {
          // names are read on one or two lines, not one letter per line
          const first = page.locator('[data-testid=data-table-row] [data-column=name]').first()
          if (await first.count()) assert.isAbove((await first.boundingBox())!.width, 150, `${path}: name squeezed`)
          // no header row over the cards (kept, out of sight, for screen readers)
          const head = await page.locator('[data-testid=data-table] thead').first().boundingBox()
          assert.isAtMost(head?.height ?? 0, 1, `${path}: header row shown over the cards`)
        }
        await screenshot(page, `issue15-list${path.replace(/\//g, '-')}-${size === PHONE ? 'phone' : 'desktop'}`)
      }
      assert.deepEqual(errors, [])
      await context.close()
    }
  })

  test('#4 a help is saved without a link; blank optional fields are accepted as no value', async ({ assert }) => {
    const { page, context, errors } = await openPage(browser, DESKTOP)
    await signIn(page, SUPER.email, SUPER.password)
    await page.goto('/settings')
    await page.click('[data-testid=settings-tab-helps]')
    await page.click('[data-testid=add-help]')
    const title = `Primeiros passos ${uid()}`
    await page.fill('input[name=helpTitle]', title)
    const saved = page.waitForResponse((r) => r.url().endsWith('/helps') && r.request().method() === 'POST')
    await page.click('button[type=submit]')
    const res = await saved
    assert.equal(res.status(), 201)
    assert.deepInclude(res.request().postDataJSON(), { link: null, video: null, description: null })
    await page.locator('td', { hasText: title }).waitFor()
    await page.locator('[data-testid=toast-success]').first().waitFor()

    // the server takes '' as absent too, on every optional field of these forms
    const token = await page.evaluate(`localStorage.getItem('token')`)
    const help = await call(String(token), 'POST', '/helps', {
      title: 'Sem link',
      link: '',
      video: '',
      description: '',
    })
    assert.equal(help.status, 201, JSON.stringify(help.body))
    assert.isNull(help.body.link)
    const company = await call(String(token), 'POST', '/companies', {
      name: `Loja ${uid()}`,
      email: `loja-${uid()}@example.test`,
      planId: (await createPlan()).id,
      phone: '',
      document: '',
      paymentMethod: '',
      dueDate: '',
      recurrence: '',
      usersLimit: '',
      password: '',
      adminName: '',
    })
    assert.equal(company.status, 201, JSON.stringify(company.body))
    assert.isNull(company.body.phone)
    const { company: own, adminToken, admin } = await createTenant()
    const user = await call(adminToken, 'PUT', `/users/${admin.id}`, {
      name: admin.name,
      startWork: '',
      endWork: '',
      farewellMessage: '',
      password: '',
      whatsappId: '',
    })
    assert.equal(user.status, 200, JSON.stringify(user.body))
    assert.equal(own.id, user.body.companyId)
    assert.deepEqual(errors, [])
    await context.close()
  })

  test('#5 the sign-in rate limit says how long to wait', async ({ assert }) => {
    const { admin } = await createTenant()
    await rateLimiter.resetAll()
    const { page, context } = await openPage(browser, PHONE)
    await page.goto('/login')
    let status = 0
    for (let i = 0; i < 8 && status !== 429; i++) {
      await page.fill('#email', admin.email)
      await page.fill('#password', `wrong-${i}`)
      const answer = page.waitForResponse((r) => r.url().endsWith('/auth/login'))
      await page.click('button[type=submit]')
      status = (await answer).status()
    }
    assert.equal(status, 429)
    const toast = page.locator('[data-testid=toast-error]', { hasText: 'Muitas tentativas' })
    await toast.waitFor()
    assert.match(await toast.innerText(), /Aguarde \d+ (minutos?|segundos?) e tente novamente/)
    await screenshot(page, 'issue15-login-429-phone')
    await rateLimiter.resetAll()
    await context.close()
  })

  test('#7 the internal chats popover follows the plan: hidden with useInternalChat off', async ({ assert }) => {
    const chat = {
      name: 'chat-sample',
      feature: 'useInternalChat',
      menu: [],
      remote: { name: 'chat-sample', expose: './App', routes: ['/chats'] },
    }
    await withModule(chat, async () => {
      const off = await createTenant({ plan: await createPlan({ useInternalChat: false } as any) })
      const { page, context } = await openPage(browser, DESKTOP)
      await signIn(page, off.admin.email, PASSWORD)
      await page.locator('[data-testid=notifications]').waitFor()
      assert.equal(await page.locator('[data-testid=chats]').count(), 0)
      await screenshot(page, 'issue15-topbar-no-internal-chat')
      await context.close()

      const on = await createTenant({ plan: await createPlan({ useInternalChat: true } as any) })
      const second = await openPage(browser, DESKTOP)
      await signIn(second.page, on.admin.email, PASSWORD)
      await second.page.locator('[data-testid=chats]').waitFor()
      await second.context.close()
    })
    // the chats module (modules/chats) serves /chats: a plan with the flag (its default) shows the popover
    const plain = await createTenant()
    const { page, context } = await openPage(browser, DESKTOP)
    await signIn(page, plain.admin.email, PASSWORD)
    await page.locator('[data-testid=chats]').waitFor()
    await context.close()
  })

  test('#9 the title counters follow creates and deletes', async ({ assert }) => {
    const { admin } = await createTenant()
    const { page, context } = await openPage(browser, DESKTOP)
    await signIn(page, admin.email, PASSWORD)
    await page.goto('/users')
    await page.locator('h1', { hasText: 'Usuários (1)' }).waitFor()
    await page.click('[data-testid=add-user]')
    const email = `novo-${uid()}@example.test`
    await page.fill('input[name=name]', 'Pessoa Nova')
    await page.fill('input[name=email]', email)
    await page.fill('input[name=password]', 'segredo-1')
    await page.click('button[type=submit]')
    await page.locator('h1', { hasText: 'Usuários (2)' }).waitFor()
    const created = await tenancy.run(admin.companyId, () => User.query().where('email', email).firstOrFail())
    await page.click(`[data-testid=delete-user-${created.id}]`)
    await page.locator('[role=dialog] button', { hasText: 'Sim' }).click()
    await page.locator('h1', { hasText: 'Usuários (1)' }).waitFor()
    assert.equal(await titleCount(page), 1)
    await context.close()

    // announcements: created by the super user, the count follows
    const su = await openPage(browser, DESKTOP)
    await signIn(su.page, SUPER.email, SUPER.password)
    await su.page.goto('/announcements')
    await su.page.locator('h1', { hasText: 'Informativos' }).waitFor()
    await su.page.waitForFunction(`/\\(\\d+\\)/.test(document.querySelector('h1').innerText)`)
    const before = (await titleCount(su.page))!
    await su.page.click('[data-testid=add-announcement]')
    await su.page.fill('input[name=title]', `Aviso ${uid()}`)
    await su.page.fill('textarea[name=text]', 'Manutenção programada no sábado.')
    await su.page.click('button[type=submit]')
    await su.page.locator('h1', { hasText: `Informativos (${before + 1})` }).waitFor()
    await su.context.close()
  })

  test('#13 the top-bar popovers close with Escape; each trigger is one focusable button', async ({ assert }) => {
    const { admin } = await createTenant()
    const { page, context } = await openPage(browser, DESKTOP)
    await signIn(page, admin.email, PASSWORD)
    for (const id of ['notifications', 'announcements']) {
      const trigger = page.locator(`[data-testid=${id}]`)
      await trigger.waitFor()
      assert.equal(await trigger.evaluate((el) => el.tagName), 'BUTTON')
      // nothing around it poses as a second button
      assert.isNull(await trigger.evaluate((el) => el.parentElement?.closest('[role=button]')?.outerHTML ?? null))
      await trigger.click()
      await page.locator(`[data-testid=${id}-surface]`).waitFor()
      await screenshot(page, `issue15-popover-${id}-desktop`)
      await page.keyboard.press('Escape')
      await page.locator(`[data-testid=${id}-surface]`).waitFor({ state: 'detached' })
      // and from the keyboard: focus, Enter opens, Escape closes and the focus comes back
      await trigger.focus()
      await page.keyboard.press('Enter')
      await page.locator(`[data-testid=${id}-surface]`).waitFor()
      await page.keyboard.press('Escape')
      await page.locator(`[data-testid=${id}-surface]`).waitFor({ state: 'detached' })
      assert.equal(await page.evaluate(`document.activeElement?.dataset?.testid`), id)
    }
    await context.close()
  })

  test('#14 #17 sign-up takes a Brazilian phone (mask, 12–13 digits) and stores the default recurrence', async ({
    assert,
  }) => {
    await rateLimiter.resetAll()
    const plan = await createPlan({ isPublic: true } as any)
    const { page, context } = await openPage(browser, PHONE)
    await page.goto('/signup')
    await page.waitForSelector('#companyName')
    const companyName = `Mercearia ${uid()}`
    const email = `dona-${uid()}@example.test`
    await page.fill('#companyName', companyName)
    await page.fill('#name', 'Dona Cida')
    await page.fill('#email', email)
    await page.fill('#password', PASSWORD)
    await page.selectOption('#planId', String(plan.id))
    await page.fill('#phone', '12')
    let posted = false
    page.on('request', (r) => r.url().endsWith('/auth/signup') && (posted = true))
    await page.click('button[type=submit]')
    await page.locator('.field-error', { hasText: 'Telefone inválido' }).waitFor()
    assert.isFalse(posted)
    // the mask while typing: +55 comes first, the area code in brackets, the hyphen before the last four
    await page.fill('#phone', '')
    await page.type('#phone', '1198765432')
    assert.equal(await page.inputValue('#phone'), '+55 (11) 9876-5432')
    await page.fill('#phone', '')
    await page.type('#phone', '5511987654321999')
    assert.equal(await page.inputValue('#phone'), '+55 (11) 98765-4321')
    await screenshot(page, 'issue15-signup-phone')
    const landed = page.waitForURL(`${BASE_URL}/login`)
    await page.click('button[type=submit]')
    await landed

    const company = await Company.query().where('name', companyName).firstOrFail()
    assert.equal(company.phone, '5511987654321')
    assert.equal(company.recurrence, 'MENSAL')
    // the server refuses what the browser would not send
    const bad = await fetch(`${BASE_URL}/auth/signup`, {
      method: 'POST',
      headers: { 'Accept': 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Outra',
        companyName: `Outra ${uid()}`,
        email: `o-${uid()}@example.test`,
        password: PASSWORD,
        phone: '12',
        planId: plan.id,
      }),
    })
    assert.equal(bad.status, 422)
    const refusal = (await bad.json()) as { fields: { field: string }[] }
    assert.include(
      refusal.fields.map((f) => f.field),
      'phone'
    )
    await context.close()

    // the companies table says what the dialog says
    const su = await openPage(browser, DESKTOP)
    await signIn(su.page, SUPER.email, SUPER.password)
    await su.page.goto('/companies')
    await su.page.fill('input[role=searchbox], input[type=search]', companyName)
    const recurrence = su.page.locator(`[data-testid=recurrence-${company.id}]`)
    await recurrence.waitFor()
    assert.include(await recurrence.innerText(), 'Mensal')
    await su.page.click(`[data-testid=edit-company-${company.id}]`)
    await su.page.locator('[role=dialog]').waitFor()
    assert.include(await su.page.locator('[role=dialog] [name=recurrence]').innerText(), 'Mensal')
    await su.context.close()
  })

  test('#18 an expired company makes no call its routes refuse (402)', async ({ assert }) => {
    const { admin } = await createTenant({ dueInDays: -2 })
    const { page, context, errors } = await openPage(browser, DESKTOP)
    const refused: string[] = []
    page.on('response', (r) => r.status() === 402 && refused.push(new URL(r.url()).pathname))
    const consoleErrors: string[] = []
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()))
    await signIn(page, admin.email, PASSWORD)
    await page.waitForURL(`${BASE_URL}/financeiro-aberto`)
    await page.locator('[data-testid=expired-banner]').waitFor()
    await page.waitForTimeout(2500)
    // the theme toggle does not try to save the preference either
    await page.click('[data-testid=theme-toggle]')
    await page.waitForTimeout(500)
    assert.deepEqual(refused, [])
    assert.deepEqual(consoleErrors, [])
    assert.equal(await page.locator('[data-testid=notifications]').count(), 0)
    assert.deepEqual(errors, [])
    await screenshot(page, 'issue15-expired-topbar')
    await context.close()
  })

  test('#20 #28 the plan and company dialogs fit a phone; a new company names its admin', async ({ assert }) => {
    for (const size of [PHONE, DESKTOP]) {
      const tag = size === PHONE ? 'phone' : 'desktop'
      const { page, context } = await openPage(browser, size)
      await signIn(page, SUPER.email, SUPER.password)
      await page.goto('/settings')
      await page.click('[data-testid=settings-tab-plans]')
      await page.click('[data-testid=add-plan]')
      const dialog = page.locator('[role=dialog]')
      await dialog.waitFor()
      await page.locator('input[name=planName]').waitFor()
      await screenshot(page, `issue15-plan-dialog-open-${tag}`)
      // nothing runs out of the dialog sideways: every field (Valor too) is inside it
      const surface = (await dialog.boundingBox())!
      for (const input of await dialog.locator('input:not([type=checkbox])').all()) {
        const box = await input.boundingBox()
        if (!box) continue
        assert.isAtMost(box.x + box.width, surface.x + surface.width + 1, `plan dialog field overflows (${tag})`)
      }
      const content = page.locator('[role=dialog] .fui-DialogContent')
      assert.isAtMost(
        await content.evaluate((el) => el.scrollWidth - el.clientWidth),
        0,
        `plan dialog scrolls sideways (${tag})`
      )
      await dialog.locator('input').nth(4).focus()
      await screenshot(page, `issue15-plan-dialog-${tag}`)
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })

      await page.goto('/companies')
      await page.click('[data-testid=add-company]')
      await dialog.waitFor()
      const plan = (await dialog.locator('[name=planId]').boundingBox())!
      const active = (await dialog.locator('input[name=status]').locator('xpath=ancestor::div[1]').boundingBox())!
      const overlap =
        plan.x < active.x + active.width &&
        active.x < plan.x + plan.width &&
        plan.y < active.y + active.height &&
        active.y < plan.y + plan.height
      assert.isFalse(overlap, `plan select overlaps the Active switch (${tag})`)
      await screenshot(page, `issue15-company-dialog-${tag}`)

      if (size === DESKTOP) {
        const name = `Clínica ${uid()}`
        const email = `clinica-${uid()}@example.test`
        await page.fill('input[name=name]', name)
        await page.fill('input[name=email]', email)
        await page.fill('input[name=adminName]', 'Dra. Helena Costa')
        await dialog.locator('[name=planId]').click()
        await page.locator('[role=option]').first().click()
        const saved = page.waitForResponse((r) => r.url().endsWith('/companies') && r.request().method() === 'POST')
        await page.click('button[type=submit]')
        assert.equal((await saved).status(), 201)
        const company = await Company.query().where('name', name).firstOrFail()
        const adminUser = await tenancy.run(company.id, () => User.query().where('email', email).firstOrFail())
        assert.equal(adminUser.name, 'Dra. Helena Costa')
      }
      await context.close()
    }
    // without the field the admin still takes the company's name
    const { token } = await superSession()
    const name = `Oficina ${uid()}`
    const email = `oficina-${uid()}@example.test`
    const created = await call(token, 'POST', '/companies', { name, email, planId: (await createPlan()).id })
    assert.equal(created.status, 201)
    const admin = await tenancy.run(created.body.id, () => User.query().where('email', email).firstOrFail())
    assert.equal(admin.name, name)
  })

  test('#21 the companies table never breaks an e-mail in the middle of a word', async ({ assert }) => {
    const { company } = await createTenant()
    const longEmail = `financeiro-${uid()}@distribuidora-exemplo.test`
    await db.from('companies').where('id', company.id).update({ email: longEmail })
    const { page, context } = await openPage(browser, DESKTOP)
    await signIn(page, SUPER.email, SUPER.password)
    await page.goto('/companies')
    await page.fill('input[role=searchbox], input[type=search]', company.name)
    const cell = page.locator('[data-testid=data-table-row] [data-column=email]').first()
    await cell.locator('span[title]').waitFor()
    await page.waitForFunction(`document.querySelectorAll('[data-testid=data-table-row]').length === 1`, undefined, {
      timeout: 10_000,
    })
    // the address may wrap before the '@' only: each part stays on one line, and inside the cell
    const pieces: { text: string; lines: number }[] = await cell.evaluate((el) => {
      const doc = (globalThis as any).document
      const out: { text: string; lines: number }[] = []
      const walker = doc.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const range = doc.createRange()
        range.selectNodeContents(n)
        const tops = new Set([...range.getClientRects()].map((r: any) => Math.round(r.top)))
        out.push({ text: n.textContent ?? '', lines: tops.size })
      }
      return out
    })
    assert.equal(pieces.map((p) => p.text).join(''), longEmail)
    for (const p of pieces) assert.isAtMost(p.lines, 1, `"${p.text}" is broken inside`)
    assert.isAtMost(await cell.evaluate((el) => el.scrollWidth - el.clientWidth), 0)
    await screenshot(page, 'issue15-companies-desktop')
    await context.close()
  })

  test('#27 an attendant sees every setting in one read-only style', async ({ assert }) => {
    const { company } = await createTenant()
    const { user } = await createUser(company)
    for (const size of [DESKTOP, PHONE]) {
      const { page, context } = await openPage(browser, size)
      await signIn(page, user.email, PASSWORD)
      await page.goto('/settings')
      await page.locator('[data-testid=settings-read-only]').waitFor()
      // nothing looks or acts editable: no text area, input or switch for the settings
      assert.equal(await page.locator('main textarea, main input[type=checkbox], main input[type=text]').count(), 0)
      const switchBox = page.locator('[data-readonly=userRating]')
      const textBox = page.locator('[data-readonly=transferMessage]')
      await switchBox.waitFor()
      await textBox.waitFor()
      assert.equal(await switchBox.getAttribute('aria-readonly'), 'true')
      const style = (l: typeof switchBox) =>
        l.evaluate((el) => {
          const s = (globalThis as any).getComputedStyle(el)
          return [s.backgroundColor, s.borderRadius, s.cursor, s.minHeight, s.paddingLeft].join(' ')
        })
      assert.equal(await style(switchBox), await style(textBox))
      await screenshot(page, `issue15-settings-read-only-${size === PHONE ? 'phone' : 'desktop'}`)
      await context.close()
    }
  })
})
